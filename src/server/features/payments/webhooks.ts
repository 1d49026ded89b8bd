import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Provider } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { forms, payments } from '@/server/db/schema/index';
import { isUuid } from '@/domain/ids';
import { loadCredentials } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { firstDelivery, lockPayment, markFailed, markPaid, markRefunded, type Settlement } from './fulfil.js';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS, stripeClient } from './stripe.js';
import { disconnectStripeAccount, platformClient, refreshStripeAccount, workspaceOfStripeAccount } from './stripe-connect.js';

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

const answer = (status: number, body: WebhookAnswer['body']): WebhookAnswer => ({ status, body });

/**
 * A Stripe webhook for one workspace's own keys: the signature is checked by the SDK on the exact
 * bytes received, with Stripe's 5-minute tolerance; then the event is applied once.
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
  const event = verifyStripeEvent(stripe, rawBody, signature, credentials.webhookSecret);
  if (!event) return answer(400, { received: false, error: 'invalid signature' });
  // Events of a connected account come to the Connect endpoint, never here: this endpoint settles own-keys payments only.
  return applyStripeEvent(deps, { workspaceId, stripe, account: null }, event);
}

/**
 * The platform's one Connect webhook (STRIPE_CONNECT_WEBHOOK_SECRET): every connected account's
 * events, each naming its account. The account says whose workspace it is; a payment is settled
 * only by an event of the account it was opened on.
 */
export async function handleStripeConnectWebhook(
  deps: CheckoutDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const stripe = platformClient(deps);
  if (!stripe || !deps.stripeConnect) return answer(404, { received: false, error: 'Stripe Connect is not set up here' });
  const event = verifyStripeEvent(stripe, rawBody, signature, deps.stripeConnect.webhookSecret);
  if (!event) return answer(400, { received: false, error: 'invalid signature' });
  const account = event.account;
  // The platform's own events, or an account no workspace holds: nothing here to change.
  if (!account) return answer(200, { received: true });
  const workspaceId =
    (await workspaceOfStripeAccount(deps.db, account)) ?? (await workspaceOfAccountPayment(deps.db, account, event));
  if (!workspaceId) return answer(200, { received: true });

  if (event.type === 'account.updated') {
    // Read back, not taken from the event: a late event cannot leave an older state.
    await refreshStripeAccount(deps, workspaceId);
    const duplicate = !(await firstDelivery(deps.db, { provider: 'stripe', id: event.id, type: event.type, workspaceId }));
    return answer(200, { received: true, ...(duplicate ? { duplicate } : {}) });
  }
  if (event.type === 'account.application.deauthorized') {
    const duplicate = await deps.db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, { provider: 'stripe', id: event.id, type: event.type, workspaceId }))) return true;
      // New checkouts stop; the workspace's past orders stay as they are.
      await disconnectStripeAccount(tx, workspaceId, account);
      return false;
    });
    return answer(200, { received: true, ...(duplicate ? { duplicate } : {}) });
  }
  return applyStripeEvent(deps, { workspaceId, stripe, account }, event);
}

function verifyStripeEvent(stripe: Stripe, rawBody: Buffer, signature: string | undefined, secret: string) {
  try {
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return undefined;
  }
}

/**
 * A disconnected account's payment events (a refund made in the owner's Stripe dashboard later)
 * still belong to the workspace whose payment they name, and was opened on that account.
 */
async function workspaceOfAccountPayment(db: Executor, account: string, event: Stripe.Event) {
  const object = event.data.object as { object?: string; client_reference_id?: string | null; payment_intent?: unknown };
  const byId =
    object.object === 'checkout.session' && isUuid(object.client_reference_id ?? '') ? object.client_reference_id! : null;
  const byCharge = object.object === 'charge' && typeof object.payment_intent === 'string' ? object.payment_intent : null;
  if (!byId && !byCharge) return undefined;
  const [row] = await db
    .select({ workspaceId: payments.workspaceId })
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'stripe'),
        eq(payments.accountId, account),
        byId ? eq(payments.id, byId) : eq(payments.chargeId, byCharge!),
      ),
    );
  return row?.workspaceId;
}

/** Whose event it is: the workspace, the client to ask Stripe with, and the connected account (null: own keys). */
interface StripeScope {
  workspaceId: string;
  stripe: Stripe;
  account: string | null;
}

/** Requests on the scope's connected account carry its `Stripe-Account` header. */
const on = (scope: StripeScope) => (scope.account ? { stripeAccount: scope.account } : {});

