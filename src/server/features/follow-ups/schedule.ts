import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { followUpDueAt, followUpsOf, type FollowUps, type FollowUpStep } from '@/domain/follow-ups';
import type { FormConfig } from '@/domain/form-config';
import type { Executor } from '@/server/db/client';
import { followUpLeads, followUpSends } from '@/server/db/schema/index';

/** What a lead was sent of its sequence: the steps' ids, and when the last one was queued. */
export interface SentSoFar {
  stepIds: ReadonlySet<string>;
  lastAt: Date | null;
}

/**
 * The lead's next email under `followUps` as it stands: the first step, in the sequence's current
 * order, it was not sent (steps are known by id, so a reordered or edited sequence neither repeats
 * nor skips one), due counted from its last email (or from its start for the first); null when none
 * is left.
 */
export function nextFollowUp(
  followUps: FollowUps,
  sent: SentSoFar,
  startedAt: Date,
): { step: FollowUpStep; position: number; dueAt: Date } | null {
  const index = followUps.steps.findIndex((step) => !sent.stepIds.has(step.id));
  if (index < 0) return null;
  const step = followUps.steps[index]!;
  return { step, position: index + 1, dueAt: followUpDueAt(sent.lastAt ?? startedAt, step, followUps.timeZone) };
}

/** The steps each lead was sent, and when its last one was queued. */
export async function sentSoFar(tx: Executor, leadIds: string[]): Promise<Map<string, SentSoFar>> {
  const sent = new Map<string, { stepIds: Set<string>; lastAt: Date | null }>();
  if (leadIds.length === 0) return sent;
  const rows = await tx
    .select({ leadId: followUpSends.leadId, stepId: followUpSends.stepId, queuedAt: followUpSends.queuedAt })
    .from(followUpSends)
    .where(inArray(followUpSends.leadId, leadIds));
  for (const row of rows) {
    const entry = sent.get(row.leadId) ?? { stepIds: new Set<string>(), lastAt: null };
    entry.stepIds.add(row.stepId);
    if (!entry.lastAt || row.queuedAt > entry.lastAt) entry.lastAt = row.queuedAt;
    sent.set(row.leadId, entry);
  }
  return sent;
}

export const NOTHING_SENT: SentSoFar = { stepIds: new Set(), lastAt: null };

/** Whether a publish changes when or what the page's leads are sent. */
const scheduleOf = (followUps: FollowUps) =>
  JSON.stringify([followUps.timeZone, followUps.steps.map((s) => [s.id, s.delay, s.unit, s.at])]);

const RESCHEDULE_BATCH = 1000;

/**
 * Called in the publish's transaction: when the page's sequence changed in its steps' order or
 * timing, the next due time of each of its leads still on it (not stopped, not finished) is
 * computed again under the new sequence, from its last email (or its start). A step made sooner
 * goes at its new time, one made later waits for it. The sweep checks the time again before it
 * sends, so a publish that races a sweep sends nothing early.
 */
export async function rescheduleFollowUps(
  tx: Executor,
  formId: string,
  before: Pick<FormConfig, 'followUps'> | null,
  after: Pick<FormConfig, 'followUps'>,
): Promise<void> {
  const next = followUpsOf(after);
  if (before && scheduleOf(followUpsOf(before)) === scheduleOf(next)) return;
  let lastLeadId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await tx
      .select({ leadId: followUpLeads.leadId, startedAt: followUpLeads.startedAt, nextDueAt: followUpLeads.nextDueAt })
      .from(followUpLeads)
      .where(
        and(
          eq(followUpLeads.formId, formId),
          isNotNull(followUpLeads.nextDueAt),
          isNull(followUpLeads.stoppedAt),
          sql`${followUpLeads.leadId} > ${lastLeadId}`,
        ),
      )
      .orderBy(followUpLeads.leadId)
      .limit(RESCHEDULE_BATCH);
    if (rows.length === 0) return;
    lastLeadId = rows[rows.length - 1]!.leadId;
    const sent = await sentSoFar(
      tx,
      rows.map((r) => r.leadId),
    );
    const changed = rows.flatMap((row) => {
      const due = nextFollowUp(next, sent.get(row.leadId) ?? NOTHING_SENT, row.startedAt)?.dueAt ?? null;
      return due?.getTime() === row.nextDueAt?.getTime() ? [] : [{ leadId: row.leadId, due }];
    });
    if (changed.length > 0) {
      await tx.execute(sql`update ${followUpLeads} set next_due_at = v.due
        from unnest(${sql.param(changed.map((c) => c.leadId))}::uuid[], ${sql.param(changed.map((c) => c.due?.toISOString() ?? null))}::timestamptz[]) as v(lead_id, due)
        where ${followUpLeads.leadId} = v.lead_id`);
    }
    if (rows.length < RESCHEDULE_BATCH) return;
  }
}
