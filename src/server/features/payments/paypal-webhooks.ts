import { and, eq, or } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import { decimalAmount } from '@/domain/money';
import type { Executor } from '@/server/db/client';
import { connectedAccounts, payments } from '@/server/db/schema/index';
import { loadCredentials } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { firstDelivery, lockPayment, markFailed, markPaid, markRefunded } from './fulfil.js';
import { paypalApi, type PaypalApi } from './paypal.js';
import { connectMerchant, partnerApi, paypalMerchantRow, refreshMerchant, workspaceOfTrackingId } from './paypal-partner.js';
import type { WebhookAnswer } from './webhooks.js';

type PaymentRow = typeof payments.$inferSelect;

export interface PaypalEvent {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel?: string; href?: string }[];
    /** Captures: the merchant paid. */
    payee?: { merchant_id?: string; email_address?: string };
    /** Refunds: the merchant who refunded. */
    payer?: { merchant_id?: string; email_address?: string };
    /** MERCHANT.* events. */
    merchant_id?: string;
    tracking_id?: string;
  };
}

const answer = (status: number, body: WebhookAnswer['body']): WebhookAnswer => ({ status, body });

/**
 * PayPal paid: the payment is paid, and as PayPal calculates no tax here, its net is the whole
 * amount and its tax zero, in the same transaction.
 */
export async function markPaypalPaid(deps: CheckoutDeps, tx: Executor, payment: PaymentRow, captureId: string | null) {
  const settled = { netAmount: payment.amount, taxAmount: 0, discountAmount: 0, promotionCode: null, feeAmount: null };
  return markPaid(deps.leads, tx, payment, captureId, settled);
}

/** A body that is a PayPal event, or the answer to give one that is not. */
function parseEvent(rawBody: string): PaypalEvent | WebhookAnswer {
  let event: Partial<PaypalEvent>;
  try {
    event = JSON.parse(rawBody) as Partial<PaypalEvent>;
  } catch {
    return answer(400, { received: false, error: 'not JSON' });
  }
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') {
    return answer(400, { received: false, error: 'not a PayPal event' });
  }
  return event as PaypalEvent;
}

/** PayPal's verify-webhook-signature, against `api`'s webhook id; an answer when it is not verified. */
async function verify(
  api: PaypalApi,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  log: (err: unknown) => void,
): Promise<WebhookAnswer | undefined> {
  let verified: boolean;
  try {
    verified = await api.verifyWebhook(headers, rawBody);
  } catch (err) {
    log(err);
    // Not verified either way: PayPal retries a failed delivery, so the event is not lost.
    return answer(503, { received: false, error: 'could not verify the signature with PayPal' });
  }
  return verified ? undefined : answer(400, { received: false, error: 'invalid signature' });
}

const REFUNDS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/** The capture a payment event is about: the resource itself, or a refund's 'up' link (…/captures/{id}). */
function capturedIdOf(event: PaypalEvent): string | undefined {
  const resource = event.resource ?? {};
  if (!REFUNDS.has(event.event_type)) return resource.id;
  const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1];
}

/**
 * Applies a verified payment event once (its id recorded in the same transaction). `accountId` is
 * whose money the event is about: null for a workspace's own REST app, the merchant id for the
 * platform's merchants. A payment opened on another account is not touched.
 */
async function applyPaymentEvent(
  deps: CheckoutDeps,
  event: PaypalEvent,
  scope: { workspaceId: string; accountId: string | null },
): Promise<boolean> {
  const { id, event_type: type, resource = {} } = event;
  const { workspaceId, accountId } = scope;
  const capturedId = capturedIdOf(event);
  return deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, { provider: 'paypal', id, type, workspaceId }))) return true;
    const byCapture = capturedId ? await paymentIdOfCapture(tx, workspaceId, capturedId) : undefined;
    const paymentId = byCapture ?? resource.custom_id;
    const payment = paymentId && isUuid(paymentId) ? await lockPayment(tx, { id: paymentId }, workspaceId) : undefined;
    if (!payment || payment.provider !== 'paypal' || payment.accountId !== accountId) return false;
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    if (orderId && orderId !== payment.checkoutId) return false;
    switch (type) {
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const amountMatches =
          resource.amount?.currency_code === payment.currency &&
          resource.amount.value === decimalAmount(payment.amount, payment.currency);
        if (amountMatches) await markPaypalPaid(deps, tx, payment, resource.id ?? null);
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
}

async function paymentIdOfCapture(db: Executor, workspaceId: string, captureId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.workspaceId, workspaceId), eq(payments.provider, 'paypal'), eq(payments.chargeId, captureId)));
  return row?.id;
}

const received = (duplicate: boolean) => answer(200, { received: true, ...(duplicate ? { duplicate } : {}) });

