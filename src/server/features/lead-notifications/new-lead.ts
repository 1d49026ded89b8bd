import { eq } from 'drizzle-orm';
import type { FormConfig } from '@/domain/form-config';
import { CHECKED_VALUE } from '@/domain/submission';
import type { Executor } from '@/server/db/client';
import { forms, leadEmails } from '@/server/db/schema/index';
import { queueEmail, stableMessageId } from '@/server/features/mail/index';
import { workspaceOwners } from '@/server/features/workspaces/index';

/** What the notice needs of the lead: structural, so this feature does not depend on `leads`. */
export interface ConfirmedLead {
  id: string;
  formId: string;
  workspaceId: string;
  email: string;
  data: Record<string, string>;
}

/**
 * The visitor's answers besides the address, labelled as the page labels them, in the page's order;
 * answers to fields removed since are kept under their field id rather than dropped.
 */
export function labelledAnswers(config: FormConfig, data: Record<string, string>) {
  const emailField = config.fields.find((f) => f.type === 'email');
  const fields = config.fields.filter((f) => f !== emailField);
  const answers = fields.map((f) => ({
    label: f.label,
    value: f.type === 'checkbox' ? (data[f.id] === CHECKED_VALUE ? 'Yes' : 'No') : (data[f.id] ?? ''),
  }));
  const known = new Set(config.fields.map((f) => f.id));
  for (const [id, value] of Object.entries(data)) if (!known.has(id)) answers.push({ label: id, value });
  return answers;
}

/**
 * Called in the transaction that makes a lead 'verified' for the first time (markVerified, or the
 * follow-up of a lead created verified): on a page set to 'each', queues one email to each of the
 * workspace's owners. Those callers run once per lead (the lead's row is locked and pending before),
 * so a resend or a known address signing up again never gets here; the message id is derived from
 * the lead and the owner, so even a job that runs twice after a crash sends it once.
 *
 * The setting is read from the page's row now, not from the published config: it is the owner's and
 * takes effect at once. A page in Recently deleted notifies nobody.
 */
export async function notifyOwnersOfNewLead(
  deps: { appOrigin: string },
  tx: Executor,
  lead: ConfirmedLead,
  config: FormConfig,
  confirmedAt: Date,
): Promise<void> {
  const [form] = await tx
    .select({ name: forms.name, ownerNotify: forms.ownerNotify, deletedAt: forms.deletedAt })
    .from(forms)
    .where(eq(forms.id, lead.formId));
  if (!form || form.ownerNotify !== 'each' || form.deletedAt) return;
  const props = {
    pageName: form.name,
    leadEmail: lead.email,
    confirmedAt: confirmedAt.toISOString(),
    answers: labelledAnswers(config, lead.data),
    leadUrl: `${deps.appOrigin}/dashboard/leads/${lead.id}`,
    pageUrl: `${deps.appOrigin}/dashboard/forms/${lead.formId}`,
  };
  for (const owner of await workspaceOwners(tx, [lead.workspaceId])) {
    const messageId = await queueEmail(
      tx,
      { template: 'ownerNewLead', to: owner.email, props },
      stableMessageId('owner-new-lead', lead.id, owner.userId),
    );
    // Logged with the lead: the notice holds the address, so an erasure removes it while it is queued.
    await tx
      .insert(leadEmails)
      .values({ messageId, leadId: lead.id, workspaceId: lead.workspaceId, kind: 'owner-notice', queuedAt: confirmedAt })
      .onConflictDoNothing();
  }
}
