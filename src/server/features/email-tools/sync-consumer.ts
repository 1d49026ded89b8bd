import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { emailToolAccounts, formEmailTools, leadSyncs, leads } from '@/server/db/schema/index';
import { addJob } from '@/server/lib/jobs';
import type { EventConsumer } from '@/server/features/outbox/index';

export const SYNC_LEAD_TASK = 'sync_lead_to_email_tool';

export interface SyncLeadPayload {
  leadId: string;
  provider: 'mailchimp' | 'kit';
}

export const syncJobKey = ({ leadId, provider }: SyncLeadPayload) => `email-tool:${provider}:${leadId}`;

export async function queueSync(tx: Executor, payload: SyncLeadPayload, runAt?: Date) {
  await addJob(tx, SYNC_LEAD_TASK, payload, { jobKey: syncJobKey(payload), runAt, maxAttempts: 5 });
}

/**
 * On lead.confirmed (a confirmed address, a page without double opt-in, or a paid lead's payment),
 * one sync per tool the page sends to whose account is connected. The lead_syncs row is what makes
 * it idempotent: a dispatch that runs again finds it and queues nothing more.
 */
export const syncConfirmedLead: EventConsumer['consume'] = async (tx, event) => {
  if (event.type !== 'lead.confirmed' || !event.leadId || !event.formId) return;
  const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, event.leadId));
  if (!lead) return;
  const targets = await tx
    .select({ provider: formEmailTools.provider })
    .from(formEmailTools)
    .innerJoin(
      emailToolAccounts,
      and(eq(emailToolAccounts.workspaceId, formEmailTools.workspaceId), eq(emailToolAccounts.provider, formEmailTools.provider)),
    )
    .where(and(eq(formEmailTools.formId, event.formId), eq(formEmailTools.workspaceId, event.workspaceId)));
  for (const { provider } of targets) {
    const inserted = await tx
      .insert(leadSyncs)
      .values({ leadId: lead.id, workspaceId: event.workspaceId, provider })
      .onConflictDoNothing()
      .returning({ leadId: leadSyncs.leadId });
    if (inserted.length > 0) await queueSync(tx, { leadId: lead.id, provider });
  }
};
