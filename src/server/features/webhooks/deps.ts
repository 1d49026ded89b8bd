import { randomBytes } from 'node:crypto';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { createSealer, type Sealer } from '@/server/lib/sealed';

/** What the webhooks' use cases and tasks need. */
export interface WebhookDeps {
  db: Db;
  /** Seals the `whsec_` signing secrets at rest. */
  sealer: Sealer;
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS: deliveries to private addresses allowed (self-hosted installs). */
  allowPrivate: boolean;
  appOrigin: string;
  /** Injectable so tests can jump days. */
  now?: () => Date;
}

export const webhookDeps = (config: Config, db: Db): WebhookDeps => ({
  db,
  sealer: createSealer(config.secret, 'webhook-secrets'),
  allowPrivate: config.webhooksAllowPrivateNetworks,
  appOrigin: config.appUrl.origin,
});

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
