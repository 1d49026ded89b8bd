import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { decimalAmount } from '@/domain/money';
import type { Provider } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { payments } from '@/server/db/schema/index';
import { isUuid } from '@/domain/ids';
import { loadCredentials } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { firstDelivery, lockPayment, markFailed, markPaid, markRefunded } from './fulfil.js';
import { paypalApi } from './paypal.js';
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

interface PaypalEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel?: string; href?: string }[];
  };
}

/**
 * A PayPal webhook for one workspace: PayPal's verify-webhook-signature call must answer SUCCESS
 * for the bytes received and the workspace's webhook id; then the event is applied once.
 */
export async function handlePaypalWebhook(
  deps: CheckoutDeps,
  workspaceId: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  log: (err: unknown) => void,
): Promise<WebhookAnswer> {
  const credentials = await loadCredentials(deps, deps.db, workspaceId, 'paypal');
  if (!credentials) return answer(404, { received: false, error: 'PayPal is not connected for this workspace' });
  let event: PaypalEvent;
  try {
    event = JSON.parse(rawBody) as PaypalEvent;
  } catch {
    return answer(400, { received: false, error: 'not JSON' });
  }
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') {
    return answer(400, { received: false, error: 'not a PayPal event' });
  }
  let verified: boolean;
  try {
    verified = await paypalApi(credentials, deps.paypalApiUrl).verifyWebhook(headers, rawBody);
  } catch (err) {
    log(err);
    // Not verified either way: PayPal retries a failed delivery, so the event is not lost.
    return answer(503, { received: false, error: 'could not verify the signature with PayPal' });
  }
  if (!verified) return answer(400, { received: false, error: 'invalid signature' });

  const { id, event_type: type, resource = {} } = event;
  const capturedId =
    type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED' ? upLinkCapture(resource) : resource.id;
  const duplicate = await deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: 'paypal', id, type, workspaceId }))) return true;
    const byCapture = capturedId ? await paymentIdOfCharge(tx, workspaceId, 'paypal', capturedId) : undefined;
    const paymentId = byCapture ?? resource.custom_id;
    const payment = paymentId && isUuid(paymentId) ? await lockPayment(tx, { id: paymentId }, workspaceId) : undefined;
    if (!payment || payment.provider !== 'paypal') return false;
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    if (orderId && orderId !== payment.checkoutId) return false;
    switch (type) {
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const amountMatches =
          resource.amount?.currency_code === payment.currency &&
          resource.amount.value === decimalAmount(payment.amount, payment.currency);
        if (amountMatches) await markPaid(deps.leads, tx, payment, resource.id ?? null);
        else await markFailed(tx, payment, 'amount_mismatch');
        break;
      }
      case 'PAYMENT.CAPTURE.DENIED':
        await markFailed(tx, payment, 'declined');
        break;
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED':
        await markRefunded(tx, payment, capturedId ?? null);
        break;
      default:
        break;
    }
    return false;
  });
  return answer(200, { received: true, ...(duplicate ? { duplicate } : {}) });
}

/** A refund's capture: its 'up' link ends in /v2/payments/captures/{id}. */
function upLinkCapture(resource: NonNullable<PaypalEvent['resource']>): string | undefined {
  const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1];
}