/** Applies a verified Stripe event once, in one transaction; shared by the own-keys and Connect endpoints. */
async function applyStripeEvent(deps: CheckoutDeps, scope: StripeScope, event: Stripe.Event): Promise<WebhookAnswer> {
  const { workspaceId, stripe } = scope;
  // A refund can arrive before the payment it refunds was confirmed here: then only the
  // PaymentIntent (whose metadata holds our payment id) tells which payment it is.
  let refundedPaymentId: string | undefined;
  if (event.type === 'charge.refunded' && typeof event.data.object.payment_intent === 'string') {
    refundedPaymentId = await paymentIdOfCharge(deps.db, workspaceId, 'stripe', event.data.object.payment_intent);
    if (!refundedPaymentId) {
      const intent = await stripe.paymentIntents.retrieve(event.data.object.payment_intent, {}, on(scope));
      refundedPaymentId = intent.metadata.payment_id;
    }
  }
  // The code the buyer entered, by name: the session names only its id.
  let promotionCode: string | null = null;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const promotion = event.data.object.discounts?.find((d) => d.promotion_code)?.promotion_code;
    if (typeof promotion === 'string') promotionCode = (await stripe.promotionCodes.retrieve(promotion, {}, on(scope))).code;
    else if (promotion) promotionCode = promotion.code;
  }

  const duplicate = await deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: 'stripe', id: event.id, type: event.type, workspaceId }))) return true;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const payment = await sessionPayment(tx, session, scope);
        // 'unpaid' completions are delayed methods (bank debits): wait for async_payment_succeeded.
        if (!payment || session.payment_status !== 'paid') break;
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        const settled = settlementOf(session, payment, promotionCode);
        if (!settled) {
          await markFailed(tx, payment, 'amount_mismatch');
          break;
        }
        if (await belowMinimum(tx, payment, settled.netAmount)) {
          await refuseBelowMinimum(tx, scope, payment, settled, intent);
          break;
        }
        await markPaid(deps.leads, tx, payment, intent, settled);
        break;
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const payment = await sessionPayment(tx, event.data.object, scope);
        if (payment) await markFailed(tx, payment, event.type === 'checkout.session.expired' ? 'expired' : 'failed');
        break;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const found =
          refundedPaymentId && isUuid(refundedPaymentId)
            ? await lockPayment(tx, { id: refundedPaymentId }, workspaceId)
            : undefined;
        const payment = found && found.provider === 'stripe' && found.accountId === scope.account ? found : undefined;
        // Our own refund of a payment below the minimum: it stays failed, with its reason for the buyer's page.
        if (payment?.status === 'failed' && payment.failureReason === 'below_minimum') break;
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

type PaymentRow = typeof payments.$inferSelect;

/**
 * What Stripe settled, once the parts that cannot be tampered with agree with the payment: the
 * currency and the subtotal (the price before discount and tax, which the server decided), and a
 * total that is that subtotal less the discount plus the tax. Undefined when they do not.
 */
function settlementOf(
  session: Stripe.Checkout.Session,
  payment: PaymentRow,
  promotionCode: string | null,
): Settlement | undefined {
  const discount = session.total_details?.amount_discount ?? 0;
  const tax = session.total_details?.amount_tax ?? 0;
  const subtotal = session.amount_subtotal;
  if (session.currency !== payment.currency.toLowerCase() || subtotal !== payment.amount) return undefined;
  if (discount < 0 || tax < 0 || discount > subtotal || session.amount_total !== subtotal - discount + tax) return undefined;
  return {
    netAmount: subtotal - discount,
    taxAmount: tax,
    discountAmount: discount,
    promotionCode: discount > 0 ? promotionCode : null,
    feeAmount: payment.feeAmount,
  };
}

/** Pay-what-you-want keeps its minimum after a discount code. */
async function belowMinimum(tx: Executor, payment: PaymentRow, net: number) {
  const [form] = await tx
    .select({ published: forms.published, draft: forms.draft })
    .from(forms)
    .where(eq(forms.id, payment.formId));
  const config = form?.published ?? form?.draft;
  if (!config || config.payment.type !== 'pwyw') return false;
  return net < Math.max(config.payment.pwywMinimum, 1);
}

/**
 * Paid, but less than the page's minimum once the code was taken off: no file, and the money goes
 * back in full. The refund is asked inside the transaction: if Stripe cannot be reached, nothing is
 * recorded and Stripe's retry of the event tries again; the payment id keeps it to one refund.
 */
async function refuseBelowMinimum(
  tx: Executor,
  scope: StripeScope,
  payment: PaymentRow,
  settled: Settlement,
  intent: string | null,
) {
  if (!(await markFailed(tx, payment, 'below_minimum'))) return;
  await tx
    .update(payments)
    .set({ ...settled, chargeId: intent })
    .where(eq(payments.id, payment.id));
  if (!intent) return;
  await scope.stripe.refunds.create(
    {
      payment_intent: intent,
      reason: 'requested_by_customer',
      metadata: { payment_id: payment.id, reason: 'below_minimum' },
      ...(scope.account && (payment.feeAmount ?? 0) > 0 && { refund_application_fee: true }),
    },
    { idempotencyKey: `refund-below-minimum-${payment.id}`, ...on(scope) },
  );
}

async function sessionPayment(tx: Executor, session: Stripe.Checkout.Session, scope: StripeScope) {
  const id = session.client_reference_id ?? '';
  if (!isUuid(id)) return undefined;
  const payment = await lockPayment(tx, { id }, scope.workspaceId);
  return payment && payment.provider === 'stripe' && payment.checkoutId === session.id && payment.accountId === scope.account
    ? payment
    : undefined;
}

async function paymentIdOfCharge(db: Executor, workspaceId: string, provider: Provider, chargeId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.workspaceId, workspaceId), eq(payments.provider, provider), eq(payments.chargeId, chargeId)));
  return row?.id;
}
