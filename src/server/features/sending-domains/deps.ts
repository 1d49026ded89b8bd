import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { DnsResolver } from '@/server/features/custom-domains/index';
import { createSealer, type Sealer } from '@/server/lib/sealed';
import { senderOf as mailFromSender } from '@/server/lib/mailer';
import { domainSenderOf } from './domain-sender.js';

export interface SendingDomainDeps {
  db: Db;
  resolver: Pick<DnsResolver, 'resolveTxt'>;
  /** Seals and opens the DKIM private keys (its own purpose: a leaked key of another kind opens none of these). */
  sealer: Sealer;
  /** What every sending domain's SPF record must include (MAIL_SPF_INCLUDE). */
  spfInclude: string;
  /** Names no owner may take: APP_URL's, PUBLIC_URL's and MAIL_FROM's domains. */
  ownDomains: readonly string[];
  /** Where the owners' emails link to (APP_URL's origin). */
  appOrigin: string;
  /** The workspace's verified sending domain as the mail task uses it, or null. */
  senderOf: ReturnType<typeof domainSenderOf>;
}

export const dkimKeySealer = (secret: string) => createSealer(secret, 'dkim-keys');

export function sendingDomainDeps(
  config: Pick<Config, 'secret' | 'appUrl' | 'publicUrl' | 'mailFrom' | 'mailSpfInclude'>,
  db: Db,
  resolver: Pick<DnsResolver, 'resolveTxt'>,
): SendingDomainDeps {
  const bare = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const mailDomain = mailFromSender(config.mailFrom).address.split('@').pop()!.toLowerCase();
  const sealer = dkimKeySealer(config.secret);
  return {
    db,
    resolver,
    sealer,
    spfInclude: config.mailSpfInclude,
    ownDomains: [bare(config.appUrl), bare(config.publicUrl), mailDomain],
    appOrigin: config.appUrl.origin,
    senderOf: domainSenderOf(db, sealer),
  };
}
