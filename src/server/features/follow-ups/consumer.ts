import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { followUpsOf, mayFollowUp } from '@/domain/follow-ups';
import type { Executor } from '@/server/db/client';
import { events, followUpLeads, forms, leadConsents, leads } from '@/server/db/schema/index';
import type { EventConsumer, EventRow } from '@/server/features/outbox/index';
import { NOTHING_SENT, nextFollowUp } from './schedule.js';
import { isSuppressed } from './suppression.js';

/** Whether the lead ticked the page's follow-up opt-in: its latest answer to it (an unsubscribe records a no). */
export async function followUpOptIn(
  tx: Executor,
  leadId: string,
  { atSignUp = false }: { /** Only what a sign-up answered, not a later unsubscribe. */ atSignUp?: boolean } = {},
): Promise<boolean | null> {
  const [row] = await tx
    .select({ agreed: leadConsents.agreed })
    .from(leadConsents)
    .where(
      and(
        eq(leadConsents.leadId, leadId),
        eq(leadConsents.event, 'follow_ups'),
        atSignUp ? isNotNull(leadConsents.submissionId) : undefined,
      ),
    )
    .orderBy(desc(leadConsents.givenAt), desc(leadConsents.id))
    .limit(1);
  return row ? row.agreed : null;
}

/**
 * A confirmed lead starts the page's follow-up sequence (docs/decisions/0090): `lead.confirmed`
 * comes at the confirmation, at the sign-up on a page without double opt-in, and at a held lead's
 * release. The sequence is the page's current published one (not the version the lead signed up
 * on): it is the one the sweep sends, and an owner who removed the sequence since wants none sent.
 * Only for a lead who may be followed up (it opted in, or the page records another basis) and whose
 * address the workspace has not suppressed. One row per lead: a dispatch that runs again adds nothing.
 */
export const followUpsConsumer = (secret: string): EventConsumer => ({
  mayConsume: sql`${events.type} = 'lead.confirmed'
    and exists (select 1 from ${forms} where ${forms.id} = ${events.formId}
      and jsonb_array_length(coalesce(${forms.published}->'followUps'->'steps', '[]'::jsonb)) > 0)`,
  consume: (tx, event) => startFollowUps(tx, secret, event),
});

async function startFollowUps(tx: Executor, secret: string, event: EventRow) {
  if (event.type !== 'lead.confirmed' || !event.leadId) return;
  const [row] = await tx
    .select({ lead: leads, published: forms.published })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(eq(leads.id, event.leadId), eq(leads.workspaceId, event.workspaceId)));
  if (!row?.published || row.lead.heldAt) return;
  const followUps = followUpsOf(row.published);
  if (!mayFollowUp(followUps, (await followUpOptIn(tx, row.lead.id)) === true)) return;
  if (await isSuppressed(tx, secret, row.lead.workspaceId, row.lead.email)) return;
  const startedAt = event.createdAt;
  const first = nextFollowUp(followUps, NOTHING_SENT, startedAt);
  if (!first) return;
  await tx
    .insert(followUpLeads)
    .values({
      leadId: row.lead.id,
      workspaceId: row.lead.workspaceId,
      formId: row.lead.formId,
      startedAt,
      nextDueAt: first.dueAt,
    })
    .onConflictDoNothing();
}
