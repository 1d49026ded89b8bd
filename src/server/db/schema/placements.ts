import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlacementSettings } from '@/domain/placements';
import { organizations } from './auth.js';
import { forms } from './forms.js';

/**
 * A place a published page shows on its owner's own site (domain/placements.ts): a popup, slide-in,
 * bar or inline form, with its trigger and targeting. Deleting the page deletes its placements; its
 * leads keep the placement's id and name (leads.placement_id, leads.placement_name).
 */
export const placements = pgTable(
  'placements',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<PlacementSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('placements_form_idx').on(t.formId, t.createdAt)],
);

/** Daily counts per placement: shown (impressions), form opened, and sign-ups (counted with the lead). */
export const placementDailyStats = pgTable(
  'placement_daily_stats',
  {
    placementId: text('placement_id')
      .notNull()
      .references(() => placements.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    opens: integer('opens').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.placementId, t.day] })],
);
