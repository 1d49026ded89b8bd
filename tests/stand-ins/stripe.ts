import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { FormEncodingError, parseForm, type FormObject } from './form-encoding.js';
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
  withCommonControls,
} from './http.js';
import { checkoutPage, formatMinorUnits, noticePage } from './pages.js';
import {
  type BillingChange,
  type Customer,
  type Invoice,
  type PortalSession,
  type PriceRegistration,
  priceRegistrations,
  recurringAmount,
  StripeBilling,
  type Subscription,
} from './stripe-billing.js';
import {
  customerCreateRequest,
  customerListRequest,
  customerUpdateRequest,
  invoiceListRequest,
  listPage,
  mergedMetadata,
  portalSessionRequest,
  subscriptionCancelRequest,
  subscriptionListRequest,
  subscriptionStatusMatches,
  type SubscriptionUpdate,
  subscriptionUpdateRequest,
} from './stripe-billing-params.js';
import { invoicePage, portalPage } from './stripe-billing-pages.js';
import {
  checkoutRequest,
  EMAIL,
  invalidRequest,
  type LineItem,
  noSuchObject,
  resourceMissing,
  retrieveParams,
  StripeApiError,
  type SubscriptionPlan,
} from './stripe-params.js';
import { DeliveryScheduler, postWebhook } from './webhooks.js';
import {
  accountCreateRequest,
  accountLinkRequest,
  CHECKOUT_COUNTRIES,
  type ConnectedAccountObject,
  discountOf,
  newPromotionCode,
  onboardingPage,
  type PromotionCode,
  refundRequest,
  taxFor,
} from './stripe-connect.js';

/**
 * A local Stripe for tests: the part of the HTTP API that Lodestone uses (so the official SDK talks
 * to it unchanged), including Billing for Lodestone's own plans (stripe-billing.ts), the hosted
 * checkout page and customer portal for browsers, and signed webhooks to each account's endpoint.
 * See README.md in this folder.
 */

export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; without one they are recorded in `deliveries` as undeliverable. */
  webhookUrl?: string;
  /** Shown on the checkout page, as Stripe shows the account's public business name. */
  businessName?: string;
  /**
   * Recurring prices for Stripe Billing (subscription-mode Checkout). Registering the account again
   * with `prices` replaces them; without, they stay.
   */
  prices?: PriceRegistration[];
  /** A Connect platform's one webhook endpoint: its connected accounts' events, each naming the account. */
  connectWebhookUrl?: string;
  /** Signs the events sent to `connectWebhookUrl`. */
  connectWebhookSecret?: string;
  /** Set on a connected account (made with POST /v1/accounts): its Account and the platform it belongs to. */
  connect?: { object: ConnectedAccountObject; platform: StripeAccount; deauthorized: boolean };
}

type SessionFields =
  | 'id'
  | 'object'
  | 'url'
  | 'mode'
  | 'status'
  | 'payment_status'
  | 'amount_subtotal'
  | 'amount_total'
  | 'currency'
  | 'customer_email'
  | 'customer_details'
  | 'client_reference_id'
  | 'metadata'
  | 'success_url'
  | 'cancel_url'
  | 'payment_method_types'
  | 'livemode'
  | 'created'
  | 'expires_at'
  | 'allow_promotion_codes'
  | 'automatic_tax'
  | 'billing_address_collection'
  | 'total_details'
  | 'discounts'
  | 'locale';
/** The fields of a real Checkout Session that the stand-in keeps, typed by the SDK's own definition. */
export type CheckoutSession = Pick<Stripe.Checkout.Session, SessionFields> & {
  payment_intent: string | null;
  customer: string | null;
  /** Subscription mode: set once the session is complete. */
  subscription: string | null;
  /** Subscription mode: the subscription's first invoice, once complete. */
  invoice: string | null;
};

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'status'
  | 'metadata'
  | 'created'
  | 'livemode'
  | 'description'
  | 'customer'
  | 'payment_method_types'
  | 'receipt_email'
  | 'application_fee_amount'
> & { latest_charge: string | null };

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'refunded'
  | 'captured'
  | 'paid'
  | 'status'
  | 'currency'
  | 'metadata'
  | 'created'
  | 'livemode'
  | 'application_fee_amount'
> & { payment_intent: string };

