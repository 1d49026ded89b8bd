import { eq } from 'drizzle-orm';
import { submissions } from '@/server/db/schema/index';
import {
  canResend,
  findSubmission,
  lockLead,
  mayReceiveFile,
  RESEND_AFTER_SECONDS,
  secondsUntilResend,
  sendCode,
  type LeadDeps,
} from '@/server/features/submissions';

export type ResendOutcome = { kind: 'sent' | 'unlocked' | 'unpaid' | 'unknown' } | { kind: 'wait'; seconds: number };

/**
 * 'Resend verification code' on a submission's page: a new code to the address, at most every 30
 * seconds per page and per lead (the page counts down; the server enforces it).
 */
export async function resendCode(deps: LeadDeps, submissionId: string, now = new Date()): Promise<ResendOutcome> {
  return deps.db.transaction(async (tx) => {
    const submission = await findSubmission(tx, submissionId, true);
    if (!submission) return { kind: 'unknown' };
    const found = await lockLead(tx, submission.leadId);
    if (!found) return { kind: 'unknown' };
    if (submission.unlockedAt) return { kind: 'unlocked' };
    if (found.config.payment.enabled && !mayReceiveFile(found.lead)) return { kind: 'unpaid' };
    const pageWait = secondsUntilResend(submission.lastCodeAt ?? submission.createdAt, now);
    if (pageWait > 0) return { kind: 'wait', seconds: pageWait };
    if (!canResend(found.lead, now))
      return { kind: 'wait', seconds: secondsUntilResend(found.lead.emailSentAt, now) || RESEND_AFTER_SECONDS };
    await sendCode(deps, tx, found.lead, found, now);
    await tx.update(submissions).set({ lastCodeAt: now }).where(eq(submissions.id, submission.id));
    return { kind: 'sent' };
  });
}
