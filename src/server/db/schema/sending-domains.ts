import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RecordCheck } from '@/domain/custom-domains';
import { DEFAULT_LOCAL_PART, type SendingDomainStatus } from '@/domain/sending-domains';
import { organizations } from './auth.js';

/**
 * A workspace's sending domain (docs/decisions/0089): one per workspace, with the DKIM key made for
 * it. Two workspaces may name the same domain: each has its own key and selector, and only the one
 * whose key the domain's DNS publishes can be verified.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercase, no trailing dot (normaliseHostname). */
    domain: text('domain').notNull(),
    localPart: text('local_part').notNull().default(DEFAULT_LOCAL_PART),
    /** The DKIM selector: new per key, so a key made again never meets the old one in a resolver's cache. */
    selector: text('selector').notNull(),
    /** The public key as the DKIM record's `p=` holds it: base64 of its DER SubjectPublicKeyInfo. */
    publicKey: text('public_key').notNull(),
    /** The private key (PKCS#8 PEM), sealed under SECRET. */
    privateKeySealed: text('private_key_sealed').notNull(),
    status: text('status').$type<SendingDomainStatus>().notNull().default('pending'),
    lastDkim: text('last_dkim').$type<RecordCheck>(),
    lastSpf: text('last_spf').$type<RecordCheck>(),
    /** The domain's SPF record as found at the last check, when it lacked the include: what the owner edits. */
    lastSpfFound: text('last_spf_found'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the records were first found gone; cleared when they come back. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sending_domains_workspace_idx').on(t.workspaceId), index('sending_domains_status_idx').on(t.status)],
);
