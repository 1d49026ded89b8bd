import type { Db } from '@/server/db/client';
import { createSealer, type Sealer } from '@/server/lib/sealed';

export interface EmailToolsDeps {
  db: Db;
  /** createSealer(config.secret, 'email-tool-credentials'). */
  sealer: Sealer;
  /** MAILCHIMP_API_URL, with `{dc}` for the key's data centre. */
  mailchimpApiUrl: string;
  /** KIT_API_URL; v4 paths are added to it. */
  kitApiUrl: URL;
}

/** What is sealed in email_tool_accounts.sealed. */
export interface SealedEmailToolKey {
  apiKey: string;
}

/** The connectors' dependencies from the configuration, for the routes and the sync task alike. */
export function emailToolsDeps(config: { secret: string; mailchimpApiUrl: string; kitApiUrl: URL }, db: Db): EmailToolsDeps {
  return {
    db,
    sealer: createSealer(config.secret, 'email-tool-credentials'),
    mailchimpApiUrl: config.mailchimpApiUrl,
    kitApiUrl: config.kitApiUrl,
  };
}
