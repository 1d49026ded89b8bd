import type { Task } from 'graphile-worker';
import { sendQueuedJobs, transactionQueuingQuietly } from '@/server/lib/jobs';
import { emitEvent, leadEventData } from '@/server/features/outbox';
import { notifyOwnersOfNewLead } from '@/server/features/lead-notifications';
import { noteVerifiedLead } from '@/server/features/plan-limits';
import type { Executor } from '@/server/db/client';
import { batched } from '@/server/lib/batched';
import type { EmailsAtCommit } from '@/server/features/mail';
import {
  canResend,
  lockLeadOfSubmission,
  lockLeadsOfSubmissions,
  markVerified,
  sendCode,
  sendDownload,
  type LeadDeps,
  type LockedLead,
} from './lead-state.js';

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
 *   80% or 100% of its month, and the new-lead notice on a page set to 'each' (not for a lead the
 *   submission held: its release sends them, with its events). They are decided here
 *   and not in the submission's transaction, whose statements must not tell a new address from a
 *   known one. That transaction queued this job, so the notice follows if and only if the lead's
 *   becoming verified committed. A known address signing up again is not a new lead.
 */
async function followUpLocked(deps: LeadDeps, tx: Executor, payload: FollowUpPayload, found: LockedLead, now: Date) {
  const { lead, config } = found;
  // Held by its submission (the workspace had used its month's sign-ups): the visitor is served as
  // anyone, the owner's side waits for its release (decision 0045), which sends these events then.
  const held = lead.heldAt !== null;
  const event = { workspaceId: lead.workspaceId, formId: lead.formId, leadId: lead.id, data: leadEventData(lead, config) };
  if (payload.newLead && !held) await emitEvent(tx, { ...event, type: 'lead.created' }, now);
  if (config.payment.enabled) return;
  // The emails are named by the submission they answer: run again, the follow-up sends the same ones.
  const key = payload.submissionId;
  if (config.doubleOptIn) {
    if (canResend(lead, now)) await sendCode(deps, tx, lead, found, now, key);
    return;
  }
  // Double opt-in was switched off since this address signed up: it needs no confirmation now.
  if (lead.status === 'pending') return markVerified(deps, tx, lead, found, now);
  if (canResend(lead, now)) await sendDownload(deps, tx, lead, found, now, { key });
  if (payload.newLead) {
    if (!held) await emitEvent(tx, { ...event, type: 'lead.confirmed' }, now);
    await noteVerifiedLead(deps, tx, lead.workspaceId, now);
    if (!held) await notifyOwnersOfNewLead(deps, tx, lead, config, lead.verifiedAt ?? now);
  }
}

/**
 * The follow-ups of jobs that run at once share one transaction (decision 0036): one query finds
 * and locks their leads, their events are queued without NOTIFY, their visitors' emails are sent
 * before the commit (decision 0108), and one commit and one nudge serve them all. If one fails, all
 * of them are rolled back and tried again one at a time (`batched`), so that one fails alone and is
 * retried by the job queue. An email the mail server refuses does not fail its follow-up: it is
 * queued as a job of its own.
 */
async function followUps(deps: LeadDeps, emails: EmailsAtCommit, log: Log, payloads: FollowUpPayload[], now = new Date()) {
  await transactionQueuingQuietly(deps.db, (tx) =>
    emails.sendIn(tx, log, async () => {
      const found = await lockLeadsOfSubmissions(
        tx,
        payloads.map((p) => p.submissionId),
      );
      // By workspace, page and lead: the rows they lock as they go (a page's day, a workspace's
      // usage) are then locked in the same order by every such transaction, which wait for each
      // other instead of deadlocking.
      const order = (p: FollowUpPayload) => {
        const lead = found.get(p.submissionId)?.lead;
        return lead ? `${lead.workspaceId} ${lead.formId} ${lead.id}` : '';
      };
      const ordered = [...payloads].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
      const followed = new Set<string>();
      for (const payload of ordered) {
        let lead = found.get(payload.submissionId);
        // The same lead's second submission in this transaction: read the lead as the first one left it.
        if (lead && followed.has(lead.lead.id)) {
          await sendQueuedJobs(tx);
          lead = await lockLeadOfSubmission(tx, payload.submissionId);
        }
        if (!lead) continue;
        followed.add(lead.lead.id);
        await followUpLocked(deps, tx, payload, lead, now);
      }
    }),
  );
  return payloads.map(() => undefined);
}

type Log = Parameters<EmailsAtCommit['sendIn']>[1];

export const followUpTask = (deps: LeadDeps, emails: EmailsAtCommit): Task => {
  // A batch's outage notices go to the log of the job that started it.
  const followUp = batched(
    (jobs: Array<{ payload: FollowUpPayload; log: Log }>) =>
      followUps(
        deps,
        emails,
        jobs[0]!.log,
        jobs.map((job) => job.payload),
      ),
    { max: 32 },
  );
  return async (payload, helpers) => {
    await followUp({ payload: payload as FollowUpPayload, log: helpers.logger });
  };
};
