import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import {
  escapeHtml,
  eventOption,
  filterByQuery,
  headerValue,
  type LoggedRequest,
  loggedRequest,
  optionalText,
  type PageHandler,
  parseJsonBody,
  randomString,
  redirect,
  Router,
  type RunningStandIn,
  sendControl,
  sendHtml,
  sendJson,
  serveStandIn,
  StandInError,
  UPPER_ALPHANUMERIC,
  withCommonControls,
} from './http.js';
import { checkoutPage, formatDecimal, noticePage } from './pages.js';
import {
  authenticationFailure,
  debugId,
  type ExperienceContext,
  invalidRequest,
  type Money,
  orderNotFound,
  orderPayee,
  orderRequest,
  referralRequest,
  PaypalApiError,
  paymentNotFound,
  paypalDecimals,
  unprocessable,
  verifyRequest,
} from './paypal-params.js';
import { DeliveryScheduler, postWebhook } from './webhooks.js';

/**
 * A local PayPal for tests: OAuth, Orders v2 and the webhook endpoints Lodestone uses (so the official
 * SDK talks to it unchanged), a checkout page for browsers, and signed webhooks. PayPal signs with
 * RSA and a certificate; the stand-in signs the same message with HMAC and a key only it knows, so
 * `verify-webhook-signature` is the one way to check a webhook, as it is for Lodestone in production.
 * See README.md in this folder.
 */

export interface PaypalAccount {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where events are POSTed; without one they are recorded in `deliveries` as undeliverable. */
  webhookUrl?: string;
  /** The event types the webhook is subscribed to; PayPal sends no others. '*' means all. */
  eventTypes?: string[];
  /** The account's own merchant id (a partner's PAYPAL_PARTNER_MERCHANT_ID); random when not given. */
  merchantId?: string;
}

/** A seller onboarded through a partner's referral. */
export interface PaypalMerchant {
  merchantId: string;
  trackingId: string;
  /** The partner (its client id) the seller granted third-party permissions to. */
  partnerClientId: string;
  email: string;
  country: string;
  paymentsReceivable: boolean;
  emailConfirmed: boolean;
  /** False once the seller revoked the partner's permissions. */
  consented: boolean;
  features: string[];
}

/** A partner referral: its `action_url` serves the onboarding page. */
export interface PaypalReferral {
  id: string;
  partnerClientId: string;
  trackingId: string;
  returnUrl: string | undefined;
  features: string[];
  email: string | undefined;
  actionUrl: string;
  /** The merchant that completed it, once one did. */
  merchantId?: string;
}

export interface OnboardOptions {
  /** The seller's merchant id; a new one by default (an existing one: the same seller onboarding again). */
  merchantId?: string;
  email?: string;
  country?: string;
  paymentsReceivable?: boolean;
  emailConfirmed?: boolean;
}

export const DEFAULT_EVENT_TYPES = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
];

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH';
}

export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';
  status_details?: { reason: string };
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories: string[] };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PaypalRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: unknown };
  payee: { email_address: string; merchant_id: string };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  payments?: { captures: PaypalCapture[]; refunds?: PaypalRefund[] };
}

/** An order as `GET /v2/checkout/orders/:id` returns it (snake_case, as on the wire). */
export interface PaypalOrder {
  id: string;
  intent: 'CAPTURE';
  status: OrderStatus;
  payment_source?: { paypal: Record<string, unknown> };
  purchase_units: PurchaseUnit[];
  payer?: Record<string, unknown>;
  create_time: string;
  update_time?: string;
  links: Link[];
}

export interface PaypalEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Link[];
}

export interface PaypalDelivery {
  event: PaypalEvent;
  url: string | null;
  headers: Record<string, string>;
  /** The receiver's HTTP status; null when it could not be reached (or the account has no webhook URL). */
  status: number | null;
  body: string;
  error?: string;
  deliveredAt: string;
}

export interface PaypalDeliverOptions {
  /** Replace or add headers, e.g. a forged paypal-transmission-sig. */
  headers?: Record<string, string>;
  /** Sent instead of the signed payload, while the signature still covers the real one (tampering). */
  body?: string;
  /** The account to send to, for an event that is not about one of its orders. */
  clientId?: string;
}

export interface PaypalControlResult {
  event: PaypalEvent;
  delivery: PaypalDelivery;
}

export type CaptureOutcome = 'PENDING' | 'DECLINED';

export interface PaypalStandIn extends RunningStandIn {
  addAccount(account: PaypalAccount): void;
  /** Sellers onboarded through partner referrals, by merchant id (live objects). */
  merchants: ReadonlyMap<string, PaypalMerchant>;
  /** Partner referrals, by id (live objects). */
  referrals: ReadonlyMap<string, PaypalReferral>;
  /** What the seller does on the onboarding page: agrees. Returns where PayPal sends them (the return URL with its parameters). */
  onboard(referralId: string, options?: OnboardOptions): Promise<{ merchantId: string; redirectUrl: string | null }>;
  /** Changes a seller's status (e.g. confirms its email); no event, as PayPal sends none. */
  setMerchant(merchantId: string, changes: Partial<Pick<PaypalMerchant, 'paymentsReceivable' | 'emailConfirmed'>>): void;
  /** The seller revokes the partner's permissions: MERCHANT.PARTNER-CONSENT.REVOKED to the partner's webhook. */
  revokeConsent(merchantId: string): Promise<PaypalControlResult>;
  /** Every order, by id (live objects). */
  orders: ReadonlyMap<string, PaypalOrder>;
  /** What an order's create request asked of PayPal's pages (URLs, brand, locale); the order PayPal returns omits it. */
  experience(orderId: string): ExperienceContext | undefined;
  /** API requests (/v1, /v2) in the order received, as the SDK sent them. */
  requests: readonly LoggedRequest[];
  deliveries: readonly PaypalDelivery[];
  /** What the buyer does on the checkout page: approves the order. Returns where PayPal sends the buyer. */
  approve(orderId: string): { payerId: string; redirectUrl: string | null };
  /** The next capture of this order ends PENDING (no webhook until completeCapture/deny) or fails INSTRUMENT_DECLINED. */
  captureOutcome(orderId: string, outcome: CaptureOutcome): void;
  /** A PENDING capture clears: PAYMENT.CAPTURE.COMPLETED. */
  completeCapture(orderId: string): Promise<PaypalControlResult>;
  /** A PENDING capture is denied: PAYMENT.CAPTURE.DENIED. */
  deny(orderId: string): Promise<PaypalControlResult>;
  /** Refunds a completed capture in full; `id` is the capture or its order. */
  refund(id: string): Promise<PaypalControlResult>;
  buildEvent(eventType: string, resource: object, options?: { resourceType?: string; clientId?: string }): PaypalEvent;
  deliver(event: PaypalEvent, options?: PaypalDeliverOptions): Promise<PaypalDelivery>;
  /** Forgets orders, events, requests and deliveries; accounts, onboarded sellers and issued tokens stay (clients cache tokens). */
  reset(): void;
}

