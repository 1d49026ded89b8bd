import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { leads, submissions } from '@/server/db/schema';
import { lockLead, markVerified, sendCode, sendDownload, unlockSubmission, type LeadDeps } from './lead-state.js';

/**
 * A confirmed payment: the lead is paid, and the submission that paid gets what comes next. With
 * double opt-in and an unconfirmed address that is the code (typed on that submission's page);
 * otherwise the file, on that page and by email. Runs inside the caller's transaction, which also
 * records the provider's event.
 */
export async function confirmPayment(
  deps: LeadDeps,
  tx: Executor,
  payment: { leadId: string; submissionId: string | null },
  now = new Date(),
) {
  const found = await lockLead(tx, payment.leadId);
  if (!found) return;
  const { config } = found;
  const lead = { ...found.lead, paymentState: 'paid' as const };
  if (found.lead.paymentState !== 'paid') await tx.update(leads).set({ paymentState: 'paid' }).where(eq(leads.id, lead.id));
  if (lead.status === 'pending' && config.doubleOptIn) {
    await sendCode(deps, tx, lead, found, now);
    if (payment.submissionId) {
      await tx.update(submissions).set({ lastCodeAt: now }).where(eq(submissions.id, payment.submissionId));
    }
    return;
  }
  if (payment.submissionId) await unlockSubmission(tx, payment.submissionId, now);
  if (lead.status === 'pending') await markVerified(deps, tx, lead, found, now);
  else await sendDownload(deps, tx, lead, found, now);
}

/** A refunded payment: the lead's download links stop working. */
export async function revokePayment(tx: Executor, leadId: string) {
  await tx.update(leads).set({ paymentState: 'refunded' }).where(eq(leads.id, leadId));
}
