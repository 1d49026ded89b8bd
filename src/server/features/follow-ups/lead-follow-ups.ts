import { asc, eq } from 'drizzle-orm';
import { followUpsOf } from '@/domain/follow-ups';
import type { LeadFollowUps } from '@/domain/follow-ups-api';
import type { FormConfig } from '@/domain/form-config';
import type { Executor } from '@/server/db/client';
import { followUpLeads, followUpSends } from '@/server/db/schema/index';
import { followUpOptIn } from './consumer.js';
import { nextFollowUp } from './schedule.js';

/**
 * A lead's follow-ups as its detail shows them: whether it opted in, where its sequence stands under
 * the page's published sequence (`published`), what it was sent (the subject as sent), and what
 * comes next and when.
 */
export async function leadFollowUps(db: Executor, leadId: string, published: FormConfig | null): Promise<LeadFollowUps> {
  const [optedIn, [row], sends] = await Promise.all([
    // What the lead answered on the page: one who opted in and later unsubscribed still did opt in.
    followUpOptIn(db, leadId, { atSignUp: true }),
    db.select().from(followUpLeads).where(eq(followUpLeads.leadId, leadId)),
    db
      .select()
      .from(followUpSends)
      .where(eq(followUpSends.leadId, leadId))
      .orderBy(asc(followUpSends.queuedAt), asc(followUpSends.position)),
  ]);
  const sent = sends.map((s) => ({
    stepId: s.stepId,
    position: s.position,
    subject: s.subject,
    sentAt: s.queuedAt.toISOString(),
  }));
  if (!row) return { optedIn, state: 'none', stoppedBecause: null, sent, next: null };
  if (row.stoppedAt) return { optedIn, state: 'stopped', stoppedBecause: row.stoppedBecause, sent, next: null };
  const followUps = followUpsOf(published ?? {});
  const next =
    row.nextDueAt &&
    nextFollowUp(
      followUps,
      { stepIds: new Set(sends.map((s) => s.stepId)), lastAt: sends.at(-1)?.queuedAt ?? null },
      row.startedAt,
    );
  if (!next) return { optedIn, state: 'finished', stoppedBecause: null, sent, next: null };
  return {
    optedIn,
    state: followUps.paused ? 'paused' : 'active',
    stoppedBecause: null,
    sent,
    next: {
      stepId: next.step.id,
      position: next.position,
      subject: next.step.subject,
      dueAt: (row.nextDueAt ?? next.dueAt).toISOString(),
    },
  };
}
