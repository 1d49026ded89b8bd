import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailSender } from '@/domain/email-copy';
import type { FormConfig } from '@/domain/form-config';
import { receiptLines } from '@/domain/paid-orders';
import { PROVIDER_NAMES } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { forms, leadEmails, leads, members, organizations, payments, users } from '@/server/db/schema/index';
import { emailBrandOf, queueEmail, type EmailProps } from '@/server/features/mail/index';
import { emailLanguage, pageAsSignedUp, signupLanguage } from '@/server/features/submissions/index';
import type { Tokens } from '@/server/lib/tokens';
import { visitorWords } from '@/server/lib/visitor-words';

type PaymentRow = typeof payments.$inferSelect;
export type ReceiptProps = EmailProps<'receipt'>;

interface ReceiptDeps {
  tokens: Tokens;
  publicOrigin: string;
}

/** The receipt page of a payment: a signed link, sent only to the buyer and shown on their download page. */
export const receiptUrl = (deps: ReceiptDeps, paymentId: string) =>
  `${deps.publicOrigin}/r/${deps.tokens.sign('receipt', paymentId)}`;

/**
 * A paid (or since refunded) payment's receipt, as the email and the page show it, with the
 * address it goes to (null once the buyer was erased) and the page's sender. Undefined for a
 * payment that was never paid.
 */
export async function loadReceipt(db: Executor, deps: ReceiptDeps, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      published: forms.published,
      draft: forms.draft,
      businessAddress: organizations.businessAddress,
      email: leads.email,
      ownerEmail: sql<string | null>`(select ${users.email} from ${members} inner join ${users} on ${users.id} = ${members.userId}
        where ${members.organizationId} = ${payments.workspaceId} and ${members.role} = 'owner'
        order by ${members.createdAt} limit 1)`,
      // The language the buyer signed up in, on the submission that paid.
      signupLanguage: signupLanguage(payments.leadId, payments.submissionId),
    })
    .from(payments)
    .innerJoin(forms, eq(forms.id, payments.formId))
    .innerJoin(organizations, eq(organizations.id, payments.workspaceId))
    .leftJoin(leads, eq(leads.id, payments.leadId))
    .where(eq(payments.id, paymentId));
  if (!row || !row.payment.paidAt || (row.payment.status !== 'paid' && row.payment.status !== 'refunded')) {
    return undefined;
  }
  const { payment: p } = row;
  // The page as its buyer saw it; a page never published since (not possible for a paid one) by its draft.
  const config: FormConfig = pageAsSignedUp(row.published ?? row.draft, row.signupLanguage);
  const sender = emailSender(config.emails, config.businessName, row.ownerEmail);
  const language = emailLanguage({ config, signupLanguage: row.signupLanguage });
  const props: ReceiptProps = {
    businessName: config.businessName,
    businessAddress: row.businessAddress ?? '',
    item: config.leadMagnetName,
    orderNumber: p.orderNumber,
    paidAt: p.paidAt!.toISOString(),
    lines: receiptLines(p, visitorWords(language)),
    providerName: PROVIDER_NAMES[p.provider],
    refundContact: sender.replyTo ?? null,
    receiptUrl: receiptUrl(deps, p.id),
    ...(emailBrandOf(config.design, deps.publicOrigin) ? { brand: emailBrandOf(config.design, deps.publicOrigin) } : {}),
    // English is said by leaving it out: an English receipt is the one it always was.
    ...(language !== 'en' ? { language } : {}),
  };
  return { props, to: row.email, sender, payment: p, refunded: p.status === 'refunded', design: config.design };
}

/**
 * Queues the buyer's receipt, once: `receipt_sent_at` is claimed by a conditional update in the
 * transaction that marks the payment paid, and the email is queued in that same transaction (an
 * outbox job), so a crash loses neither and a replayed event finds it claimed. A payment whose
 * buyer was erased gets none (there is nobody to send it to).
 */
export async function queueReceipt(deps: ReceiptDeps, tx: Executor, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.leadId === null) return false;
  const [claimed] = await tx
    .update(payments)
    .set({ receiptSentAt: now })
    .where(and(eq(payments.id, payment.id), isNull(payments.receiptSentAt)))
    .returning({ id: payments.id });
  if (!claimed) return false;
  const receipt = await loadReceipt(tx, deps, payment.id);
  if (!receipt || !receipt.to) return false;
  const leadId = payment.leadId;
  await queueEmail(
    tx,
    { template: 'receipt', to: receipt.to, ...receipt.sender, fromWorkspaceId: payment.workspaceId, props: receipt.props },
    undefined,
    (messageId) => [
      // Logged with the lead: the email holds the address, so an erasure finds it while it is queued.
      tx
        .insert(leadEmails)
        .values({ messageId, leadId, workspaceId: payment.workspaceId, kind: 'receipt', queuedAt: now })
        .getSQL(),
    ],
  );
  return true;
}
