import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Provider } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { payments } from '@/server/db/schema/index';
import { isUuid } from '@/domain/ids';
import { loadCredentials } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { firstDelivery, lockPayment, markFailed, markPaid, markRefunded } from './fulfil.js';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS, stripeClient } from './stripe.js';

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

const answer = (status: number, body: WebhookAnswer['body']): WebhookAnswer => ({ status, body });

/**
 * A Stripe webhook for one workspace: the signature is checked by the SDK on the exact bytes
 * received, with Stripe's 5-minute tolerance; then the event is applied once, in one transaction.
 */
export async function handleStripeWebhook(
  deps: CheckoutDeps,
  workspaceId: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const credentials = await loadCredentials(deps, deps.db, workspaceId, 'stripe');
  if (!credentials) return answer(404, { received: false, error: 'Stripe is not connected for this workspace' });
  const stripe = stripeClient(credentials.secretKey, deps.stripeApiUrl);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', credentials.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return answer(400, { received: false, error: 'invalid signature' });
  }

  // A refund can arrive before the payment it refunds was confirmed here: then only the
  // PaymentIntent (whose metadata holds our payment id) tells which payment it is.
  let refundedPaymentId: string | undefined;
  if (event.type === 'charge.refunded' && typeof event.data.object.payment_intent === 'string') {
    refundedPaymentId = await paymentIdOfCharge(deps.db, workspaceId, 'stripe', event.data.object.payment_intent);
    if (!refundedPaymentId) {
      const intent = await stripe.paymentIntents.retrieve(event.data.object.payment_intent);
      refundedPaymentId = intent.metadata.payment_id;
    }
  }

  const duplicate = await deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: 'stripe', id: event.id, type: event.type, workspaceId }))) return true;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const payment = await sessionPayment(tx, session, workspaceId);
        // 'unpaid' completions are delayed methods (bank debits): wait for async_payment_succeeded.
        if (!payment || session.payment_status !== 'paid') break;
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        if (session.amount_total !== payment.amount || session.currency !== payment.currency.toLowerCase()) {
          await markFailed(tx, payment, 'amount_mismatch');
        } else {
          await markPaid(deps.leads, tx, payment, intent);
        }
        break;
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const payment = await sessionPayment(tx, event.data.object, workspaceId);
        if (payment) await markFailed(tx, payment, event.type === 'checkout.session.expired' ? 'expired' : 'failed');
        break;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const payment =
          refundedPaymentId && isUuid(refundedPaymentId)
            ? await lockPayment(tx, { id: refundedPaymentId }, workspaceId)
            : undefined;
        // Partial refunds keep the purchase; only a full refund takes the file back.
        if (payment && charge.refunded)
          await markRefunded(tx, payment, typeof charge.payment_intent === 'string' ? charge.payment_intent : null);
        break;
      }
      default:
        break;
    }
    return false;
  });
  return answer(200, { received: true, ...(duplicate ? { duplicate } : {}) });
}

async function sessionPayment(tx: Executor, session: Stripe.Checkout.Session, workspaceId: string) {
  const id = session.client_reference_id ?? '';
  if (!isUuid(id)) return undefined;
  const payment = await lockPayment(tx, { id }, workspaceId);
  return payment && payment.provider === 'stripe' && payment.checkoutId === session.id ? payment : undefined;
}

async function paymentIdOfCharge(db: Executor, workspaceId: string, provider: Provider, chargeId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.workspaceId, workspaceId), eq(payments.provider, provider), eq(payments.chargeId, chargeId)));
  return row?.id;
}
