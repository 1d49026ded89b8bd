import { eq } from 'drizzle-orm';
import { afterSubmitRedirect } from '@/domain/after-submit';
import { leads, payments } from '@/server/db/schema/index';
import {
  findSubmission,
  lockLead,
  markVerified,
  MAX_CODE_ATTEMPTS,
  mayReceiveFile,
  recordConfirmation,
  sendDownload,
  unlockSubmission,
  type ClientMeta,
  type LeadDeps,
} from '@/server/features/submissions';

export type VerifyOutcome = 'verified' | 'already' | 'wrong' | 'locked' | 'expired' | 'unpaid' | 'unknown';

/**
 * A code typed on a submission's page. The right code proves the address is the typist's: the lead
 * is confirmed (if it was not) and this submission, only this one, gets the file. Five wrong tries
 * lock the code; it expires after 24 hours.
 */
export async function verifyCode(
  deps: LeadDeps,
  submissionId: string,
  code: string,
  meta: ClientMeta,
  now = new Date(),
): Promise<VerifyOutcome> {
  return deps.db.transaction(async (tx) => {
    const submission = await findSubmission(tx, submissionId, true);
    if (!submission) return 'unknown';
    const found = await lockLead(tx, submission.leadId);
    if (!found) return 'unknown';
    const { lead, config } = found;
    if (submission.unlockedAt) return 'already';
    if (config.payment.enabled) {
      const [paid] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.submissionId, submission.id));
      if (paid?.status !== 'paid') return 'unpaid';
    }
    if (!lead.codeHash || lead.codeAttempts >= MAX_CODE_ATTEMPTS) return 'locked';
    if (!lead.codeExpiresAt || lead.codeExpiresAt.getTime() < now.getTime()) return 'expired';
    if (!/^\d{6}$/.test(code) || !deps.tokens.matches(deps.tokens.hashCode(lead.id, code), lead.codeHash)) {
      const attempts = lead.codeAttempts + 1;
      await tx.update(leads).set({ codeAttempts: attempts }).where(eq(leads.id, lead.id));
      return attempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'wrong';
    }
    if (lead.status === 'pending') await markVerified(deps, tx, lead, found, now);
    else {
      await tx.update(leads).set({ codeHash: null, codeExpiresAt: null }).where(eq(leads.id, lead.id));
      // A confirmed address signing up again: its file was on this submission's page, which the
      // owner's own page replaces; it goes by email instead, so the visitor never leaves without it.
      if (afterSubmitRedirect(config) && mayReceiveFile(lead)) await sendDownload(deps, tx, lead, found, now);
    }
    await recordConfirmation(deps, tx, found, 'code', meta, submission.id, now);
    await unlockSubmission(tx, submission.id, now);
    return 'verified';
  });
}
