import { and, eq, ne } from 'drizzle-orm';
import type { Provider } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { paymentEvents, payments } from '@/server/db/schema/index';
import { type LeadDeps, confirmPayment, revokePayment } from '@/server/features/submissions';
import { emitEvent, paymentEventData } from '@/server/features/outbox/index';
import { queueReceipt } from '@/server/features/receipts/index';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Records a provider event as handled. False when it was handled before: the caller then changes
 * nothing. Runs in the transaction that applies the event, so an event is applied exactly once
 * however often it is delivered, and a failure leaves it unrecorded for the provider's retry.
 */
export async function firstDelivery(
  tx: Executor,
  event: { provider: Provider; id: string; type: string; workspaceId: string; paymentId?: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      workspaceId: event.workspaceId,
      paymentId: event.paymentId,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function lockPayment(
  tx: Executor,
  where: { id: string } | { provider: Provider; chargeId: string },
  workspaceId: string,
) {
  const condition =
    'id' in where ? eq(payments.id, where.id) : and(eq(payments.provider, where.provider), eq(payments.chargeId, where.chargeId));
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(condition, eq(payments.workspaceId, workspaceId)))
    .for('update');
  return row;
}

/** What the provider settled, recorded with the payment (minor units): net is after discount and before tax. */
export interface Settlement {
  netAmount: number;
  taxAmount: number;
  discountAmount: number;
  promotionCode: string | null;
  /** The platform's fee on a Connect payment; null for own keys. */
  feeAmount: number | null;
}

/**
 * The provider confirmed the money. States only move forward (pending/failed -> paid -> refunded),
 * so events arriving late or out of order cannot undo a refund or pay twice.
 *
 * In the same transaction: the download link's allowance starts (docs/decisions/0083), and the
 * buyer's receipt is queued, once (`receipt_sent_at`), with the figures as the row holds them after
 * this update (`settled`, or what the caller wrote to the row earlier in the transaction).
 */
export async function markPaid(
  deps: LeadDeps,
  tx: Executor,
  payment: PaymentRow,
  chargeId: string | null,
  settled?: Settlement,
  now = new Date(),
) {
  if (payment.status === 'paid' || payment.status === 'refunded') return false;
  const [paid] = await tx
    .update(payments)
    .set({
      ...settled,
      status: 'paid',
      paidAt: now,
      failureReason: null,
      chargeId: chargeId ?? payment.chargeId,
      downloadLinkIssuedAt: now,
      downloadsUsed: 0,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const row = paid ?? { ...payment, chargeId: chargeId ?? payment.chargeId };
  await emitPaymentEvent(tx, row, 'paid', now);
  await queueReceipt(deps, tx, row, now);
  // A payment whose lead was erased (data-subject request) is recorded for tax; there is nobody to deliver to.
  if (payment.leadId !== null) await confirmPayment(deps, tx, { ...payment, ...settled, leadId: payment.leadId }, now);
  return true;
}

export async function markFailed(tx: Executor, payment: PaymentRow, reason: string) {
  if (payment.status !== 'pending') return false;
  await tx.update(payments).set({ status: 'failed', failureReason: reason }).where(eq(payments.id, payment.id));
  return true;
}

/** A refund: the payment is refunded and, unless the lead paid again another time, its downloads stop. */
export async function markRefunded(tx: Executor, payment: PaymentRow, chargeId: string | null, now = new Date()) {
  if (payment.status === 'refunded') return false;
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, chargeId: chargeId ?? payment.chargeId })
    .where(eq(payments.id, payment.id));
  await emitPaymentEvent(tx, { ...payment, chargeId: chargeId ?? payment.chargeId }, 'refunded', now);
  // The lead may have been erased since it paid: the refund is recorded, there are no downloads to stop.
  if (payment.leadId === null) return true;
  const [otherPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.leadId, payment.leadId), eq(payments.status, 'paid'), ne(payments.id, payment.id)))
    .limit(1);
  if (!otherPaid) await revokePayment(tx, payment.leadId);
  return true;
}

function emitPaymentEvent(tx: Executor, payment: PaymentRow, status: 'paid' | 'refunded', now: Date) {
  return emitEvent(
    tx,
    {
      workspaceId: payment.workspaceId,
      formId: payment.formId,
      leadId: payment.leadId,
      type: status === 'paid' ? 'payment.completed' : 'payment.refunded',
      data: paymentEventData(payment, status, now),
    },
    now,
  );
}
