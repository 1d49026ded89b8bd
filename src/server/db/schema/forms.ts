import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormConfig } from '@/domain/form-config';
import { organizations } from './auth.js';

/**
 * A landing page. `draft` is what the owner edits; visitors see `published` (null until published).
 * A page with `deletedAt` set is in the owner's "Recently deleted" list: no visitor reaches it.
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('inactive'),
    draft: jsonb('draft').$type<FormConfig>().notNull(),
    published: jsonb('published').$type<FormConfig>(),
    publishedVersion: integer('published_version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** How the owner hears of new confirmed leads: an email each, a daily digest, or nothing. */
    ownerNotify: text('owner_notify', { enum: ['each', 'digest', 'off'] })
      .notNull()
      .default('digest'),
    /** Set when the owner deletes the page: it is offline and restorable until the daily purge, 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The owner's choice of the pages they keep editing while the workspace has more pages than its
     * plan allows (after a downgrade): the kept ones first, then the most recently updated, fill the
     * plan's number; the others stay live but cannot be changed (plan-limits/kept-pages.ts).
     */
    keptForEditing: boolean('kept_for_editing').notNull().default(false),
    /**
     * When the published page's A/B test (config.abTest) last started: publishing switches it on or
     * changes what it compares (domain/ab-test.ts). Its results count from then; kept when the test is
     * switched off, so the last test's figures stay readable.
     */
    abTestStartedAt: timestamp('ab_test_started_at', { withTimezone: true }),
    /**
     * The page's friendly path on the workspace's custom domains (`/{slug}`, domain/custom-domains.ts):
     * unique in the workspace among pages not deleted; a restored page whose slug was taken meanwhile loses it.
     */
    slug: text('slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('forms_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('forms_workspace_slug_idx')
      .on(t.workspaceId, t.slug)
      .where(sql`${t.slug} is not null and ${t.deletedAt} is null`),
  ],
);