/**
 * A PayPal webhook for one workspace's own REST app: PayPal's verify-webhook-signature call must
 * answer SUCCESS for the bytes received and the workspace's webhook id; then the event is applied once.
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
  const event = parseEvent(rawBody);
  if ('status' in event) return event;
  const refused = await verify(paypalApi(credentials, deps.paypalApiUrl), rawBody, headers, log);
  if (refused) return refused;
  return received(await applyPaymentEvent(deps, event, { workspaceId, accountId: null }));
}

/**
 * The platform's one webhook (PAYPAL_PARTNER_WEBHOOK_ID): every connected merchant's events, verified
 * with the platform's credentials. The resource's merchant (a capture's payee, a refund's payer, a
 * MERCHANT.* event's merchant_id) says whose it is; a payment event applies only to a payment that
 * was opened for that same merchant.
 */
export async function handlePaypalPartnerWebhook(
  deps: CheckoutDeps,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  log: (err: unknown) => void,
): Promise<WebhookAnswer> {
  const api = partnerApi(deps);
  if (!api) return answer(404, { received: false, error: 'PayPal partner onboarding is not configured on this server' });
  const event = parseEvent(rawBody);
  if ('status' in event) return event;
  const refused = await verify(api, rawBody, headers, log);
  if (refused) return refused;

  const resource = event.resource ?? {};
  if (event.event_type === 'MERCHANT.PARTNER-CONSENT.REVOKED') return consentRevoked(deps, event);
  if (event.event_type === 'MERCHANT.ONBOARDING.COMPLETED') return onboardingCompleted(deps, event, log);

  const merchantId = resource.payee?.merchant_id ?? resource.payer?.merchant_id;
  if (!merchantId) return received(false);
  // Whose payment: one opened for this merchant, found by its capture or by our own id (custom_id).
  const capturedId = capturedIdOf(event);
  const customId = resource.custom_id && isUuid(resource.custom_id) ? resource.custom_id : undefined;
  const matches = [...(capturedId ? [eq(payments.chargeId, capturedId)] : []), ...(customId ? [eq(payments.id, customId)] : [])];
  if (matches.length === 0) return received(false);
  const [payment] = await deps.db
    .select({ workspaceId: payments.workspaceId })
    .from(payments)
    .where(and(eq(payments.provider, 'paypal'), eq(payments.accountId, merchantId), or(...matches)))
    .limit(1);
  // Not a payment of this merchant's (another owner's merchant, or an order made elsewhere): nothing to do.
  if (!payment) return received(false);
  return received(await applyPaymentEvent(deps, event, { workspaceId: payment.workspaceId, accountId: merchantId }));
}

/** The seller withdrew the platform's permissions on PayPal: the connection goes, new checkouts stop, orders stay. */
async function consentRevoked(deps: CheckoutDeps, event: PaypalEvent): Promise<WebhookAnswer> {
  const merchantId = event.resource?.merchant_id;
  if (!merchantId) return received(false);
  const duplicate = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ workspaceId: connectedAccounts.workspaceId })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.provider, 'paypal'), eq(connectedAccounts.accountId, merchantId)))
      .for('update');
    if (!row) return false;
    const { workspaceId } = row;
    if (!(await firstDelivery(tx, { provider: 'paypal', id: event.id, type: event.event_type, workspaceId }))) return true;
    await tx
      .delete(connectedAccounts)
      .where(and(eq(connectedAccounts.provider, 'paypal'), eq(connectedAccounts.accountId, merchantId)));
    return false;
  });
  return received(duplicate);
}

/**
 * The seller finished PayPal's onboarding: its status is read again. A seller who never came back
 * to Lodestone (closed the tab) is connected here, when the tracking id is one of ours.
 */
async function onboardingCompleted(deps: CheckoutDeps, event: PaypalEvent, log: (err: unknown) => void) {
  const merchantId = event.resource?.merchant_id;
  const trackingId = event.resource?.tracking_id;
  if (!merchantId) return received(false);
  const [row] = await deps.db
    .select({ workspaceId: connectedAccounts.workspaceId })
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.provider, 'paypal'), eq(connectedAccounts.accountId, merchantId)));
  if (row) {
    await refreshMerchant(deps, row.workspaceId, merchantId);
    return received(false);
  }
  const workspaceId = trackingId ? workspaceOfTrackingId(deps, trackingId) : null;
  if (!workspaceId || !trackingId) return received(false);
  // Only a workspace without a merchant: a webhook never replaces the account an owner connected.
  if (await paypalMerchantRow(deps.db, workspaceId)) return received(false);
  const outcome = await connectMerchant(deps, workspaceId, { trackingId, merchantId });
  if (!outcome.ok) log(new Error(`MERCHANT.ONBOARDING.COMPLETED for ${merchantId} not applied: ${outcome.error}`));
  return received(false);
}
