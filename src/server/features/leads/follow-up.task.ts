import type { Task } from 'graphile-worker';
import { eq } from 'drizzle-orm';
import { submissions } from '../../db/schema/index.js';
import { noteVerifiedLead } from '../plan-limits/index.js';
import { canResend, lockLead, markVerified, sendCode, sendDownload, type LeadDeps } from './lead-state.js';

export const FOLLOW_UP_TASK = 'lead_follow_up';
export interface FollowUpPayload {
  submissionId: string;
  newLead: boolean;
}

/**
 * What a free page's submission is due, decided after the visitor already has their answer (queued
 * in the submission's transaction, so it runs if and only if that committed):
 * - double opt-in: a code and a confirmation link to the address, for a new or a known lead alike,
 *   at most every 30 seconds per lead; whoever types the code on their page gets the file;
 * - otherwise: the download to the address (again at most every 30 s), and the owner's usage email
 *   when a new lead takes the workspace to 80% or 100% of its month.
 */
export async function followUp(deps: LeadDeps, payload: FollowUpPayload, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    const [submission] = await tx.select().from(submissions).where(eq(submissions.id, payload.submissionId));
    if (!submission) return;
    const found = await lockLead(tx, submission.leadId);
    if (!found || found.config.payment.enabled) return;
    const { lead, config } = found;
    if (config.doubleOptIn) {
      if (canResend(lead, now)) await sendCode(deps, tx, lead, config, now);
      return;
    }
    // Double opt-in was switched off since this address signed up: it needs no confirmation now.
    if (lead.status === 'pending') return markVerified(deps, tx, lead, config, now);
    if (canResend(lead, now)) await sendDownload(deps, tx, lead, config, now);
    if (payload.newLead) await noteVerifiedLead(deps, tx, lead.workspaceId, now);
  });
}

export const followUpTask =
  (deps: LeadDeps): Task =>
  async (payload) => {
    await followUp(deps, payload as FollowUpPayload);
  };