interface Account extends PaypalAccount {
  merchantId: string;
  appId: string;
}

interface OrderRecord {
  account: Account;
  /** The seller a partner created the order for (`payee.merchant_id`); the partner's own order otherwise. */
  merchant?: PaypalMerchant;
  /** PayPal-Partner-Attribution-Id sent with the create request. */
  attributionId?: string;
  order: PaypalOrder;
  experience: ExperienceContext;
  /** CREATED, or PAYER_ACTION_REQUIRED when the request named PayPal as payment source. */
  unapprovedStatus: OrderStatus;
  nextCaptureOutcome?: CaptureOutcome;
}

interface ApiInput {
  req: IncomingMessage;
  account: Account;
  body: unknown;
  path: Record<string, string>;
}
type ApiResult = { status: number; body: unknown };
type ApiHandler = (input: ApiInput) => ApiResult;

const TOKEN_LIFETIME_SECONDS = 32_400;
const AUTH_ALGO = 'SHA256withRSA';
const BUYER = { given_name: 'Test', surname: 'Buyer', email_address: 'buyer@example.com' };
// PayPal's own timestamps have no milliseconds.
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const paypalId = (prefix = '') => prefix + randomString(17 - prefix.length, UPPER_ALPHANUMERIC);

export async function startPaypalStandIn({
  port = 0,
  webhookDelayMs = 300,
}: { port?: number; webhookDelayMs?: number } = {}): Promise<PaypalStandIn> {
  const accounts = new Map<string, Account>();
  const tokens = new Map<string, { account: Account; expiresAt: number }>();
  const records = new Map<string, OrderRecord>();
  const orders = new Map<string, PaypalOrder>();
  const events = new Map<string, { account: Account; event: PaypalEvent }>();
  const idempotent = new Map<string, ApiResult>();
  const requests: LoggedRequest[] = [];
  const deliveries: PaypalDelivery[] = [];
  const merchants = new Map<string, PaypalMerchant>();
  const referrals = new Map<string, PaypalReferral>();
  const scheduler = new DeliveryScheduler();
  // Signs transmissions; never leaves the process, so only verify-webhook-signature can check them.
  const signingKey = randomBytes(32);
  let baseUrl = '';

  function addAccount(account: PaypalAccount): void {
    if (!account.clientId || !account.clientSecret || !account.webhookId) {
      throw new StandInError(400, 'clientId, clientSecret and webhookId are required');
    }
    if (account.webhookUrl !== undefined) new URL(account.webhookUrl);
    const existing = accounts.get(account.clientId);
    // Registering again (e.g. a new webhook URL) updates the account its orders and tokens belong to.
    if (existing) Object.assign(existing, { eventTypes: undefined, webhookUrl: undefined }, account);
    else {
      accounts.set(account.clientId, {
        ...account,
        merchantId: account.merchantId ?? randomString(13, UPPER_ALPHANUMERIC),
        appId: `APP-${randomString(17, UPPER_ALPHANUMERIC)}`,
      });
    }
  }

  function findOrder(orderId: string): OrderRecord {
    const record = records.get(orderId);
    if (!record) throw new StandInError(404, `No PayPal order ${orderId}`);
    return record;
  }

  /** The order of a capture or refund id (or an order id). */
  function findByPaymentId(id: string): OrderRecord | undefined {
    return (
      records.get(id) ??
      [...records.values()].find((r) => {
        const payments = r.order.purchase_units[0]?.payments;
        return payments?.captures.some((c) => c.id === id) || payments?.refunds?.some((f) => f.id === id);
      })
    );
  }

  const captureOf = (record: OrderRecord) => record.order.purchase_units[0]?.payments?.captures[0];

  /** The HATEOAS links PayPal returns for an order in each status. */
  function refreshLinks(record: OrderRecord): void {
    const { order } = record;
    const self = `${baseUrl}/v2/checkout/orders/${order.id}`;
    const approve = `${baseUrl}/checkoutnow?token=${order.id}`;
    const links: Link[] = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'PAYER_ACTION_REQUIRED') links.push({ href: approve, rel: 'payer-action', method: 'GET' });
    if (order.status === 'CREATED') links.push({ href: approve, rel: 'approve', method: 'GET' });
    if (order.status === 'CREATED' || order.status === 'APPROVED') {
      links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    order.links = links;
  }

  function setStatus(record: OrderRecord, status: OrderStatus): void {
    record.order.status = status;
    record.order.update_time = isoNow();
    refreshLinks(record);
  }

  // ---- events and webhooks -------------------------------------------------------------------

  const amountText = (money: Money) => `${money.value} ${money.currency_code}`;
  const SUMMARIES: Record<string, (resource: Record<string, unknown>) => string> = {
    'PAYMENT.CAPTURE.COMPLETED': (r) => `Payment completed for ${amountText(r.amount as Money)}`,
    'PAYMENT.CAPTURE.DENIED': (r) => `Payment denied for ${amountText(r.amount as Money)}`,
    'PAYMENT.CAPTURE.REFUNDED': (r) => `A ${amountText(r.amount as Money)} capture payment was refunded`,
    'PAYMENT.CAPTURE.REVERSED': (r) => `A ${amountText(r.amount as Money)} capture payment was reversed`,
    'MERCHANT.ONBOARDING.COMPLETED': () => 'The merchant account setup is completed',
    'MERCHANT.PARTNER-CONSENT.REVOKED': () => 'The oauth permissions granted to the partner were revoked by the merchant',
  };

  function accountForResource(resource: Record<string, unknown>): Account | undefined {
    const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
    const id = typeof resource.id === 'string' ? resource.id : undefined;
    const record = (id && findByPaymentId(id)) || (typeof related === 'string' ? records.get(related) : undefined);
    return record ? record.account : undefined;
  }

  function buildEvent(
    eventType: string,
    resource: object,
    options: { resourceType?: string; clientId?: string } = {},
  ): PaypalEvent {
    const snapshot = structuredClone(resource) as Record<string, unknown>;
    const account =
      (options.clientId !== undefined ? accounts.get(options.clientId) : undefined) ??
      accountForResource(snapshot) ??
      (accounts.size === 1 ? [...accounts.values()][0] : undefined);
    if (!account) throw new StandInError(400, 'Cannot tell which account the event is for; pass clientId');
    const event: PaypalEvent = {
      id: `WH-${randomString(17, UPPER_ALPHANUMERIC)}-${randomString(17, UPPER_ALPHANUMERIC)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type:
        options.resourceType ??
        (eventType.startsWith('MERCHANT.') ? 'merchant-onboarding' : /REFUNDED|REVERSED/.test(eventType) ? 'refund' : 'capture'),
      resource_version: '2.0',
      event_type: eventType,
      summary: SUMMARIES[eventType]?.(snapshot) ?? eventType,
      resource: snapshot,
      links: [],
    };
    events.set(event.id, { account, event });
    return event;
  }

  /** PayPal's signed message, `<transmission id>|<time>|<webhook id>|<CRC32 of the body>`, with HMAC for RSA. */
  const sign = (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64');

  async function deliver(event: PaypalEvent, options: PaypalDeliverOptions = {}): Promise<PaypalDelivery> {
    const account =
      (options.clientId !== undefined ? accounts.get(options.clientId) : undefined) ?? events.get(event.id)?.account;
    if (!account) throw new StandInError(400, `Event ${event.id} was not built by this stand-in; pass clientId`);
    const payload = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = isoNow();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58473440',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sign(transmissionId, time, account.webhookId, payload),
      'paypal-cert-url': `${baseUrl}/certs/standin`,
      'paypal-auth-algo': AUTH_ALGO,
      ...options.headers,
    };
    const url = account.webhookUrl ?? null;
    const response = url
      ? await postWebhook(url, options.body ?? payload, headers)
      : { status: null, body: '', error: 'The account has no webhook URL' };
    const delivery: PaypalDelivery = { event, url, headers, ...response, deliveredAt: new Date().toISOString() };
    deliveries.push(delivery);
    return delivery;
  }

  const subscribed = (account: Account, eventType: string) => {
    const types = account.eventTypes ?? DEFAULT_EVENT_TYPES;
    return types.includes('*') || types.includes(eventType);
  };

  /** An event PayPal raises by itself: only sent when the webhook is subscribed to its type. */
  async function emit(record: OrderRecord, eventType: string, resource: object): Promise<PaypalControlResult> {
    const event = buildEvent(eventType, resource, { clientId: record.account.clientId });
    if (!subscribed(record.account, eventType)) {
      const delivery: PaypalDelivery = {
        event,
        url: null,
        headers: {},
        status: null,
        body: '',
        error: `The webhook is not subscribed to ${eventType}`,
        deliveredAt: new Date().toISOString(),
      };
      deliveries.push(delivery);
      return { event, delivery };
    }
    return { event, delivery: await deliver(event) };
  }

  const payeeOf = (merchant: PaypalMerchant) => ({ email_address: merchant.email, merchant_id: merchant.merchantId });

  /** A capture as its webhook carries it; a partner's order for a seller names the seller as payee. */
  const captureResource = (record: OrderRecord, capture: PaypalCapture) => ({
    ...capture,
    ...(record.merchant && { payee: payeeOf(record.merchant) }),
    supplementary_data: { related_ids: { order_id: record.order.id } },
  });

  /** An event about a seller, to the partner's webhook (when it is subscribed). */
  async function emitForPartner(partner: Account, eventType: string, resource: object): Promise<PaypalControlResult> {
    const event = buildEvent(eventType, resource, { clientId: partner.clientId });
    if (!subscribed(partner, eventType)) {
      const delivery: PaypalDelivery = {
        event,
        url: null,
        headers: {},
        status: null,
        body: '',
        error: `The webhook is not subscribed to ${eventType}`,
        deliveredAt: new Date().toISOString(),
      };
      deliveries.push(delivery);
      return { event, delivery };
    }
    return { event, delivery: await deliver(event) };
  }

  function findReferral(id: string): PaypalReferral {
    const referral = referrals.get(id);
    if (!referral) throw new StandInError(404, `No partner referral ${id}`);
    return referral;
  }

  /** The seller agreed on the onboarding page: their account is created (or found) and granted to the partner. */
  async function onboard(referralId: string, options: OnboardOptions = {}) {
    const referral = findReferral(referralId);
    const partner = accounts.get(referral.partnerClientId)!;
    const merchantId = options.merchantId ?? randomString(13, UPPER_ALPHANUMERIC);
    const existing = merchants.get(merchantId);
    const merchant: PaypalMerchant = {
      merchantId,
      trackingId: referral.trackingId,
      partnerClientId: partner.clientId,
      email: options.email ?? existing?.email ?? referral.email ?? `seller-${merchantId.toLowerCase()}@example.com`,
      country: options.country ?? existing?.country ?? 'US',
      paymentsReceivable: options.paymentsReceivable ?? true,
      emailConfirmed: options.emailConfirmed ?? true,
      consented: true,
      features: referral.features,
    };
    merchants.set(merchantId, merchant);
    referral.merchantId = merchantId;
    const event = buildEvent(
      'MERCHANT.ONBOARDING.COMPLETED',
      {
        partner_client_id: partner.clientId,
        merchant_id: merchantId,
        tracking_id: referral.trackingId,
        links: [
          {
            href: `${baseUrl}/v1/customer/partners/${partner.merchantId}/merchant-integrations/${merchantId}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      },
      { clientId: partner.clientId },
    );
    if (subscribed(partner, event.event_type)) scheduler.schedule(webhookDelayMs, () => deliver(event));
    if (!referral.returnUrl) return { merchantId, redirectUrl: null };
    // PayPal's return parameters: `merchantId` is the partner's tracking id, `merchantIdInPayPal` the seller's id.
    const target = new URL(referral.returnUrl);
    target.searchParams.set('merchantId', referral.trackingId);
    target.searchParams.set('merchantIdInPayPal', merchantId);
    target.searchParams.set('permissionsGranted', 'true');
    target.searchParams.set('consentStatus', 'true');
    target.searchParams.set('productIntentId', 'addipmt');
    target.searchParams.set('isEmailConfirmed', String(merchant.emailConfirmed));
    target.searchParams.set('accountStatus', 'BUSINESS_ACCOUNT');
    return { merchantId, redirectUrl: target.toString() };
  }

  function findMerchant(merchantId: string): PaypalMerchant {
    const merchant = merchants.get(merchantId);
    if (!merchant) throw new StandInError(404, `No merchant ${merchantId}`);
    return merchant;
  }

  /** `GET /v1/customer/partners/{partner}/merchant-integrations/{merchant}` as PayPal answers it. */
  function merchantIntegration(partner: Account, merchant: PaypalMerchant) {
    return {
      merchant_id: merchant.merchantId,
      tracking_id: merchant.trackingId,
      legal_name: `Seller ${merchant.merchantId}`,
      primary_email: merchant.email,
      primary_email_confirmed: merchant.emailConfirmed,
      payments_receivable: merchant.paymentsReceivable,
      country: merchant.country,
      products: [
        {
          name: 'PPCP_STANDARD',
          vetting_status: 'SUBSCRIBED',
          capabilities: ['PAYPAL_CHECKOUT', 'PAYPAL_CHECKOUT_ALTERNATIVE_PAYMENT_METHODS'],
        },
      ],
      capabilities: [{ name: 'PAYPAL_CHECKOUT', status: merchant.paymentsReceivable ? 'ACTIVE' : 'SUSPENDED' }],
      oauth_integrations: merchant.consented
        ? [
            {
              integration_type: 'OAUTH_THIRD_PARTY',
              integration_method: 'PAYPAL',
              oauth_third_party: [
                {
                  partner_client_id: partner.clientId,
                  merchant_client_id: `merchant-client-${merchant.merchantId}`,
                  scopes: merchant.features.map((f) => `https://uri.paypal.com/services/${f.toLowerCase()}`),
                },
              ],
            },
          ]
        : [],
      links: [
        {
          href: `${baseUrl}/v1/customer/partners/${partner.merchantId}/merchant-integrations/${merchant.merchantId}`,
          rel: 'self',
          method: 'GET',
        },
      ],
    };
  }

  // ---- state changes (shared by the checkout page, the API and the controls) ------------------

  function approve(orderId: string): { payerId: string; redirectUrl: string | null } {
    const record = findOrder(orderId);
    const { order } = record;
    if (order.status === 'COMPLETED') throw new StandInError(409, `Order ${orderId} is already captured`);
    const payerId = randomString(13, UPPER_ALPHANUMERIC);
    const name = { given_name: BUYER.given_name, surname: BUYER.surname };
    order.payer = { name, email_address: BUYER.email_address, payer_id: payerId, address: { country_code: 'US' } };
    order.payment_source = {
      paypal: {
        email_address: BUYER.email_address,
        account_id: payerId,
        account_status: 'VERIFIED',
        name,
        address: { country_code: 'US' },
      },
    };
    setStatus(record, 'APPROVED');
    const returnUrl = record.experience.return_url;
    if (!returnUrl) return { payerId, redirectUrl: null };
    const target = new URL(returnUrl);
    target.searchParams.set('token', order.id);
    target.searchParams.set('PayerID', payerId);
    return { payerId, redirectUrl: target.toString() };
  }

  function pendingCapture(orderId: string): { record: OrderRecord; capture: PaypalCapture } {
    const record = findOrder(orderId);
    const capture = captureOf(record);
    if (capture?.status !== 'PENDING') {
      throw new StandInError(
        409,
        `Order ${orderId} has no PENDING capture; call captureOutcome(id, 'PENDING') before it is captured`,
      );
    }
    return { record, capture };
  }

  const controls = {
    approve,
    captureOutcome(orderId: string, outcome: CaptureOutcome): void {
      if (outcome !== 'PENDING' && outcome !== 'DECLINED') throw new StandInError(400, "outcome must be 'PENDING' or 'DECLINED'");
      findOrder(orderId).nextCaptureOutcome = outcome;
    },
    async completeCapture(orderId: string) {
      const { record, capture } = pendingCapture(orderId);
      Object.assign(capture, { status: 'COMPLETED', update_time: isoNow() });
      delete capture.status_details;
      return emit(record, 'PAYMENT.CAPTURE.COMPLETED', captureResource(record, capture));
    },
    async deny(orderId: string) {
      const { record, capture } = pendingCapture(orderId);
      Object.assign(capture, { status: 'DECLINED', update_time: isoNow() });
      delete capture.status_details;
      return emit(record, 'PAYMENT.CAPTURE.DENIED', captureResource(record, capture));
    },
    async refund(id: string) {
      const record = findByPaymentId(id);
      const capture = record && captureOf(record);
      if (!record || !capture) throw new StandInError(404, `No capture ${id}`);
      if (capture.status !== 'COMPLETED')
        throw new StandInError(409, `Capture ${capture.id} is ${capture.status}; only COMPLETED captures can be refunded`);
      const now = isoNow();
      const refundId = paypalId();
      const refund: PaypalRefund = {
        id: refundId,
        status: 'COMPLETED',
        amount: { currency_code: capture.amount.currency_code, value: capture.amount.value },
        ...(capture.custom_id !== undefined && { custom_id: capture.custom_id }),
        ...(capture.invoice_id !== undefined && { invoice_id: capture.invoice_id }),
        create_time: now,
        update_time: now,
        links: [
          { href: `${baseUrl}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
          { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      };
      Object.assign(capture, { status: 'REFUNDED', update_time: now });
      const payments = record.order.purchase_units[0]!.payments!;
      payments.refunds = [...(payments.refunds ?? []), refund];
      // A seller's refund names the seller as its payer.
      return emit(record, 'PAYMENT.CAPTURE.REFUNDED', record.merchant ? { ...refund, payer: payeeOf(record.merchant) } : refund);
    },
    onboard,
    setMerchant(merchantId: string, changes: Partial<Pick<PaypalMerchant, 'paymentsReceivable' | 'emailConfirmed'>>) {
      const merchant = findMerchant(merchantId);
      if (changes.paymentsReceivable !== undefined) merchant.paymentsReceivable = changes.paymentsReceivable;
      if (changes.emailConfirmed !== undefined) merchant.emailConfirmed = changes.emailConfirmed;
    },
    async revokeConsent(merchantId: string) {
      const merchant = findMerchant(merchantId);
      merchant.consented = false;
      const partner = accounts.get(merchant.partnerClientId)!;
      return emitForPartner(partner, 'MERCHANT.PARTNER-CONSENT.REVOKED', {
        merchant_id: merchantId,
        tracking_id: merchant.trackingId,
        links: [],
      });
    },
  };

  // ---- API ------------------------------------------------------------------------------------

  function ownedOrder(id: string, account: Account): OrderRecord {
    const record = records.get(id);
    if (!record || record.account !== account) throw orderNotFound(id);
    return record;
  }

  const api = new Router<ApiHandler>()
    .on('POST', '/v2/checkout/orders', ({ req, account, body }) => {
      const request = orderRequest(body);
      const merchant = payeeMerchant(account, orderPayee(body));
      const id = paypalId();
      const unit: PurchaseUnit = {
        reference_id: request.referenceId,
        amount: request.amount,
        payee: merchant
          ? payeeOf(merchant)
          : { email_address: `merchant-${account.merchantId.toLowerCase()}@example.com`, merchant_id: account.merchantId },
        ...(request.description !== undefined && { description: request.description }),
        ...(request.customId !== undefined && { custom_id: request.customId }),
        ...(request.invoiceId !== undefined && { invoice_id: request.invoiceId }),
        ...(request.softDescriptor !== undefined && { soft_descriptor: request.softDescriptor }),
      };
      const order: PaypalOrder = {
        id,
        intent: 'CAPTURE',
        status: request.paypalSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        ...(request.paypalSource && { payment_source: { paypal: {} } }),
        purchase_units: [unit],
        create_time: isoNow(),
        links: [],
      };
      const attributionId = headerValue(req, 'paypal-partner-attribution-id');
      const record: OrderRecord = {
        account,
        ...(merchant && { merchant }),
        ...(attributionId && { attributionId }),
        order,
        experience: request.experience,
        unapprovedStatus: order.status,
      };
      refreshLinks(record);
      records.set(id, record);
      orders.set(id, order);
      const full = /return=representation/i.test(headerValue(req, 'prefer') ?? '');
      const minimal = {
        id,
        status: order.status,
        ...(order.payment_source && { payment_source: { paypal: {} } }),
        links: order.links,
      };
      return { status: 201, body: structuredClone(full ? order : minimal) };
    })
    .on('GET', '/v2/checkout/orders/:id', ({ account, path }) => ({
      status: 200,
      body: structuredClone(ownedOrder(path.id!, account).order),
    }))
    .on('POST', '/v2/checkout/orders/:id/capture', ({ account, path }) => {
      const record = ownedOrder(path.id!, account);
      const { order } = record;
      if (order.status === 'COMPLETED') {
        throw unprocessable({
          issue: 'ORDER_ALREADY_CAPTURED',
          description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        });
      }
      if (order.status !== 'APPROVED') {
        throw unprocessable({
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        });
      }
      const outcome = record.nextCaptureOutcome;
      delete record.nextCaptureOutcome;
      if (outcome === 'DECLINED') {
        // The buyer has to go back to PayPal and choose another way to pay.
        setStatus(record, record.unapprovedStatus);
        const error = unprocessable({
          issue: 'INSTRUMENT_DECLINED',
          description:
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        });
        (error.body.links as Link[]).push({ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' });
        throw error;
      }
      const unit = order.purchase_units[0]!;
      const now = isoNow();
      const captureId = paypalId('CAP');
      const capture: PaypalCapture = {
        id: captureId,
        status: outcome === 'PENDING' ? 'PENDING' : 'COMPLETED',
        ...(outcome === 'PENDING' && { status_details: { reason: 'PENDING_REVIEW' } }),
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        ...(unit.custom_id !== undefined && { custom_id: unit.custom_id }),
        ...(unit.invoice_id !== undefined && { invoice_id: unit.invoice_id }),
        final_capture: true,
        seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
        create_time: now,
        update_time: now,
        links: [
          { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
          { href: `${baseUrl}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
          { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
        ],
      };
      unit.payments = { captures: [capture] };
      setStatus(record, 'COMPLETED');
      if (capture.status === 'COMPLETED') {
        const event = buildEvent('PAYMENT.CAPTURE.COMPLETED', captureResource(record, capture), { clientId: account.clientId });
        if (subscribed(account, event.event_type)) scheduler.schedule(webhookDelayMs, () => deliver(event));
      }
      return { status: 201, body: structuredClone(order) };
    })
    .on('GET', '/v2/payments/captures/:id', ({ account, path }) => {
      const record = findByPaymentId(path.id!);
      const capture = record && captureOf(record);
      if (!record || !capture || record.account !== account || capture.id !== path.id) throw paymentNotFound(path.id!);
      return { status: 200, body: captureResource(record, capture) };
    })
    .on('GET', '/v2/payments/refunds/:id', ({ account, path }) => {
      const record = findByPaymentId(path.id!);
      const refund = record?.order.purchase_units[0]?.payments?.refunds?.find((r) => r.id === path.id);
      if (!record || record.account !== account || !refund) throw paymentNotFound(path.id!);
      return { status: 200, body: refund };
    })
    .on('GET', '/v1/notifications/webhooks/:id', ({ account, path }) => {
      if (path.id !== account.webhookId) {
        throw new PaypalApiError(404, {
          name: 'INVALID_RESOURCE_ID',
          message: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          debug_id: debugId(),
          information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-INVALID_RESOURCE_ID',
          details: [],
        });
      }
      const self = `${baseUrl}/v1/notifications/webhooks/${account.webhookId}`;
      return {
        status: 200,
        body: {
          id: account.webhookId,
          url: account.webhookUrl ?? '',
          event_types: (account.eventTypes ?? DEFAULT_EVENT_TYPES).map((name) => ({ name, status: 'ENABLED' })),
          links: [
            { href: self, rel: 'self', method: 'GET' },
            { href: self, rel: 'update', method: 'PATCH' },
            { href: self, rel: 'delete', method: 'DELETE' },
          ],
        },
      };
    })
    .on('POST', '/v2/customer/partner-referrals', ({ account, body }) => {
      const request = referralRequest(body);
      const id = randomString(60, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
      const referral: PaypalReferral = {
        id,
        partnerClientId: account.clientId,
        ...request,
        actionUrl: `${baseUrl}/bizsignup/partner/entry?referralToken=${id}`,
      };
      referrals.set(id, referral);
      return {
        status: 201,
        body: {
          links: [
            {
              href: `${baseUrl}/v2/customer/partner-referrals/${id}`,
              rel: 'self',
              method: 'GET',
              description: 'Read Referral Data shared by the Caller.',
            },
            {
              href: referral.actionUrl,
              rel: 'action_url',
              method: 'GET',
              description:
                'Target WEB REDIRECT URL for the next action. Customer should be redirected to this URL in the browser.',
            },
          ],
        },
      };
    })
    .on('GET', '/v2/customer/partner-referrals/:id', ({ account, path }) => {
      const referral = referrals.get(path.id!);
      if (!referral || referral.partnerClientId !== account.clientId) throw paymentNotFound(path.id!);
      return {
        status: 200,
        body: {
          partner_referral_id: referral.id,
          submitter_client_id: account.clientId,
          referral_data: { tracking_id: referral.trackingId, partner_config_override: { return_url: referral.returnUrl } },
          links: [{ href: `${baseUrl}/v2/customer/partner-referrals/${referral.id}`, rel: 'self', method: 'GET' }],
        },
      };
    })
    .on('GET', '/v1/customer/partners/:partnerId/merchant-integrations/:merchantId', ({ account, path }) => {
      const merchant = merchants.get(path.merchantId!);
      // Only the partner itself may read, and only sellers it onboarded.
      if (path.partnerId !== account.merchantId || !merchant || merchant.partnerClientId !== account.clientId) {
        throw new PaypalApiError(404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          debug_id: debugId(),
          details: [
            {
              issue: 'INVALID_RESOURCE_ID',
              description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
            },
          ],
        });
      }
      return { status: 200, body: merchantIntegration(account, merchant) };
    })
    .on('POST', '/v1/notifications/verify-webhook-signature', ({ account, body }) => {
      const request = verifyRequest(body);
      // PayPal computes the CRC over the event as it re-serialises it, not over the bytes it sent.
      const expected = Buffer.from(
        sign(request.transmission_id, request.transmission_time, request.webhook_id, JSON.stringify(request.webhook_event)),
      );
      const given = Buffer.from(request.transmission_sig);
      const valid =
        request.webhook_id === account.webhookId &&
        request.auth_algo === AUTH_ALGO &&
        request.cert_url === `${baseUrl}/certs/standin` &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
    });

  /** The seller a partner's order is for: onboarded by this partner, still consenting and able to receive payments. */
  function payeeMerchant(account: Account, payee: { merchantId?: string } | undefined): PaypalMerchant | undefined {
    if (!payee?.merchantId || payee.merchantId === account.merchantId) return undefined;
    const merchant = merchants.get(payee.merchantId);
    if (!merchant || merchant.partnerClientId !== account.clientId || !merchant.consented) {
      throw unprocessable({
        field: '/purchase_units/0/payee/merchant_id',
        value: payee.merchantId,
        issue: 'PAYEE_NOT_CONSENTED',
        description:
          "Payee does not have appropriate consent to allow the API caller to process this type of transaction on their behalf. Your current setup requires the 'payee' to provide a consent before this transaction can be processed successfully.",
      });
    }
    if (!merchant.paymentsReceivable) {
      throw unprocessable({
        field: '/purchase_units/0/payee/merchant_id',
        value: payee.merchantId,
        issue: 'PAYEE_ACCOUNT_RESTRICTED',
        description: 'The merchant account is restricted.',
      });
    }
    return merchant;
  }

  function issueToken(req: IncomingMessage, res: ServerResponse, rawBody: string): void {
    const basic = /^Basic\s+(\S+)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1];
    const [clientId, ...secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const account = clientId ? accounts.get(clientId) : undefined;
    if (!account || account.clientSecret !== secret.join(':')) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grantType = new URLSearchParams(rawBody).get('grant_type');
    if (grantType !== 'client_credentials') {
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: grantType ? 'unsupported grant_type' : 'Grant Type is NULL',
      });
    }
    const accessToken = `A21AA${randomString(90)}`;
    tokens.set(accessToken, { account, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
    sendJson(res, 200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: account.appId,
      expires_in: TOKEN_LIFETIME_SECONDS,
      nonce: `${new Date().toISOString()}${randomString(43)}`,
    });
  }

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): void {
    const method = req.method ?? 'GET';
    let body: unknown = {};
    const isJson = url.pathname !== '/v1/oauth2/token' && rawBody.trim() !== '';
    let malformed = false;
    if (isJson) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        malformed = true;
      }
    }
    requests.push(loggedRequest(req, url, isJson && !malformed ? body : rawBody));
    if (method === 'POST' && url.pathname === '/v1/oauth2/token') return issueToken(req, res, rawBody);
    const headers = { 'paypal-debug-id': debugId() };
    try {
      const token = /^Bearer\s+(\S+)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1];
      const session = token ? tokens.get(token) : undefined;
      if (!session || session.expiresAt < Date.now()) throw authenticationFailure();
      const route = api.find(method, url.pathname);
      if (!route) {
        throw new PaypalApiError(404, {
          name: 'NOT_FOUND',
          message: `The PayPal stand-in has no ${method} ${url.pathname}`,
          debug_id: debugId(),
        });
      }
      if (malformed)
        throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' });
      // PayPal-Request-Id makes a POST idempotent: the same id gets the first answer again.
      const requestId = method === 'POST' ? headerValue(req, 'paypal-request-id') : undefined;
      const cacheKey = `${session.account.clientId}\n${url.pathname}\n${requestId}`;
      const replay = requestId ? idempotent.get(cacheKey) : undefined;
      if (replay) return sendJson(res, replay.status === 201 ? 200 : replay.status, replay.body, headers);
      const result = route.handler({ req, account: session.account, body, path: route.params });
      if (requestId && result.status < 300) idempotent.set(cacheKey, result);
      sendJson(res, result.status, result.body, headers);
    } catch (error) {
      if (!(error instanceof PaypalApiError)) throw error;
      sendJson(res, error.status, error.body, headers);
    }
  }

  // ---- checkout page --------------------------------------------------------------------------

  function renderCheckout(record: OrderRecord): string {
    const { order, experience } = record;
    const unit = order.purchase_units[0]!;
    const brand = experience.brand_name ?? 'Test merchant';
    const amount = formatDecimal(unit.amount.value, unit.amount.currency_code, paypalDecimals(unit.amount.currency_code));
    const summary = `<dl>
${unit.description ? `<dt>Description</dt><dd>${escapeHtml(unit.description)}</dd>` : ''}
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Paying as</dt><dd>${escapeHtml(BUYER.email_address)}</dd>
</dl>`;
    const cancel = experience.cancel_url ? new URL(experience.cancel_url) : undefined;
    cancel?.searchParams.set('token', order.id);
    let main: string;
    if (order.status === 'COMPLETED') {
      main = `<h1>This order is paid</h1>\n${summary}`;
    } else {
      main = `<h1>Pay ${escapeHtml(brand)}</h1>
${order.status === 'APPROVED' ? '<p>You already approved this payment; the merchant has not completed it yet.</p>' : ''}
${summary}
<form method="post" action="/checkoutnow/approve">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button class="primary" type="submit">Pay with PayPal</button>
</form>
${cancel ? `<p><a href="${escapeHtml(cancel.toString())}">Cancel and return</a></p>` : ''}`;
    }
    return checkoutPage({ title: `Pay ${brand} – PayPal test checkout`, provider: 'PayPal', main });
  }

  const notFoundPage = () =>
    noticePage({ provider: 'PayPal', heading: 'Order not found', text: 'This link is not an order of the PayPal stand-in.' });

  // ---- test controls --------------------------------------------------------------------------

  const pages = withCommonControls(new Router<PageHandler>(), { requests, deliveries, reset })
    .on('GET', '/checkoutnow', ({ res, url }) => {
      const record = records.get(url.searchParams.get('token') ?? '');
      sendHtml(res, record ? 200 : 404, record ? renderCheckout(record) : notFoundPage());
    })
    .on('POST', '/checkoutnow/approve', ({ res, rawBody }) => {
      const token = new URLSearchParams(rawBody).get('token') ?? '';
      const record = records.get(token);
      if (!record) return sendHtml(res, 404, notFoundPage());
      // Approving twice (back button, double submit) shows the order's state instead.
      if (record.order.status === 'COMPLETED') return redirect(res, `/checkoutnow?token=${encodeURIComponent(token)}`);
      const { redirectUrl } = approve(token);
      if (redirectUrl) return redirect(res, redirectUrl);
      sendHtml(res, 200, noticePage({ provider: 'PayPal', heading: 'Payment approved', text: 'You can close this window.' }));
    })
    .on('GET', '/bizsignup/partner/entry', ({ res, url }) => {
      const referral = referrals.get(url.searchParams.get('referralToken') ?? '');
      if (!referral) {
        return sendHtml(
          res,
          404,
          noticePage({
            provider: 'PayPal',
            heading: 'Link not found',
            text: 'This sign-up link is not a referral of the PayPal stand-in.',
          }),
        );
      }
      const partner = accounts.get(referral.partnerClientId)!;
      const main = `<h1>Connect your PayPal account</h1>
<p>The platform <strong>${escapeHtml(partner.clientId)}</strong> asks to take payments and issue refunds for you.</p>
<dl>
<dt>Permissions</dt><dd>${escapeHtml(referral.features.join(', '))}</dd>
<dt>Account</dt><dd>${escapeHtml(referral.email ?? 'seller@example.com')}</dd>
</dl>
<form method="post" action="/bizsignup/partner/entry/agree">
<input type="hidden" name="referralToken" value="${escapeHtml(referral.id)}">
<button class="primary" type="submit">Agree and connect</button>
</form>`;
      sendHtml(res, 200, checkoutPage({ title: 'Connect your PayPal account – PayPal test sign-up', provider: 'PayPal', main }));
    })
    .on('POST', '/bizsignup/partner/entry/agree', async ({ res, rawBody }) => {
      const id = new URLSearchParams(rawBody).get('referralToken') ?? '';
      if (!referrals.has(id))
        return sendHtml(res, 404, noticePage({ provider: 'PayPal', heading: 'Link not found', text: 'No such referral.' }));
      const { redirectUrl } = await onboard(id);
      if (redirectUrl) return redirect(res, redirectUrl);
      sendHtml(res, 200, noticePage({ provider: 'PayPal', heading: 'You are connected', text: 'You can close this window.' }));
    })
    .on('GET', '/_test/referrals', ({ res }) => sendJson(res, 200, { data: [...referrals.values()] }))
    .on('POST', '/_test/referrals/:id/onboard', async ({ res, params, rawBody }) => {
      const body = rawBody.trim() ? parseJsonBody(rawBody) : {};
      sendJson(res, 200, await onboard(params.id!, body as OnboardOptions));
    })
    .on('GET', '/_test/merchants', ({ res }) => sendJson(res, 200, { data: [...merchants.values()] }))
    .on('POST', '/_test/merchants/:id', ({ res, params, rawBody }) => {
      controls.setMerchant(params.id!, parseJsonBody(rawBody) as Partial<PaypalMerchant>);
      sendJson(res, 200, findMerchant(params.id!));
    })
    .on('POST', '/_test/merchants/:id/revoke-consent', ({ res, params }) => sendControl(res, controls.revokeConsent(params.id!)))
    .on('GET', '/certs/standin', ({ res }) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        'The PayPal stand-in signs webhooks with HMAC, not a certificate: verify them with POST /v1/notifications/verify-webhook-signature.\n',
      );
    })
    .on('POST', '/_test/accounts', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const eventTypes = body.eventTypes;
      if (eventTypes !== undefined && (!Array.isArray(eventTypes) || eventTypes.some((t) => typeof t !== 'string'))) {
        throw new StandInError(400, 'eventTypes must be an array of strings');
      }
      const account: PaypalAccount = {
        clientId: optionalText(body.clientId, 'clientId') ?? '',
        clientSecret: optionalText(body.clientSecret, 'clientSecret') ?? '',
        webhookId: optionalText(body.webhookId, 'webhookId') ?? '',
        webhookUrl: optionalText(body.webhookUrl, 'webhookUrl'),
        eventTypes: eventTypes as string[] | undefined,
        merchantId: optionalText(body.merchantId, 'merchantId'),
      };
      addAccount(account);
      sendJson(res, 201, { clientId: account.clientId, webhookId: account.webhookId, webhookUrl: account.webhookUrl ?? null });
    })
    // Filters on any top-level field, e.g. ?status=APPROVED.
    .on('GET', '/_test/orders', ({ res, url }) => sendJson(res, 200, { data: filterByQuery(orders.values(), url) }))
    .on('POST', '/_test/orders/:id/approve', ({ res, params }) => sendJson(res, 200, approve(params.id!)))
    .on('POST', '/_test/orders/:id/capture-outcome', ({ res, params, rawBody }) => {
      controls.captureOutcome(params.id!, parseJsonBody(rawBody).outcome as CaptureOutcome);
      sendJson(res, 200, { ok: true });
    })
    .on('POST', '/_test/orders/:id/complete-capture', ({ res, params }) => sendControl(res, controls.completeCapture(params.id!)))
    .on('POST', '/_test/orders/:id/deny', ({ res, params }) => sendControl(res, controls.deny(params.id!)))
    .on('POST', '/_test/refunds/:id', ({ res, params }) => sendControl(res, controls.refund(params.id!)))
    .on('POST', '/_test/events', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const eventType = optionalText(body.event_type, 'event_type');
      if (!eventType || typeof body.resource !== 'object' || body.resource === null)
        throw new StandInError(400, 'event_type and resource are required');
      const event = buildEvent(eventType, body.resource, {
        resourceType: optionalText(body.resource_type, 'resource_type'),
        clientId: optionalText(body.clientId, 'clientId'),
      });
      sendJson(res, 200, event);
    })
    .on('POST', '/_test/deliver', async ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const event = eventOption<PaypalEvent>(body.event);
      const headers = body.headers;
      if (
        headers !== undefined &&
        (typeof headers !== 'object' || headers === null || Object.values(headers).some((v) => typeof v !== 'string'))
      ) {
        throw new StandInError(400, 'headers must be an object of strings');
      }
      const delivery = await deliver(event, {
        headers: headers as Record<string, string> | undefined,
        body: optionalText(body.body, 'body'),
        clientId: optionalText(body.clientId, 'clientId'),
      });
      sendJson(res, 200, delivery);
    });

  function reset(): void {
    scheduler.cancel();
    for (const collection of [records, orders, events, idempotent]) collection.clear();
    requests.length = 0;
    deliveries.length = 0;
  }

  const server = await serveStandIn(port, {
    isApi: (path) => path.startsWith('/v1/') || path.startsWith('/v2/'),
    handleApi,
    pages,
    scheduler,
  });
  baseUrl = server.url;

  return {
    ...server,
    addAccount,
    orders,
    experience: (orderId: string) => structuredClone(records.get(orderId)?.experience),
    merchants,
    referrals,
    requests,
    deliveries,
    ...controls,
    buildEvent,
    deliver,
    reset,
  };
}
