import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@/domain/api-keys';
import { organizations, users } from './auth.js';

/** A workspace's key to the public API: shown once, kept only as a SHA-256 hash. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in the list (e.g. `lsk_3fA9…`). */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.hash), index('api_keys_workspace_idx').on(t.workspaceId)],
);
