import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { CAPTCHA_PROVIDERS } from '@/domain/captcha';
import { organizations } from './auth.js';

/** A workspace's keys for one captcha provider: the site key in the clear (pages show it), the secret sealed. */
export const captchaAccounts = pgTable(
  'captcha_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CAPTCHA_PROVIDERS }).notNull(),
    siteKey: text('site_key').notNull(),
    sealed: text('sealed').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/** Captcha tokens already spent (by hash): each is good for one sign-up, whatever the provider says. */
export const captchaTokensUsed = pgTable('captcha_tokens_used', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
