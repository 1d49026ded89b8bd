import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';

/**
 * An uploaded logo or cover, stored as WebP at each of `widths` (storage keys derive from id and
 * width: features/images/image-keys.ts, so serving one needs no lookup here). `width` and `height`
 * are the original's, once turned upright. A workspace deleted with its account leaves its images
 * here without one (set null): the daily cleanup removes them with their stored files.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    /** The upload's bytes, as received. */
    size: integer('size').notNull(),
    /** The stored WebP files' bytes, all widths together. */
    storedSize: integer('stored_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_workspace_idx').on(t.workspaceId), index('images_created_idx').on(t.createdAt)],
);
