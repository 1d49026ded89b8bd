import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DomainStatus, RecordCheck } from '@/domain/custom-domains';
import { organizations } from './auth.js';
import { forms } from './forms.js';

/**
 * An owner's domain (docs/decisions/0055). Several workspaces may have the same hostname
 * pending (whoever proves the TXT record first wins it); at most one row per hostname serves
 * ('verified' or 'failing'), which the partial unique index enforces whatever the race.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercase, no trailing dot (normaliseHostname). */
    hostname: text('hostname').notNull(),
    /** Random, per row: the TXT record `lodestone-verify={token}` proves this workspace controls the name. */
    verificationToken: text('verification_token').notNull(),
    status: text('status').$type<DomainStatus>().notNull().default('pending'),
    /** The page served at `/`; null: the root is a 404 page. */
    homeFormId: text('home_form_id').references(() => forms.id, { onDelete: 'set null' }),
    lastTxt: text('last_txt').$type<RecordCheck>(),
    lastCname: text('last_cname').$type<RecordCheck>(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the records were first found gone; cleared when they come back. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_workspace_hostname_idx').on(t.workspaceId, t.hostname),
    uniqueIndex('custom_domains_serving_hostname_idx')
      .on(t.hostname)
      .where(sql`${t.status} in ('verified', 'failing')`),
    index('custom_domains_status_idx').on(t.status),
  ],
);
