import type { Task } from 'graphile-worker';
import { transactionQueuingQuietly } from '../../lib/jobs.js';
import { emitEvent, leadEventData } from '../outbox/index.js';
import { notifyOwnersOfNewLead } from '../lead-notifications/index.js';
import { noteVerifiedLead } from '../plan-limits/index.js';
import { canResend, lockLeadOfSubmission, markVerified, sendCode, sendDownload, type LeadDeps } from './lead-state.js';

export const FOLLOW_UP_TASK = 'lead_follow_up';
export interface FollowUpPayload {
  submissionId: string;
  newLead: boolean;
}

/**
 * A new lead's lead.created event (every page: written here so the submission's statements stay
 * the same for a known address), then what a free page's submission is due, decided after the visitor already has their answer (queued
 * in the submission's transaction, so it runs if and only if that committed):
 * - double opt-in: a code and a confirmation link to the address, for a new or a known lead alike,
 *   at most every 30 seconds per lead; whoever types the code on their page gets the file;
 * - otherwise: the download to the address (again at most every 30 s), and for a new lead (created
 *   verified by the submission) the owner's emails: the usage notice when it takes the workspace to
 *   80% or 100% of its month, and the new-lead notice on a page set to 'each'. They are decided here
 *   and not in the submission's transaction, whose statements must not tell a new address from a
 *   known one. That transaction queued this job, so the notice follows if and only if the lead's
 *   becoming verified committed. A known address signing up again is not a new lead.
 */
export async function followUp(deps: LeadDeps, payload: FollowUpPayload, now = new Date()) {
  // Its events and emails are queued without NOTIFY, and the runners woken once it committed: a
  // burst of sign-ups' follow-ups can then share their commits' disk flushes.
  await transactionQueuingQuietly(deps.db, async (tx) => {
    const found = await lockLeadOfSubmission(tx, payload.submissionId);
    if (!found) return;
    const { lead, config } = found;
    const event = { workspaceId: lead.workspaceId, formId: lead.formId, leadId: lead.id, data: leadEventData(lead, config) };
    if (payload.newLead) await emitEvent(tx, { ...event, type: 'lead.created' }, now);
    if (config.payment.enabled) return;
    if (config.doubleOptIn) {
      if (canResend(lead, now)) await sendCode(deps, tx, lead, found, now);
      return;
    }
    // Double opt-in was switched off since this address signed up: it needs no confirmation now.
    if (lead.status === 'pending') return markVerified(deps, tx, lead, found, now);
    if (canResend(lead, now)) await sendDownload(deps, tx, lead, found, now);
    if (payload.newLead) {
      await emitEvent(tx, { ...event, type: 'lead.confirmed' }, now);
      await noteVerifiedLead(deps, tx, lead.workspaceId, now);
      await notifyOwnersOfNewLead(deps, tx, lead, config, lead.verifiedAt ?? now);
    }
  });
}

export const followUpTask =
  (deps: LeadDeps): Task =>
  async (payload) => {
    await followUp(deps, payload as FollowUpPayload);
  };
