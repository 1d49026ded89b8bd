import type { Db } from '@/server/db/client';
import type { Tokens } from '@/server/lib/tokens';

/** What the follow-up sequences' sweep, routes and consumer need. */
export interface FollowUpDeps {
  db: Db;
  tokens: Tokens;
  /** PUBLIC_URL's origin: each email's unsubscribe link. */
  publicOrigin: string;
  /** SECRET: the suppression list's keyed hashes (suppression.ts). */
  secret: string;
  /** FOLLOW_UP_SENDS_PER_MINUTE. */
  sendsPerMinute: number;
}

export const followUpDeps = (services: {
  db: Db;
  tokens: Tokens;
  publicOrigin: string;
  config: { secret: string; followUpSendsPerMinute: number };
}): FollowUpDeps => ({
  db: services.db,
  tokens: services.tokens,
  publicOrigin: services.publicOrigin,
  secret: services.config.secret,
  sendsPerMinute: services.config.followUpSendsPerMinute,
});

/** A lead's way out of its workspace's follow-ups, in each of them and in their List-Unsubscribe header. */
export const unsubscribeUrl = (deps: Pick<FollowUpDeps, 'tokens' | 'publicOrigin'>, leadId: string) =>
  `${deps.publicOrigin}/unsubscribe/${deps.tokens.sign('unsubscribe', leadId)}`;
