import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.js';
import { forms } from './forms.js';
import { leads } from './submissions.js';

/** Why a lead's sequence ended before its last email. */
export const FOLLOW_UP_STOPS = ['unsubscribed', 'bounced', 'complained', 'erased', 'withdrawn'] as const;
export type FollowUpStop = (typeof FOLLOW_UP_STOPS)[number];

/**
 * A lead on a page's follow-up sequence (docs/decisions/0090): one row from the confirmation (or
 * the sign-up on a page without double opt-in) of a lead who may be followed up. `nextDueAt` is
 * when its next email falls due under the page's sequence as published (null once there is none
 * left or it was stopped); a publish that changes the sequence recomputes it for leads not yet sent
 * that step. The sweep claims due rows with skip locked.
 */
export const followUpLeads = pgTable(
  'follow_up_leads',
  {
    leadId: uuid('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** The confirmation (or sign-up) the first email's delay counts from. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedBecause: text('stopped_because', { enum: FOLLOW_UP_STOPS }),
  },
  (t) => [
    index('follow_up_leads_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
    index('follow_up_leads_form_idx').on(t.formId),
  ],
);

/**
 * Each follow-up email queued to a lead, once per step (unique): the lead's timeline, the page's
 * counts, and, with the message id rule (mail/deliver-once.ts), what makes a crashed sweep that runs
 * again send nothing twice. Holds the subject as sent, not the body.
 */
export const followUpSends = pgTable(
  'follow_up_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** The step's id (domain/follow-ups.ts), stable across edits and reordering. */
    stepId: text('step_id').notNull(),
    /** Its place in the sequence when sent (1 = first). */
    position: integer('position').notNull(),
    subject: text('subject').notNull(),
    /** The queued email's message id (lead_emails, email_deliveries). */
    messageId: text('message_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follow_up_sends_lead_step_idx').on(t.leadId, t.stepId),
    index('follow_up_sends_form_idx').on(t.formId, t.queuedAt),
  ],
);

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Addresses a workspace sends no more follow-ups to, consulted before every send and kept through
 * re-sign-ups and erasures: only a keyed hash of the address (HMAC under SECRET, per workspace), so
 * an erased person stays unsubscribed without the address being kept.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    /** The page whose email led to it, when known (the page's bounce and complaint rates count it). */
    formId: text('form_id'),
    /** 'link', 'one-click', or the mail provider's name for bounces and complaints. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.emailHash] }), index('email_suppressions_form_idx').on(t.formId)],
);
