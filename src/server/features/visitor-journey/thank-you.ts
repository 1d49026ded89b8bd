import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterSubmitRedirect } from '@/domain/after-submit';
import type { FormConfig } from '@/domain/form-config';
import type { VisitorThankYouProps } from '@/landing/index';
import type { Executor } from '@/server/db/client';
import { forms, leads, payments, submissions } from '@/server/db/schema/index';
import {
  downloadLinkOf,
  links,
  paidPurchaseOf,
  MAX_CODE_ATTEMPTS,
  mayReceiveFile,
  pageAsSignedUp,
  signupLanguage,
  secondsUntilResend,
  submissionPath,
  type LeadDeps,
} from '@/server/features/submissions';
import type { ThankYouView } from '@/server/features/public-pages';
import { receiptUrl } from '@/server/features/receipts/index';

/** What a paid lead's page shows besides its download: the receipt and the allowance of its link. */
async function receiptOf(
  deps: LeadDeps,
  lead: { id: string; paymentState: string },
  config: FormConfig,
): Promise<VisitorThankYouProps['receipt']> {
  if (lead.paymentState !== 'paid') return undefined;
  const purchase = await paidPurchaseOf(deps.db, lead.id);
  if (!purchase) return undefined;
  return {
    url: receiptUrl(deps, purchase.id),
    orderNumber: purchase.orderNumber,
    downloads: config.payment.downloadLimit,
    days: config.payment.downloadDays,
  };
}

/** What the page's owner set for the pages after a sign-up. */
const afterSubmit = (config: FormConfig) => ({
  language: config.language,
  // The owner's; without one the page says the default title in its own language.
  heading: (config.thankyouHeading ?? '').trim(),
  design: config.design,
  embedOrigins: config.embedOrigins ?? [],
  redirectTo: afterSubmitRedirect(config),
});
type PaymentState = NonNullable<VisitorThankYouProps['payment']>['state'];

/** The lead and its page as it read it (in the language of `submissionId`, else of its latest sign-up). */
async function loadLead(db: Executor, leadId: string, submissionId?: string) {
  const [row] = await db
    .select({
      lead: leads,
      config: forms.published,
      language: signupLanguage(leads.id, submissionId ? sql`${submissionId}::uuid` : undefined),
    })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(eq(leads.id, leadId), isNull(forms.deletedAt)));
  return row && row.config ? { lead: row.lead, config: pageAsSignedUp(row.config, row.language) } : undefined;
}

const paymentState = (status: string | undefined, leadRefunded: boolean, reason?: string | null): PaymentState =>
  leadRefunded || status === 'refunded'
    ? 'refunded'
    : status === 'pending'
      ? 'processing'
      : reason === 'below_minimum'
        ? 'belowMinimum'
        : 'failed';

/**
 * The page of one submission: its own payment, its own code, and the file only once this
 * submission earned it (see submissions.unlockedAt) and the lead may still have it.
 */
export async function submissionThankYou(deps: LeadDeps, submissionId: string, now = new Date()): Promise<ThankYouView | null> {
  const [submission] = await deps.db.select().from(submissions).where(eq(submissions.id, submissionId));
  if (!submission) return null;
  const found = await loadLead(deps.db, submission.leadId, submission.id);
  if (!found) return null;
  const { lead, config } = found;
  const token = deps.tokens.sign('submission', submission.id);
  const base = {
    businessName: config.businessName,
    leadMagnetName: config.leadMagnetName,
    thankyouMessage: config.thankyouMessage,
    ...afterSubmit(config),
    email: lead.email,
    token,
    attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - lead.codeAttempts),
  };
  let payment: VisitorThankYouProps['payment'];
  if (config.payment.enabled || lead.paymentState !== 'none') {
    const [latest] = await deps.db
      .select({ status: payments.status, failureReason: payments.failureReason })
      .from(payments)
      .where(eq(payments.submissionId, submission.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (latest?.status !== 'paid' || !mayReceiveFile(lead)) {
      payment = {
        state: paymentState(latest?.status, lead.paymentState === 'refunded', latest?.failureReason),
        retryUrl: `/f/${lead.formId}`,
        checkUrl: submissionPath(deps.tokens, submission.id),
      };
    }
  }
  const unlocked = !payment && submission.unlockedAt !== null && lead.status === 'verified' && mayReceiveFile(lead);
  return {
    ...base,
    state: unlocked ? 'verified' : 'pending',
    payment,
    resendInSeconds: unlocked ? 0 : secondsUntilResend(submission.lastCodeAt ?? submission.createdAt, now),
    downloadUrl: unlocked ? await downloadLinkOf(deps, deps.db, lead, now) : undefined,
    receipt: unlocked ? await receiptOf(deps, lead, config) : undefined,
  };
}

/** The lead's own page, reached only from links sent to the lead's address. */
export async function inboxThankYou(deps: LeadDeps, leadId: string, now = new Date()): Promise<ThankYouView | null> {
  const found = await loadLead(deps.db, leadId);
  if (!found) return null;
  const { lead, config } = found;
  const unlocked = lead.status === 'verified' && mayReceiveFile(lead);
  return {
    businessName: config.businessName,
    leadMagnetName: config.leadMagnetName,
    thankyouMessage: config.thankyouMessage,
    ...afterSubmit(config),
    email: lead.email,
    token: '',
    attemptsLeft: 0,
    state: unlocked ? 'verified' : 'pending',
    payment:
      lead.paymentState === 'refunded' || lead.paymentState === 'awaiting'
        ? {
            state: lead.paymentState === 'refunded' ? 'refunded' : 'processing',
            retryUrl: `/f/${lead.formId}`,
            checkUrl: links(deps, lead.id).inbox,
          }
        : undefined,
    resendInSeconds: 0,
    downloadUrl: unlocked ? await downloadLinkOf(deps, deps.db, lead, now) : undefined,
    receipt: unlocked ? await receiptOf(deps, lead, config) : undefined,
  };
}