export type StripeEvent = Pick<
  Stripe.EventBase,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & {
  type: string;
  /** Connect: the connected account the event happened on. */
  account?: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

export interface StripeDelivery {
  event: StripeEvent;
  url: string | null;
  signatureHeader: string;
  /** The receiver's HTTP status; null when it could not be reached (or the account has no webhook URL). */
  status: number | null;
  body: string;
  error?: string;
  deliveredAt: string;
}

export interface DeliverOptions {
  /** Sent instead of the real signature (e.g. one made with another secret). */
  signatureHeader?: string;
  /** Sent instead of the signed payload, while the signature still covers the real one (tampering). */
  body?: string;
  /** The account to send to, for an event that is not about one of its objects. */
  secretKey?: string;
  /** A connected account (acct_…) to send as, for an event that is not about one of its objects. */
  accountId?: string;
}

export interface ControlResult {
  event: StripeEvent;
  delivery: StripeDelivery;
}

/** A control that sends several events (in this order, each delivered before the next is sent). */
export interface ControlResults {
  events: StripeEvent[];
  deliveries: StripeDelivery[];
}

/** `completeSession`: `event` is checkout.session.completed; a subscription session also sends the others. */
export type CompleteResult = ControlResult & ControlResults;

export type SubscriptionControlResult = ControlResults & { subscription: Subscription };

export type { Customer, Invoice, PortalSession, PriceRegistration, Subscription } from './stripe-billing.js';

export type CheckoutPaymentStatus = 'paid' | 'unpaid';

export interface CompleteOptions {
  paymentStatus?: CheckoutPaymentStatus;
  email?: string;
  /** The billing country entered (Stripe Tax's rate follows it). */
  country?: string;
  /** A promotion code typed in (the session must allow them). */
  promotionCode?: string;
}

export interface StripeStandIn extends RunningStandIn {
  addAccount(account: StripeAccount): void;
  /** Revokes an account's key: the API then answers it 401, as Stripe does for a rolled key. */
  removeAccount(secretKey: string): void;
  /** Every Checkout Session, by id (live objects: they change as the session is paid, expired, …). */
  sessions: ReadonlyMap<string, CheckoutSession>;
  paymentIntents: ReadonlyMap<string, PaymentIntent>;
  charges: ReadonlyMap<string, Charge>;
  customers: ReadonlyMap<string, Customer>;
  subscriptions: ReadonlyMap<string, Subscription>;
  invoices: ReadonlyMap<string, Invoice>;
  portalSessions: ReadonlyMap<string, PortalSession>;
  /** API requests (/v1/…) in the order received, as the SDK sent them. */
  requests: readonly LoggedRequest[];
  deliveries: readonly StripeDelivery[];
  /**
   * The customer finished Checkout: paid by card, or ('unpaid') with a delayed method such as a bank
   * debit. A subscription session (card only) also starts the subscription: checkout.session.completed,
   * customer.subscription.created and invoice.paid.
   */
  completeSession(id: string, options?: CompleteOptions): Promise<CompleteResult>;
  asyncSucceeded(id: string): Promise<ControlResult>;
  asyncFailed(id: string): Promise<ControlResult>;
  expire(id: string): Promise<ControlResult>;
  /** Refunds in full; `id` is the Checkout Session, its PaymentIntent or its charge. */
  refund(id: string): Promise<ControlResult>;
  /** The current period ends: renews (invoice.paid, customer.subscription.updated) or, if set to cancel, ends (customer.subscription.deleted). */
  advanceSubscription(id: string): Promise<SubscriptionControlResult>;
  /** The renewal's payment fails: an open invoice, status past_due (invoice.payment_failed, customer.subscription.updated). */
  failSubscriptionPayment(id: string): Promise<SubscriptionControlResult>;
  /** The open invoice gets paid: active again (invoice.paid, customer.subscription.updated). */
  paySubscription(id: string): Promise<SubscriptionControlResult>;
  /** Ends it now, as when the retries run out (customer.subscription.deleted). */
  cancelSubscription(id: string): Promise<SubscriptionControlResult>;
  /** Another of the account's prices, as a plan change in the portal (customer.subscription.updated). */
  changeSubscriptionPrice(id: string, price: string): Promise<SubscriptionControlResult>;
  buildEvent(
    type: string,
    object: object,
    options?: { secretKey?: string; accountId?: string; previousAttributes?: Record<string, unknown> },
  ): StripeEvent;
  /** Connect: the platform's connected accounts, by id (acct_…). */
  connectedAccounts: ReadonlyMap<string, StripeAccount>;
  /** A promotion code on a connected account (acct_…) or an account of its own (its secret key). */
  addPromotionCode(
    account: string,
    code: string,
    off: { percentOff?: number; amountOff?: number; currency?: string },
  ): PromotionCode;
  /** The owner finished onboarding: charges enabled, account.updated sent. */
  completeOnboarding(accountId: string, details?: { businessName?: string; country?: string }): Promise<ControlResult>;
  /** The owner disconnected the platform in their Stripe dashboard: account.application.deauthorized. */
  deauthorize(accountId: string): Promise<ControlResult>;
  deliver(event: StripeEvent, options?: DeliverOptions): Promise<StripeDelivery>;
  /** Forgets sessions, payments, customers, subscriptions, invoices, events, requests and deliveries; accounts and prices stay. */
  reset(): void;
}

interface SessionRecord {
  account: StripeAccount;
  applicationFeeAmount: number | null;
  billingAddressRequired: boolean;
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentMetadata: Record<string, string>;
  /** Subscription mode: what completing the session starts. */
  plan: SubscriptionPlan | null;
  paymentIntent?: PaymentIntent;
  charge?: Charge;
}

interface ApiInput {
  account: StripeAccount;
  params: FormObject;
  path: Record<string, string>;
}
type ApiResult = { status: number; body: unknown };
type ApiHandler = (input: ApiInput) => ApiResult;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const maskKey = (key: string) => `${/^[a-z]+_(test_|live_)?/.exec(key)?.[0] ?? ''}****${key.slice(-4)}`;

export async function startStripeStandIn({
  port = 0,
  webhookDelayMs = 300,
}: { port?: number; webhookDelayMs?: number } = {}): Promise<StripeStandIn> {
  const accounts = new Map<string, StripeAccount>();
  const connectedAccounts = new Map<string, StripeAccount>();
  /** Promotion codes per account, by code (Stripe matches codes case-insensitively). */
  const promotionCodes = new Map<StripeAccount, Map<string, PromotionCode>>();
  /** Onboarding links: token -> account and where to go back to. */
  const accountLinks = new Map<string, { account: StripeAccount; returnUrl: string; refreshUrl: string; used: boolean }>();
  const records = new Map<string, SessionRecord>();
  const sessions = new Map<string, CheckoutSession>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const events = new Map<string, { account: StripeAccount; event: StripeEvent }>();
  const idempotent = new Map<string, { fingerprint: string; result: ApiResult }>();
  const requests: LoggedRequest[] = [];
  const deliveries: StripeDelivery[] = [];
  const scheduler = new DeliveryScheduler();
  let baseUrl = '';
  const billing = new StripeBilling(() => baseUrl);

  function addAccount(account: StripeAccount): void {
    if (!account.secretKey || !account.webhookSecret) throw new StandInError(400, 'secretKey and webhookSecret are required');
    if (account.webhookUrl !== undefined) new URL(account.webhookUrl);
    const prices = account.prices === undefined ? undefined : priceRegistrations(account.prices);
    const existing = accounts.get(account.secretKey);
    // Registering again (e.g. a new webhook URL) updates the account its sessions belong to.
    const { prices: _, ...fields } = account;
    if (existing) Object.assign(existing, { webhookUrl: undefined, businessName: undefined }, fields);
    else accounts.set(account.secretKey, { ...fields });
    const registered = accounts.get(account.secretKey)!;
    if (prices) {
      registered.prices = prices;
      billing.setPrices(registered, prices);
    }
  }

  function removeAccount(secretKey: string): void {
    accounts.delete(secretKey);
  }

  /** The record behind a session, PaymentIntent or charge id. */
  function findRecord(id: string): SessionRecord {
    const record = records.get(id) ?? [...records.values()].find((r) => r.paymentIntent?.id === id || r.charge?.id === id);
    if (!record) throw new StandInError(404, `No Checkout Session, PaymentIntent or charge ${id}`);
    return record;
  }

  // ---- events and webhooks -------------------------------------------------------------------

  function accountForObject(object: object): StripeAccount | undefined {
    const id = (object as { id?: unknown }).id;
    if (typeof id !== 'string') return undefined;
    const owner = billing.owner(id);
    if (owner) return owner;
    try {
      return findRecord(id).account;
    } catch {
      return undefined;
    }
  }

  function buildEvent(
    type: string,
    object: object,
    options: { secretKey?: string; accountId?: string; previousAttributes?: Record<string, unknown> } = {},
  ): StripeEvent {
    const account =
      (options.accountId !== undefined ? connectedAccounts.get(options.accountId) : undefined) ??
      (options.secretKey !== undefined ? accounts.get(options.secretKey) : undefined) ??
      accountForObject(object) ??
      (accounts.size === 1 ? [...accounts.values()][0] : undefined);
    if (!account) throw new StandInError(400, 'Cannot tell which account the event is for; pass secretKey');
    const event: StripeEvent = {
      id: `evt_${randomString(24)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(account.connect && { account: account.connect.object.id }),
      // A snapshot: later changes to the object must not change an event already built.
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(options.previousAttributes && { previous_attributes: structuredClone(options.previousAttributes) }),
      },
    };
    events.set(event.id, { account, event });
    return event;
  }

  async function deliver(event: StripeEvent, options: DeliverOptions = {}): Promise<StripeDelivery> {
    const account =
      (options.accountId !== undefined ? connectedAccounts.get(options.accountId) : undefined) ??
      (options.secretKey !== undefined ? accounts.get(options.secretKey) : undefined) ??
      events.get(event.id)?.account;
    if (!account) throw new StandInError(400, `Event ${event.id} was not built by this stand-in; pass secretKey`);
    // Stripe sends pretty-printed JSON and signs those exact bytes: a receiver that re-serialises
    // the parsed body before verifying fails here as it would in production.
    const payload = JSON.stringify(event, null, 2);
    // A connected account's events go to its platform's Connect endpoint, signed with that endpoint's
    // secret; once the account has deauthorised the platform, only that event itself still goes.
    const platform = account.connect?.platform;
    const cutOff = account.connect?.deauthorized === true && event.type !== 'account.application.deauthorized';
    const secret = platform ? (platform.connectWebhookSecret ?? '') : account.webhookSecret;
    const signatureHeader = options.signatureHeader ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const url = (platform ? (cutOff ? undefined : platform.connectWebhookUrl) : account.webhookUrl) ?? null;
    const response = url
      ? await postWebhook(url, options.body ?? payload, {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader,
        })
      : {
          status: null,
          body: '',
          error: platform ? 'The platform has no Connect webhook URL' : 'The account has no webhook URL',
        };
    const delivery: StripeDelivery = { event, url, signatureHeader, ...response, deliveredAt: new Date().toISOString() };
    deliveries.push(delivery);
    return delivery;
  }

  async function emit(type: string, record: SessionRecord, object: object): Promise<ControlResult> {
    const event = buildEvent(type, object, { secretKey: record.account.secretKey });
    return { event, delivery: await deliver(event) };
  }

  /** Builds the events at once (snapshots of this moment); `deliverAll` sends them later, in order. */
  function buildEvents(account: StripeAccount, changes: BillingChange[]): StripeEvent[] {
    return changes.map((change) =>
      buildEvent(change.type, change.object, {
        secretKey: account.secretKey,
        previousAttributes: change.previousAttributes,
      }),
    );
  }

  async function deliverAll(events: StripeEvent[]): Promise<ControlResults> {
    const deliveries: StripeDelivery[] = [];
    for (const event of events) deliveries.push(await deliver(event));
    return { events, deliveries };
  }

  /** For the API and the hosted pages: Stripe sends the events shortly after it has answered. */
  function deliverLater(account: StripeAccount, changes: BillingChange[]): void {
    if (changes.length === 0) return;
    const events = buildEvents(account, changes);
    scheduler.schedule(webhookDelayMs, () => deliverAll(events));
  }

  // ---- state changes (shared by the checkout page, the API and the controls) ------------------

  function assertOpen(session: CheckoutSession): void {
    if (session.status !== 'open') throw new StandInError(409, `Checkout Session ${session.id} is ${session.status}, not open`);
  }

  const customerDetails = (email: string): CheckoutSession['customer_details'] => ({
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name: 'Test Customer',
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  });

  /** The email Checkout has for the session: given when it was created, else typed on the page. */
  const knownEmail = (session: CheckoutSession) =>
    session.customer_email ?? (session.customer ? billing.customers.get(session.customer)?.email : null) ?? null;

  /**
   * What the buyer's entries make of the session: the code's discount and the tax for the billing
   * country (Stripe Tax, exclusive: added on top). A string when an entry is refused.
   */
  function checkoutTotals(
    record: SessionRecord,
    entries: { country?: string; promotionCode?: string },
  ): string | { country: string | null; promotion: PromotionCode | null; discount: number; tax: number } {
    const { session } = record;
    const subtotal = session.amount_subtotal ?? 0;
    const currency = session.currency ?? 'usd';
    const country = entries.country?.trim().toUpperCase() || null;
    if (record.billingAddressRequired && !country) return 'Enter your billing address.';
    if (country && !/^[A-Z]{2}$/.test(country)) return 'Enter a valid country.';
    let promotion: PromotionCode | null = null;
    let discount = 0;
    const code = entries.promotionCode?.trim();
    if (code) {
      if (!session.allow_promotion_codes) return 'This checkout does not take promotion codes.';
      promotion = promotionCodes.get(record.account)?.get(code.toUpperCase()) ?? null;
      const off = promotion?.active ? discountOf(promotion, subtotal, currency) : undefined;
      if (!promotion || off === undefined) return 'This code is invalid.';
      discount = off;
    }
    const tax = session.automatic_tax.enabled ? taxFor(subtotal - discount, country) : 0;
    return { country, promotion, discount, tax };
  }

  function complete(
    record: SessionRecord,
    paymentStatus: CheckoutPaymentStatus,
    email?: string,
    entries: { country?: string; promotionCode?: string } = {},
  ): void {
    const { session } = record;
    assertOpen(session);
    const totals = checkoutTotals(
      record,
      record.billingAddressRequired && !entries.country ? { ...entries, country: 'US' } : entries,
    );
    if (typeof totals === 'string') throw new StandInError(400, totals);
    const subtotal = session.amount_subtotal ?? 0;
    Object.assign(session, {
      amount_total: subtotal - totals.discount + totals.tax,
      total_details: { amount_discount: totals.discount, amount_shipping: 0, amount_tax: totals.tax },
      discounts: totals.promotion ? [{ coupon: totals.promotion.coupon.id, promotion_code: totals.promotion.id }] : [],
      ...(session.automatic_tax.enabled && { automatic_tax: { ...session.automatic_tax, status: 'complete' } }),
    } as Partial<CheckoutSession>);
    const paid = paymentStatus === 'paid';
    const created = nowSeconds();
    const amount = session.amount_total ?? 0;
    const currency = session.currency ?? 'usd';
    const charge: Charge = {
      id: `ch_${randomString(24)}`,
      object: 'charge',
      amount,
      amount_captured: paid ? amount : 0,
      amount_refunded: 0,
      refunded: false,
      captured: paid,
      paid,
      status: paid ? 'succeeded' : 'pending',
      currency,
      payment_intent: '',
      metadata: {},
      created,
      livemode: false,
      application_fee_amount: record.applicationFeeAmount,
    };
    const paymentIntent: PaymentIntent = {
      id: `pi_${randomString(24)}`,
      object: 'payment_intent',
      amount,
      amount_received: paid ? amount : 0,
      currency,
      status: paid ? 'succeeded' : 'processing',
      metadata: { ...record.paymentIntentMetadata },
      created,
      livemode: false,
      description: null,
      customer: null,
      payment_method_types: [paid ? 'card' : 'us_bank_account'],
      receipt_email: null,
      latest_charge: charge.id,
      application_fee_amount: record.applicationFeeAmount,
    };
    charge.payment_intent = paymentIntent.id;
    record.paymentIntent = paymentIntent;
    record.charge = charge;
    paymentIntents.set(paymentIntent.id, paymentIntent);
    charges.set(charge.id, charge);
    Object.assign(session, {
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: paymentIntent.id,
      customer_details: {
        ...customerDetails(knownEmail(session) ?? email ?? 'customer@example.com')!,
        ...(totals.country && {
          address: { country: totals.country, city: null, line1: null, line2: null, postal_code: null, state: null },
        }),
      },
    } satisfies Partial<CheckoutSession>);
  }

  /**
   * A subscription session paid by card: the customer (made now unless the session named one), an
   * active subscription and its paid first invoice. Answers the events in the order they are sent.
   */
  function completeSubscription(record: SessionRecord, plan: SubscriptionPlan, email?: string): BillingChange[] {
    const { session, account } = record;
    assertOpen(session);
    const customer =
      (session.customer ? billing.customers.get(session.customer) : undefined) ??
      billing.createCustomer(account, { email: knownEmail(session) ?? email ?? 'customer@example.com', name: 'Test Customer' });
    // Checkout collects an email for a customer that has none, and keeps it on the customer.
    if (!customer.email && email) customer.email = email;
    const { subscription, invoice } = billing.startSubscription(account, { customer, ...plan });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      subscription: subscription.id,
      invoice: invoice.id,
      customer_details: customerDetails(customer.email ?? 'customer@example.com'),
    } satisfies Partial<CheckoutSession>);
    return [
      { type: 'checkout.session.completed', object: session },
      { type: 'customer.subscription.created', object: subscription },
      { type: 'invoice.paid', object: invoice },
    ];
  }

  function pendingPayment(record: SessionRecord): { paymentIntent: PaymentIntent; charge: Charge } {
    const { session, paymentIntent, charge } = record;
    if (
      session.status !== 'complete' ||
      session.payment_status !== 'unpaid' ||
      paymentIntent?.status !== 'processing' ||
      !charge
    ) {
      throw new StandInError(
        409,
        `Checkout Session ${session.id} has no payment waiting to settle; complete it with paymentStatus 'unpaid' first`,
      );
    }
    return { paymentIntent, charge };
  }

  function expireSession(record: SessionRecord): void {
    if (record.session.status !== 'open') {
      throw new StandInError(409, `Checkout Session ${record.session.id} is ${record.session.status}; only open sessions expire`);
    }
    record.session.status = 'expired';
  }

  /** A subscription control: the state change's events, each delivered before the next, and the subscription after it. */
  async function subscriptionControl(
    id: string,
    change: (subscription: Subscription) => BillingChange[],
  ): Promise<SubscriptionControlResult> {
    const subscription = billing.subscriptions.get(id);
    if (!subscription) throw new StandInError(404, `No subscription ${id}`);
    const account = billing.owner(id)!;
    const results = await deliverAll(buildEvents(account, change(subscription)));
    return { subscription, ...results };
  }

  const controls = {
    async completeSession(id: string, options: CompleteOptions = {}): Promise<CompleteResult> {
      const record = findRecord(id);
      if (record.plan) {
        if (options.paymentStatus === 'unpaid') {
          throw new StandInError(409, `Checkout Session ${id} is a subscription: the stand-in pays those by card ('paid') only`);
        }
        const results = await deliverAll(buildEvents(record.account, completeSubscription(record, record.plan, options.email)));
        return { event: results.events[0]!, delivery: results.deliveries[0]!, ...results };
      }
      complete(record, options.paymentStatus ?? 'paid', options.email, options);
      const { event, delivery } = await emit('checkout.session.completed', record, record.session);
      return { event, delivery, events: [event], deliveries: [delivery] };
    },
    async asyncSucceeded(id: string) {
      const record = findRecord(id);
      const { paymentIntent, charge } = pendingPayment(record);
      Object.assign(paymentIntent, { status: 'succeeded', amount_received: paymentIntent.amount });
      Object.assign(charge, { status: 'succeeded', paid: true, captured: true, amount_captured: charge.amount });
      record.session.payment_status = 'paid';
      return emit('checkout.session.async_payment_succeeded', record, record.session);
    },
    async asyncFailed(id: string) {
      const record = findRecord(id);
      const { paymentIntent, charge } = pendingPayment(record);
      paymentIntent.status = 'requires_payment_method';
      charge.status = 'failed';
      return emit('checkout.session.async_payment_failed', record, record.session);
    },
    async expire(id: string) {
      const record = findRecord(id);
      expireSession(record);
      return emit('checkout.session.expired', record, record.session);
    },
    async refund(id: string) {
      const record = findRecord(id);
      const { charge } = record;
      if (!charge || charge.status !== 'succeeded') throw new StandInError(409, `${id} has no succeeded charge to refund`);
      if (charge.refunded) throw new StandInError(409, `Charge ${charge.id} is already refunded`);
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      return emit('charge.refunded', record, charge);
    },
    async completeOnboarding(accountId: string, details: { businessName?: string; country?: string } = {}) {
      const account = connectedAccounts.get(accountId);
      if (!account?.connect) throw new StandInError(404, `No connected account ${accountId}`);
      const previous = finishOnboarding(account, details);
      const event = buildEvent('account.updated', account.connect.object, { accountId, previousAttributes: previous });
      return { event, delivery: await deliver(event) };
    },
    async deauthorize(accountId: string) {
      const account = connectedAccounts.get(accountId);
      if (!account?.connect) throw new StandInError(404, `No connected account ${accountId}`);
      if (account.connect.deauthorized) throw new StandInError(409, `${accountId} has already deauthorised its platform`);
      account.connect.deauthorized = true;
      const application = {
        id: `ca_${randomString(24)}`,
        object: 'application',
        name: account.connect.platform.businessName ?? 'Lodestone',
      };
      const event = buildEvent('account.application.deauthorized', application, { accountId });
      return { event, delivery: await deliver(event) };
    },
    advanceSubscription: (id: string) => subscriptionControl(id, () => billing.advance(id)),
    failSubscriptionPayment: (id: string) => subscriptionControl(id, () => billing.failPayment(id)),
    paySubscription: (id: string) => subscriptionControl(id, () => billing.pay(id)),
    cancelSubscription: (id: string) => subscriptionControl(id, () => billing.cancelNow(id)),
    changeSubscriptionPrice: (id: string, priceId: string) =>
      subscriptionControl(id, (subscription) => {
        const found = billing.catalogPrice(billing.owner(id)!, priceId);
        if (!found) throw new StandInError(400, `Price ${priceId} is not registered for the subscription's account`);
        if (found.price.id === subscription.items.data[0]!.price.id) {
          throw new StandInError(409, `Subscription ${id} is already on price ${priceId}`);
        }
        return billing.changePrice(id, found.price);
      }),
  };

  /** Onboarding's outcome: details submitted, charges and payouts enabled. Answers what changed, for account.updated. */
  function finishOnboarding(account: StripeAccount, details: { businessName?: string; country?: string }) {
    const object = account.connect!.object;
    const previous = {
      charges_enabled: object.charges_enabled,
      details_submitted: object.details_submitted,
      payouts_enabled: object.payouts_enabled,
    };
    Object.assign(object, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    if (details.businessName) object.business_profile.name = details.businessName;
    if (details.country) object.country = details.country;
    account.businessName = object.business_profile.name ?? account.businessName;
    return previous;
  }

  function addPromotionCode(
    key: string,
    code: string,
    off: { percentOff?: number; amountOff?: number; currency?: string },
  ): PromotionCode {
    const account = connectedAccounts.get(key) ?? accounts.get(key);
    if (!account) throw new StandInError(404, `No account ${key}`);
    const promotion = newPromotionCode(code, off, nowSeconds());
    const codes = promotionCodes.get(account) ?? new Map<string, PromotionCode>();
    if (codes.has(code.toUpperCase())) throw new StandInError(409, `${code} already exists on this account`);
    codes.set(code.toUpperCase(), promotion);
    promotionCodes.set(account, codes);
    return promotion;
  }

  // ---- API ------------------------------------------------------------------------------------

  /** The fields `expand[]` may replace with the object they name, by the type of the object holding them. */
  const EXPANDABLE: Record<string, readonly string[]> = {
    'checkout.session': ['payment_intent', 'customer', 'subscription', 'invoice'],
    payment_intent: ['latest_charge'],
    subscription: ['customer', 'latest_invoice'],
    invoice: ['customer'],
    price: ['product'],
  };

  function objectById(id: string, account: StripeAccount): object | undefined {
    return (
      paymentIntents.get(id) ??
      charges.get(id) ??
      billing.customers.get(id) ??
      billing.subscriptions.get(id) ??
      billing.invoices.get(id) ??
      billing.product(account, id)
    );
  }

  /**
   * Expands one `expand[]` path in place. Fields that already hold objects or lists (e.g.
   * `items.data.price.product`) are walked through; the others must be expandable.
   */
  function expandPath(node: unknown, fields: string[], account: StripeAccount): void {
    if (Array.isArray(node)) {
      for (const element of node) expandPath(element, fields, account);
      return;
    }
    const [field, ...rest] = fields;
    if (field === undefined || typeof node !== 'object' || node === null) return;
    const holder = node as Record<string, unknown>;
    const value = holder[field];
    const expandable = EXPANDABLE[String(holder.object)]?.includes(field) ?? false;
    if (!expandable && (rest.length === 0 || typeof value !== 'object' || value === null)) {
      throw invalidRequest(`This property cannot be expanded (${field}).`, 'expand');
    }
    if (expandable && typeof value === 'string') {
      const target = objectById(value, account);
      if (target) holder[field] = structuredClone(target);
    }
    expandPath(holder[field], rest, account);
  }

  /** Replaces ids with the objects they name for `expand[]`, as Stripe does, and refuses the rest. */
  function expanded(object: object, paths: string[], account: StripeAccount): object {
    const copy = structuredClone(object);
    for (const path of paths) expandPath(copy, path.split('.'), account);
    return copy;
  }

  /** A list response whose objects are expanded as `expand[]=data.…` asked. */
  function expandedList<T extends { id: string }>(list: Stripe.ApiList<T>, paths: string[], account: StripeAccount) {
    return { ...list, data: list.data.map((object) => expanded(object, paths, account)) };
  }

  const ownedCustomer = (account: StripeAccount, id: string) => {
    const customer = billing.owned(billing.customers, id, account);
    if (!customer) throw resourceMissing('customer', id, 'id');
    return customer;
  };
  const ownedSubscription = (account: StripeAccount, id: string) => {
    const subscription = billing.owned(billing.subscriptions, id, account);
    if (!subscription) throw resourceMissing('subscription', id, 'id');
    return subscription;
  };

  function ownedRecord(id: string, account: StripeAccount, objectName: string, param: string): SessionRecord {
    const record = [...records.values()].find((r) => r.session.id === id || r.paymentIntent?.id === id || r.charge?.id === id);
    if (!record || record.account !== account) throw resourceMissing(objectName, id, param);
    return record;
  }

  /** A list filtered on a customer or subscription that the account does not have is refused, as Stripe does. */
  function checkListFilters(account: StripeAccount, { customer, subscription }: { customer?: string; subscription?: string }) {
    if (customer !== undefined && !billing.owned(billing.customers, customer, account)) {
      throw noSuchObject('customer', customer, 'customer');
    }
    if (subscription !== undefined && !billing.owned(billing.subscriptions, subscription, account)) {
      throw noSuchObject('subscription', subscription, 'subscription');
    }
  }

  const CANCELED_SUBSCRIPTION = 'A canceled subscription can only update its cancellation_details and metadata.';

  const api = new Router<ApiHandler>()
    .on('GET', '/v1/balance', ({ account, params }) => {
      retrieveParams(params);
      // Settled card payments of this account, less refunds: what a test account's balance would show as pending.
      const pending = new Map<string, number>([['usd', 0]]);
      for (const record of records.values()) {
        const charge = record.charge;
        if (record.account !== account || charge?.status !== 'succeeded') continue;
        pending.set(charge.currency, (pending.get(charge.currency) ?? 0) + charge.amount - charge.amount_refunded);
      }
      for (const invoice of billing.ownedBy(billing.invoices, account)) {
        pending.set(invoice.currency, (pending.get(invoice.currency) ?? 0) + invoice.amount_paid);
      }
      const balance: Stripe.Balance = {
        object: 'balance',
        livemode: false,
        available: [...pending.keys()].map((currency) => ({ amount: 0, currency, source_types: { card: 0 } })),
        pending: [...pending].map(([currency, amount]) => ({ amount, currency, source_types: { card: amount } })),
      };
      return { status: 200, body: balance };
    })
    .on('POST', '/v1/checkout/sessions', ({ account, params }) => {
      const created = nowSeconds();
      const request = checkoutRequest(params, created, {
        price: (id) => billing.catalogPrice(account, id),
        customer: (id) => billing.owned(billing.customers, id, account),
        connected: account.connect !== undefined,
      });
      const id = `cs_test_${randomString(56)}`;
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        url: `${baseUrl}/c/pay/${id}`,
        mode: request.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: request.amountTotal,
        amount_total: request.amountTotal,
        currency: request.currency,
        customer: request.customer,
        customer_email: request.customerEmail,
        customer_details: null,
        client_reference_id: request.clientReferenceId,
        metadata: request.metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        payment_intent: null,
        subscription: null,
        invoice: null,
        payment_method_types: ['card'],
        livemode: false,
        created,
        expires_at: request.expiresAt,
        allow_promotion_codes: request.allowPromotionCodes,
        automatic_tax: { enabled: request.automaticTax, liability: null, provider: null, status: null },
        billing_address_collection: request.billingAddressRequired ? 'required' : null,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        discounts: [],
        locale: request.locale,
      };
      records.set(id, {
        account,
        applicationFeeAmount: request.applicationFeeAmount,
        billingAddressRequired: request.billingAddressRequired,
        session,
        lineItems: request.lineItems,
        paymentIntentMetadata: request.paymentIntentMetadata,
        plan: request.plan,
      });
      sessions.set(id, session);
      return { status: 200, body: expanded(session, request.expand, account) };
    })
    .on('GET', '/v1/checkout/sessions/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const record = ownedRecord(path.id!, account, 'checkout.session', 'session');
      if (record.session.id !== path.id) throw resourceMissing('checkout.session', path.id!, 'session');
      return { status: 200, body: expanded(record.session, expand, account) };
    })
    .on('POST', '/v1/checkout/sessions/:id/expire', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const record = ownedRecord(path.id!, account, 'checkout.session', 'session');
      if (record.session.id !== path.id) throw resourceMissing('checkout.session', path.id!, 'session');
      if (record.session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
        );
      }
      expireSession(record);
      const event = buildEvent('checkout.session.expired', record.session, { secretKey: account.secretKey });
      scheduler.schedule(webhookDelayMs, () => deliver(event));
      return { status: 200, body: expanded(record.session, expand, account) };
    })
    .on('GET', '/v1/payment_intents/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const paymentIntent = ownedRecord(path.id!, account, 'payment_intent', 'intent').paymentIntent;
      if (!paymentIntent || paymentIntent.id !== path.id) throw resourceMissing('payment_intent', path.id!, 'intent');
      return { status: 200, body: expanded(paymentIntent, expand, account) };
    })
    // ---- Connect and refunds
    .on('POST', '/v1/accounts', ({ account, params }) => {
      if (account.connect) throw invalidRequest('Only a platform can create connected accounts.');
      const object = accountCreateRequest(params, nowSeconds());
      const connectedAccount: StripeAccount = {
        secretKey: `sk_test_${object.id}${randomString(24)}`,
        webhookSecret: `whsec_${randomString(32)}`,
        businessName: object.business_profile.name ?? undefined,
        connect: { object, platform: account, deauthorized: false },
      };
      connectedAccounts.set(object.id, connectedAccount);
      accounts.set(connectedAccount.secretKey, connectedAccount);
      return { status: 200, body: object };
    })
    .on('GET', '/v1/accounts/:id', ({ account, params, path }) => {
      retrieveParams(params);
      const found = connectedAccounts.get(path.id!);
      if (!found?.connect || found.connect.platform !== account || found.connect.deauthorized) {
        throw new StripeApiError(403, {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key '${maskKey(account.secretKey)}' does not have access to account '${path.id}' (or that account does not exist). Application access may have been revoked.`,
        });
      }
      return { status: 200, body: found.connect.object };
    })
    .on('POST', '/v1/account_links', ({ account, params }) => {
      const request = accountLinkRequest(params);
      const target = connectedAccounts.get(request.account);
      if (!target?.connect || target.connect.platform !== account) throw noSuchObject('account', request.account, 'account');
      const token = randomString(32);
      accountLinks.set(token, { account: target, returnUrl: request.returnUrl, refreshUrl: request.refreshUrl, used: false });
      const created = nowSeconds();
      const link: Stripe.AccountLink = {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `${baseUrl}/connect/onboarding/${token}`,
      };
      return { status: 200, body: link };
    })
    .on('POST', '/v1/refunds', ({ account, params }) => {
      const request = refundRequest(params);
      const id = (request.paymentIntent ?? request.charge)!;
      const record = ownedRecord(
        id,
        account,
        request.paymentIntent ? 'payment_intent' : 'charge',
        request.paymentIntent ? 'payment_intent' : 'charge',
      );
      const { charge, paymentIntent } = record;
      if (!charge || !paymentIntent || charge.status !== 'succeeded') {
        throw invalidRequest(`This PaymentIntent (${paymentIntent?.id ?? id}) does not have a successful charge to refund.`);
      }
      if (charge.refunded) {
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      }
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      const refund = {
        id: `re_${randomString(24)}`,
        object: 'refund',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: paymentIntent.id,
        currency: charge.currency,
        reason: request.reason ?? null,
        metadata: request.metadata,
        status: 'succeeded',
        created: nowSeconds(),
      };
      const event = buildEvent('charge.refunded', charge, { secretKey: account.secretKey });
      scheduler.schedule(webhookDelayMs, () => deliver(event));
      return { status: 200, body: refund };
    })
    .on('GET', '/v1/promotion_codes/:id', ({ account, params, path }) => {
      retrieveParams(params);
      const found = [...(promotionCodes.get(account)?.values() ?? [])].find((p) => p.id === path.id);
      if (!found) throw resourceMissing('promotion_code', path.id!, 'promotion_code');
      return { status: 200, body: found };
    })
    .on('GET', '/v1/charges/:id', ({ account, params, path }) => {
      retrieveParams(params);
      const charge = ownedRecord(path.id!, account, 'charge', 'id').charge;
      if (!charge || charge.id !== path.id) throw resourceMissing('charge', path.id!, 'id');
      return { status: 200, body: charge };
    })
    .on('GET', '/v1/events/:id', ({ account, params, path }) => {
      retrieveParams(params);
      const entry = events.get(path.id!);
      if (!entry || entry.account !== account) throw resourceMissing('event', path.id!, 'id');
      return { status: 200, body: entry.event };
    })
    // ---- Billing
    .on('GET', '/v1/prices/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const found = billing.catalogPrice(account, path.id!);
      if (!found) throw resourceMissing('price', path.id!, 'price');
      return { status: 200, body: expanded(found.price, expand, account) };
    })
    .on('GET', '/v1/products/:id', ({ account, params, path }) => {
      retrieveParams(params);
      const product = billing.product(account, path.id!);
      if (!product) throw resourceMissing('product', path.id!, 'id');
      return { status: 200, body: product };
    })
    .on('POST', '/v1/customers', ({ account, params }) => {
      const { expand, metadata, ...fields } = customerCreateRequest(params);
      const customer = billing.createCustomer(account, { ...fields, metadata: mergedMetadata({}, metadata) });
      return { status: 200, body: expanded(customer, expand, account) };
    })
    .on('GET', '/v1/customers', ({ account, params }) => {
      const { email, page, expand } = customerListRequest(params);
      // Stripe's email filter is case-sensitive.
      const matching = billing.ownedBy(billing.customers, account).filter((c) => email === undefined || c.email === email);
      return { status: 200, body: expandedList(listPage(matching, page, '/v1/customers', 'customer'), expand, account) };
    })
    .on('GET', '/v1/customers/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      return { status: 200, body: expanded(ownedCustomer(account, path.id!), expand, account) };
    })
    .on('POST', '/v1/customers/:id', ({ account, params, path }) => {
      const customer = ownedCustomer(account, path.id!);
      const { expand, metadata, ...fields } = customerUpdateRequest(params);
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(customer, { [key]: value });
      }
      customer.metadata = mergedMetadata(customer.metadata, metadata);
      return { status: 200, body: expanded(customer, expand, account) };
    })
    .on('GET', '/v1/subscriptions', ({ account, params }) => {
      const { customer, price, status, page, expand } = subscriptionListRequest(params);
      checkListFilters(account, { customer });
      const matching = billing
        .ownedBy(billing.subscriptions, account)
        .filter(
          (s) =>
            (customer === undefined || s.customer === customer) &&
            (price === undefined || s.items.data[0]!.price.id === price) &&
            subscriptionStatusMatches(s.status, status),
        );
      return { status: 200, body: expandedList(listPage(matching, page, '/v1/subscriptions', 'subscription'), expand, account) };
    })
    .on('GET', '/v1/subscriptions/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      return { status: 200, body: expanded(ownedSubscription(account, path.id!), expand, account) };
    })
    .on('POST', '/v1/subscriptions/:id', ({ account, params, path }) => {
      const subscription = ownedSubscription(account, path.id!);
      const update = subscriptionUpdateRequest(params);
      const changes = updateSubscription(account, subscription, update);
      deliverLater(account, changes);
      return { status: 200, body: expanded(subscription, update.expand, account) };
    })
    .on('DELETE', '/v1/subscriptions/:id', ({ account, params, path }) => {
      const subscription = ownedSubscription(account, path.id!);
      const { cancellationDetails, expand } = subscriptionCancelRequest(params);
      if (subscription.status === 'canceled') throw invalidRequest(CANCELED_SUBSCRIPTION);
      deliverLater(account, billing.cancelNow(subscription.id, cancellationDetails));
      return { status: 200, body: expanded(subscription, expand, account) };
    })
    .on('GET', '/v1/invoices', ({ account, params }) => {
      const { customer, subscription, status, page, expand } = invoiceListRequest(params);
      checkListFilters(account, { customer, subscription });
      const matching = billing
        .ownedBy(billing.invoices, account)
        .filter(
          (i) =>
            (customer === undefined || i.customer === customer) &&
            (subscription === undefined || i.parent.subscription_details.subscription === subscription) &&
            (status === undefined || i.status === status),
        );
      return { status: 200, body: expandedList(listPage(matching, page, '/v1/invoices', 'invoice'), expand, account) };
    })
    .on('GET', '/v1/invoices/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const invoice = billing.owned(billing.invoices, path.id!, account);
      if (!invoice) throw resourceMissing('invoice', path.id!, 'invoice');
      return { status: 200, body: expanded(invoice, expand, account) };
    })
    .on('POST', '/v1/billing_portal/sessions', ({ account, params }) => {
      const { expand, customer, returnUrl, configuration, locale } = portalSessionRequest(params);
      if (!billing.owned(billing.customers, customer, account)) throw noSuchObject('customer', customer, 'customer');
      const session = billing.createPortalSession(account, { customer, returnUrl, configuration, locale });
      return { status: 200, body: expanded(session, expand, account) };
    });

  /**
   * `POST /v1/subscriptions/:id`: metadata, cancel_at_period_end and the item's price, applied
   * together and reported as one customer.subscription.updated (after invoice.paid when the
   * change starts a new period).
   */
  function updateSubscription(account: StripeAccount, subscription: Subscription, update: SubscriptionUpdate): BillingChange[] {
    const before = structuredClone(subscription);
    const { item } = update;
    if (subscription.status === 'canceled' && (update.cancelAtPeriodEnd !== undefined || item)) {
      throw invalidRequest(CANCELED_SUBSCRIPTION);
    }
    const current = subscription.items.data[0]!;
    if (item && item.id !== current.id) throw noSuchObject('subscription_item', item.id, 'items[0][id]');
    const price = item?.price === undefined ? current.price : billing.catalogPrice(account, item.price)?.price;
    if (!price) throw noSuchObject('price', item!.price!, 'items[0][price]');
    if (price.currency !== subscription.currency) {
      throw invalidRequest(
        `The price specified is in ${price.currency}, but this subscription bills in ${subscription.currency}.`,
        'items[0][price]',
      );
    }
    const changes: BillingChange[] = [];
    if (price.id !== current.price.id || (item?.quantity !== undefined && item.quantity !== current.quantity)) {
      changes.push(...billing.changePrice(subscription.id, price, item?.quantity));
    }
    if (update.cancelAtPeriodEnd !== undefined) {
      billing.setCancelAtPeriodEnd(subscription.id, update.cancelAtPeriodEnd, update.cancellationDetails);
    } else if (Object.keys(update.cancellationDetails).length > 0) {
      subscription.cancellation_details = { ...subscription.cancellation_details!, ...update.cancellationDetails };
    }
    subscription.metadata = mergedMetadata(subscription.metadata, update.metadata);
    return [...changes.filter((c) => c.type !== 'customer.subscription.updated'), ...billing.updated(before, subscription)];
  }

  function authenticate(req: IncomingMessage): StripeAccount {
    const authorization = headerValue(req, 'authorization') ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    // Stripe also takes the key as the Basic auth user name (curl -u sk_test_…:).
    const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const account = accounts.get(key);
    if (!account)
      throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` });
    // Connect: the platform's key acts on one of its connected accounts.
    const on = headerValue(req, 'stripe-account');
    if (on === undefined) return account;
    const connectedAccount = connectedAccounts.get(on);
    if (!connectedAccount?.connect || connectedAccount.connect.platform !== account || connectedAccount.connect.deauthorized) {
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key '${maskKey(key)}' does not have access to account '${on}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    return connectedAccount;
  }

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): void {
    const method = req.method ?? 'GET';
    const headers = {
      'request-id': `req_${randomString(14)}`,
      'stripe-version': headerValue(req, 'stripe-version') ?? Stripe.API_VERSION,
    };
    let params: FormObject = {};
    try {
      params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : rawBody);
    } catch (error) {
      if (!(error instanceof FormEncodingError)) throw error;
      requests.push(loggedRequest(req, url, rawBody));
      sendJson(res, 400, { error: { type: 'invalid_request_error', message: error.message } }, headers);
      return;
    }
    requests.push(loggedRequest(req, url, method === 'GET' ? {} : params));
    try {
      const account = authenticate(req);
      const route = api.find(method, url.pathname);
      if (!route) {
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      }
      const key = method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
      const cacheKey = `${account.secretKey}\n${key}`;
      const fingerprint = `${method} ${url.pathname}\n${rawBody}`;
      const replay = key ? idempotent.get(cacheKey) : undefined;
      if (replay) {
        if (replay.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        sendJson(res, replay.result.status, replay.result.body, {
          ...headers,
          'idempotent-replayed': 'true',
          'idempotency-key': key!,
        });
        return;
      }
      const result = route.handler({ account, params, path: route.params });
      // Like Stripe, only requests that got past validation are remembered.
      if (key && result.status < 300) idempotent.set(cacheKey, { fingerprint, result });
      sendJson(res, result.status, result.body, key ? { ...headers, 'idempotency-key': key } : headers);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(res, error.status, { error: error.error }, headers);
    }
  }

  // ---- hosted checkout page -------------------------------------------------------------------

  const successUrl = (session: CheckoutSession) => (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  /** What is bought; for a subscription also what it costs per interval (e.g. "$278.40 per year"). */
  function checkoutSummary(record: SessionRecord): string {
    const { session, plan } = record;
    const currency = session.currency ?? 'usd';
    const total = formatMinorUnits(session.amount_total ?? 0, currency);
    const items = record.lineItems
      .map((item) => `<dt>Product</dt><dd>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</dd>`)
      .join('\n');
    const recurring = plan
      ? `\n<dt>Price</dt><dd>${escapeHtml(recurringAmount(session.amount_total ?? 0, currency, plan.price.recurring.interval))}</dd>`
      : '';
    const email = knownEmail(session);
    return `<dl>\n${items}${recurring}\n<dt>${plan ? 'Due today' : 'Total'}</dt><dd>${escapeHtml(total)}</dd>${
      email ? `\n<dt>Email</dt><dd>${escapeHtml(email)}</dd>` : ''
    }\n</dl>`;
  }

  function renderCheckout(record: SessionRecord, error?: string): string {
    const { session, account, plan } = record;
    const business = account.businessName ?? 'Test business';
    const action = plan ? `Subscribe to ${record.lineItems[0]!.name}` : `Pay ${business}`;
    const title = `${action} – Stripe test checkout`;
    const summary = checkoutSummary(record);
    let main: string;
    if (session.status === 'open') {
      const emailField = knownEmail(session)
        ? ''
        : `<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" required></p>`;
      // Stripe Tax needs the buyer's address (here: its country); the tax is shown once it is known.
      const addressField = record.billingAddressRequired
        ? `<p><label for="country">Billing country</label><br><select id="country" name="country" required><option value="">Choose…</option>${CHECKOUT_COUNTRIES.map(
            (c) => `<option value="${c}">${c}</option>`,
          ).join('')}</select></p>${
            session.automatic_tax.enabled ? '<p class="hint">Tax is calculated from your billing address.</p>' : ''
          }`
        : '';
      const codeField = session.allow_promotion_codes
        ? `<p><label for="promotion_code">Promotion code</label><br><input id="promotion_code" name="promotion_code" autocomplete="off"></p>`
        : '';
      // A subscription is paid by card here; delayed debits are offered for one-time payments only.
      const buttons = plan
        ? `<p><button class="primary" type="submit" name="method" value="card">Subscribe</button></p>`
        : `<p><button class="primary" type="submit" name="method" value="card">Pay</button></p>
<p><button type="submit" name="method" value="bank_debit">Use delayed bank debit</button></p>`;
      main = `<h1>${escapeHtml(action)}</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
${summary}
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}/pay">
${emailField}
${addressField}
${codeField}
${buttons}
</form>
<p><a href="${escapeHtml(session.cancel_url ?? '')}">Cancel and return</a></p>`;
    } else if (session.status === 'complete' && session.payment_status === 'paid') {
      main = `<h1>${plan ? 'Subscription started' : 'Payment complete'}</h1>
<p>${plan ? 'This subscription is active.' : 'This checkout session is paid.'}</p>
${summary}
<p><a href="${escapeHtml(successUrl(session))}">Return to ${escapeHtml(business)}</a></p>`;
    } else if (session.status === 'complete') {
      main = `<h1>Payment processing</h1>
<p>The bank debit has not settled yet.</p>
${summary}
<p><a href="${escapeHtml(successUrl(session))}">Return to ${escapeHtml(business)}</a></p>`;
    } else {
      main = `<h1>This checkout session has expired</h1>
${summary}
<p><a href="${escapeHtml(session.cancel_url ?? '')}">Return to ${escapeHtml(business)}</a></p>`;
    }
    return checkoutPage({ title, provider: 'Stripe', main });
  }

  // ---- billing portal and invoice pages -------------------------------------------------------

  function renderPortal(session: PortalSession): string {
    const account = billing.owner(session.id)!;
    const entries = billing
      .ownedBy(billing.subscriptions, account)
      // The portal lists the customer's current subscriptions; ended ones are history.
      .filter((s) => s.customer === session.customer && s.status !== 'canceled' && s.status !== 'incomplete_expired')
      .map((subscription) => ({ subscription, productName: billing.productName(account, subscription.items.data[0]!.price) }));
    return portalPage({
      session,
      // The portal is for Lodestone's own plans, so an account without a name is Lodestone's.
      business: account.businessName ?? 'Lodestone',
      email: billing.customers.get(session.customer)?.email ?? null,
      entries,
    });
  }

  const portalNotFoundPage = () =>
    noticePage({
      provider: 'Stripe',
      heading: 'Billing portal session not found',
      text: 'This link is not a billing portal session of the Stripe stand-in.',
    });

  const notFoundPage = () =>
    noticePage({
      provider: 'Stripe',
      heading: 'Checkout session not found',
      text: 'This link is not a checkout session of the Stripe stand-in.',
    });

  // ---- test controls --------------------------------------------------------------------------

  const pages = withCommonControls(new Router<PageHandler>(), { requests, deliveries, reset })
    .on('GET', '/c/pay/:id', ({ res, params }) => {
      const record = records.get(params.id!);
      if (!record) return sendHtml(res, 404, notFoundPage());
      sendHtml(res, 200, renderCheckout(record));
    })
    .on('POST', '/c/pay/:id/pay', ({ res, params, rawBody }) => {
      const record = records.get(params.id!);
      if (!record) return sendHtml(res, 404, notFoundPage());
      // Paying twice (back button, double submit) shows the session's state instead.
      if (record.session.status !== 'open') return redirect(res, `/c/pay/${encodeURIComponent(record.session.id)}`);
      const form = new URLSearchParams(rawBody);
      const email = form.get('email') ?? undefined;
      if (!knownEmail(record.session) && !EMAIL.test(email ?? '')) {
        return sendHtml(res, 400, renderCheckout(record, 'Enter a valid email address.'));
      }
      if (record.plan) {
        const changes = completeSubscription(record, record.plan, email);
        redirect(res, successUrl(record.session));
        return deliverLater(record.account, changes);
      }
      const entries = { country: form.get('country') ?? undefined, promotionCode: form.get('promotion_code') ?? undefined };
      const totals = checkoutTotals(record, entries);
      if (typeof totals === 'string') return sendHtml(res, 400, renderCheckout(record, totals));
      complete(record, form.get('method') === 'bank_debit' ? 'unpaid' : 'paid', email, entries);
      const event = buildEvent('checkout.session.completed', record.session, { secretKey: record.account.secretKey });
      redirect(res, successUrl(record.session));
      scheduler.schedule(webhookDelayMs, () => deliver(event));
    })
    // Connect onboarding (an account link's URL): one form, then back to the platform's return URL.
    .on('GET', '/connect/onboarding/:token', ({ res, params }) => {
      const link = accountLinks.get(params.token!);
      if (!link)
        return sendHtml(
          res,
          404,
          noticePage({ provider: 'Stripe', heading: 'Link not found', text: 'This onboarding link does not exist.' }),
        );
      // A used or expired link sends the owner to the platform's refresh URL for a new one, as Stripe does.
      if (link.used) return redirect(res, link.refreshUrl);
      sendHtml(
        res,
        200,
        onboardingPage(link.account.connect!.object, link.account.connect!.platform.businessName ?? 'Lodestone', params.token!),
      );
    })
    .on('POST', '/connect/onboarding/:token', ({ res, params, rawBody }) => {
      const link = accountLinks.get(params.token!);
      if (!link)
        return sendHtml(
          res,
          404,
          noticePage({ provider: 'Stripe', heading: 'Link not found', text: 'This onboarding link does not exist.' }),
        );
      if (link.used) return redirect(res, link.refreshUrl);
      link.used = true;
      const form = new URLSearchParams(rawBody);
      const account = link.account;
      const previous = finishOnboarding(account, {
        businessName: form.get('business_name')?.trim() || undefined,
        country: form.get('country') ?? undefined,
      });
      const event = buildEvent('account.updated', account.connect!.object, {
        accountId: account.connect!.object.id,
        previousAttributes: previous,
      });
      redirect(res, link.returnUrl);
      scheduler.schedule(webhookDelayMs, () => deliver(event));
    })
    .on('GET', '/p/session/:id', ({ res, params }) => {
      const session = billing.portalSessions.get(params.id!);
      if (!session) return sendHtml(res, 404, portalNotFoundPage());
      sendHtml(res, 200, renderPortal(session));
    })
    .on('POST', '/p/session/:id/subscriptions/:subscription/:action', ({ res, params }) => {
      const session = billing.portalSessions.get(params.id!);
      const subscription = billing.subscriptions.get(params.subscription!);
      const action = params.action;
      if (
        !session ||
        subscription?.customer !== session.customer ||
        billing.owner(subscription.id) !== billing.owner(session.id) ||
        (action !== 'cancel' && action !== 'renew')
      ) {
        return sendHtml(res, 404, portalNotFoundPage());
      }
      const portal = `/p/session/${encodeURIComponent(session.id)}`;
      // A plan that ended meanwhile (or a second submit) just shows the portal as it now is.
      if (subscription.status === 'canceled') return redirect(res, portal);
      const changes = billing.setCancelAtPeriodEnd(subscription.id, action === 'cancel');
      redirect(res, portal);
      deliverLater(billing.owner(subscription.id)!, changes);
    })
    .on('GET', '/i/:id', ({ res, params }) => {
      const invoice = billing.invoices.get(params.id!);
      if (!invoice) {
        return sendHtml(
          res,
          404,
          noticePage({
            provider: 'Stripe',
            heading: 'Invoice not found',
            text: 'This link is not an invoice of the Stripe stand-in.',
          }),
        );
      }
      sendHtml(res, 200, invoicePage(invoice));
    })
    .on('POST', '/_test/accounts', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const account: StripeAccount = {
        secretKey: optionalText(body.secretKey, 'secretKey') ?? '',
        webhookSecret: optionalText(body.webhookSecret, 'webhookSecret') ?? '',
        webhookUrl: optionalText(body.webhookUrl, 'webhookUrl'),
        businessName: optionalText(body.businessName, 'businessName'),
        connectWebhookUrl: optionalText(body.connectWebhookUrl, 'connectWebhookUrl'),
        connectWebhookSecret: optionalText(body.connectWebhookSecret, 'connectWebhookSecret'),
        ...(body.prices !== undefined && { prices: priceRegistrations(body.prices) }),
      };
      addAccount(account);
      const prices = accounts.get(account.secretKey)?.prices?.map((price) => price.id) ?? [];
      sendJson(res, 201, { secretKey: account.secretKey, webhookUrl: account.webhookUrl ?? null, prices });
    })
    // Filters on any top-level field, e.g. ?customer_email=a@b.c or ?status=open.
    .on('GET', '/_test/sessions', ({ res, url }) => sendJson(res, 200, { data: filterByQuery(sessions.values(), url) }))
    .on('POST', '/_test/sessions/:id/complete', ({ res, params, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const paymentStatus = optionalText(body.paymentStatus, 'paymentStatus') ?? 'paid';
      if (paymentStatus !== 'paid' && paymentStatus !== 'unpaid')
        throw new StandInError(400, "paymentStatus must be 'paid' or 'unpaid'");
      return sendControl(res, controls.completeSession(params.id!, { paymentStatus, email: optionalText(body.email, 'email') }));
    })
    .on('POST', '/_test/sessions/:id/async-succeeded', ({ res, params }) => sendControl(res, controls.asyncSucceeded(params.id!)))
    .on('POST', '/_test/sessions/:id/async-failed', ({ res, params }) => sendControl(res, controls.asyncFailed(params.id!)))
    .on('POST', '/_test/sessions/:id/expire', ({ res, params }) => sendControl(res, controls.expire(params.id!)))
    .on('POST', '/_test/refunds/:id', ({ res, params }) => sendControl(res, controls.refund(params.id!)))
    // Connect: a promotion code on an account (acct_… or a secret key), onboarding finished, the platform deauthorised.
    .on('POST', '/_test/promotion_codes', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const account = optionalText(body.account, 'account');
      const code = optionalText(body.code, 'code');
      if (!account || !code) throw new StandInError(400, 'account and code are required');
      const number = (v: unknown) => (typeof v === 'number' ? v : undefined);
      sendJson(
        res,
        201,
        addPromotionCode(account, code, {
          percentOff: number(body.percentOff),
          amountOff: number(body.amountOff),
          currency: optionalText(body.currency, 'currency'),
        }),
      );
    })
    .on('GET', '/_test/connected_accounts', ({ res, url }) =>
      sendJson(res, 200, {
        data: filterByQuery(
          [...connectedAccounts.values()].map((a) => a.connect!.object),
          url,
        ),
      }),
    )
    .on('POST', '/_test/connected_accounts/:id/deauthorize', ({ res, params }) =>
      sendControl(res, controls.deauthorize(params.id!)),
    )
    // Filters like /_test/sessions, e.g. ?customer=cus_… or ?metadata.workspace_id=….
    .on('GET', '/_test/subscriptions', ({ res, url }) =>
      sendJson(res, 200, { data: filterByQuery(billing.subscriptions.values(), url) }),
    )
    .on('GET', '/_test/customers', ({ res, url }) => sendJson(res, 200, { data: filterByQuery(billing.customers.values(), url) }))
    .on('GET', '/_test/invoices', ({ res, url }) => sendJson(res, 200, { data: filterByQuery(billing.invoices.values(), url) }))
    .on('POST', '/_test/subscriptions/:id/advance', ({ res, params }) =>
      sendControl(res, controls.advanceSubscription(params.id!)),
    )
    .on('POST', '/_test/subscriptions/:id/payment-failed', ({ res, params }) =>
      sendControl(res, controls.failSubscriptionPayment(params.id!)),
    )
    .on('POST', '/_test/subscriptions/:id/pay', ({ res, params }) => sendControl(res, controls.paySubscription(params.id!)))
    .on('POST', '/_test/subscriptions/:id/cancel', ({ res, params }) => sendControl(res, controls.cancelSubscription(params.id!)))
    .on('POST', '/_test/subscriptions/:id/price', ({ res, params, rawBody }) => {
      const price = optionalText(parseJsonBody(rawBody).price, 'price');
      if (!price) throw new StandInError(400, 'price is required');
      return sendControl(res, controls.changeSubscriptionPrice(params.id!, price));
    })
    .on('POST', '/_test/events', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const type = optionalText(body.type, 'type');
      if (!type || typeof body.object !== 'object' || body.object === null)
        throw new StandInError(400, 'type and object are required');
      const previous = body.previousAttributes;
      if (previous !== undefined && (typeof previous !== 'object' || previous === null))
        throw new StandInError(400, 'previousAttributes must be an object');
      sendJson(
        res,
        200,
        buildEvent(type, body.object, {
          secretKey: optionalText(body.secretKey, 'secretKey'),
          previousAttributes: previous as Record<string, unknown> | undefined,
        }),
      );
    })
    .on('POST', '/_test/deliver', async ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const delivery = await deliver(eventOption<StripeEvent>(body.event), {
        signatureHeader: optionalText(body.signatureHeader, 'signatureHeader'),
        body: optionalText(body.body, 'body'),
        secretKey: optionalText(body.secretKey, 'secretKey'),
      });
      sendJson(res, 200, delivery);
    });

  function reset(): void {
    scheduler.cancel();
    for (const collection of [records, sessions, paymentIntents, charges, events, idempotent, accountLinks]) collection.clear();
    billing.reset();
    requests.length = 0;
    deliveries.length = 0;
  }

  const server = await serveStandIn(port, { isApi: (path) => path.startsWith('/v1/'), handleApi, pages, scheduler });
  baseUrl = server.url;

  return {
    ...server,
    addAccount,
    removeAccount,
    connectedAccounts,
    addPromotionCode,
    sessions,
    paymentIntents,
    charges,
    customers: billing.customers,
    subscriptions: billing.subscriptions,
    invoices: billing.invoices,
    portalSessions: billing.portalSessions,
    requests,
    deliveries,
    ...controls,
    buildEvent,
    deliver,
    reset,
  };
}
