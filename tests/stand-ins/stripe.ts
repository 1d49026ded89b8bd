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
  checkoutRequest,
  invalidRequest,
  type LineItem,
  resourceMissing,
  retrieveParams,
  StripeApiError,
} from './stripe-params.js';
import { DeliveryScheduler, postWebhook } from './webhooks.js';

/**
 * A local Stripe for tests: the part of the HTTP API that Lodestone uses (so the official SDK talks
 * to it unchanged), a hosted-checkout page for browsers, and signed webhooks to each account's
 * endpoint. See README.md in this folder.
 */

export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; without one they are recorded in `deliveries` as undeliverable. */
  webhookUrl?: string;
  /** Shown on the checkout page, as Stripe shows the account's public business name. */
  businessName?: string;
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
  | 'customer'
  | 'customer_email'
  | 'customer_details'
  | 'client_reference_id'
  | 'metadata'
  | 'success_url'
  | 'cancel_url'
  | 'payment_method_types'
  | 'livemode'
  | 'created'
  | 'expires_at';
/** The fields of a real Checkout Session that the stand-in keeps, typed by the SDK's own definition. */
export type CheckoutSession = Pick<Stripe.Checkout.Session, SessionFields> & { payment_intent: string | null };

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
> & { payment_intent: string };

export type StripeEvent = Pick<
  Stripe.EventBase,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & {
  type: string;
  data: { object: Record<string, unknown> };
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
}

export interface ControlResult {
  event: StripeEvent;
  delivery: StripeDelivery;
}

export type CheckoutPaymentStatus = 'paid' | 'unpaid';

export interface StripeStandIn extends RunningStandIn {
  addAccount(account: StripeAccount): void;
  /** Revokes an account's key: the API then answers it 401, as Stripe does for a rolled key. */
  removeAccount(secretKey: string): void;
  /** Every Checkout Session, by id (live objects: they change as the session is paid, expired, …). */
  sessions: ReadonlyMap<string, CheckoutSession>;
  paymentIntents: ReadonlyMap<string, PaymentIntent>;
  charges: ReadonlyMap<string, Charge>;
  /** API requests (/v1/…) in the order received, as the SDK sent them. */
  requests: readonly LoggedRequest[];
  deliveries: readonly StripeDelivery[];
  /** The customer finished Checkout: paid by card, or ('unpaid') with a delayed method such as a bank debit. */
  completeSession(id: string, options?: { paymentStatus?: CheckoutPaymentStatus; email?: string }): Promise<ControlResult>;
  asyncSucceeded(id: string): Promise<ControlResult>;
  asyncFailed(id: string): Promise<ControlResult>;
  expire(id: string): Promise<ControlResult>;
  /** Refunds in full; `id` is the Checkout Session, its PaymentIntent or its charge. */
  refund(id: string): Promise<ControlResult>;
  buildEvent(type: string, object: object, options?: { secretKey?: string }): StripeEvent;
  deliver(event: StripeEvent, options?: DeliverOptions): Promise<StripeDelivery>;
  /** Forgets sessions, payments, events, requests and deliveries; accounts stay. */
  reset(): void;
}

interface SessionRecord {
  account: StripeAccount;
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentMetadata: Record<string, string>;
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

  function addAccount(account: StripeAccount): void {
    if (!account.secretKey || !account.webhookSecret) throw new StandInError(400, 'secretKey and webhookSecret are required');
    if (account.webhookUrl !== undefined) new URL(account.webhookUrl);
    const existing = accounts.get(account.secretKey);
    // Registering again (e.g. a new webhook URL) updates the account its sessions belong to.
    if (existing) Object.assign(existing, { webhookUrl: undefined, businessName: undefined }, account);
    else accounts.set(account.secretKey, { ...account });
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
    try {
      return findRecord(id).account;
    } catch {
      return undefined;
    }
  }

  function buildEvent(type: string, object: object, options: { secretKey?: string } = {}): StripeEvent {
    const account =
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
      // A snapshot: later changes to the object must not change an event already built.
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    events.set(event.id, { account, event });
    return event;
  }

  async function deliver(event: StripeEvent, options: DeliverOptions = {}): Promise<StripeDelivery> {
    const account =
      (options.secretKey !== undefined ? accounts.get(options.secretKey) : undefined) ?? events.get(event.id)?.account;
    if (!account) throw new StandInError(400, `Event ${event.id} was not built by this stand-in; pass secretKey`);
    // Stripe sends pretty-printed JSON and signs those exact bytes: a receiver that re-serialises
    // the parsed body before verifying fails here as it would in production.
    const payload = JSON.stringify(event, null, 2);
    const signatureHeader =
      options.signatureHeader ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: account.webhookSecret });
    const url = account.webhookUrl ?? null;
    const response = url
      ? await postWebhook(url, options.body ?? payload, {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader,
        })
      : { status: null, body: '', error: 'The account has no webhook URL' };
    const delivery: StripeDelivery = { event, url, signatureHeader, ...response, deliveredAt: new Date().toISOString() };
    deliveries.push(delivery);
    return delivery;
  }

  async function emit(type: string, record: SessionRecord, object: object): Promise<ControlResult> {
    const event = buildEvent(type, object, { secretKey: record.account.secretKey });
    return { event, delivery: await deliver(event) };
  }

  // ---- state changes (shared by the checkout page, the API and the controls) ------------------

  function complete(record: SessionRecord, paymentStatus: CheckoutPaymentStatus, email?: string): void {
    const { session } = record;
    if (session.status !== 'open') throw new StandInError(409, `Checkout Session ${session.id} is ${session.status}, not open`);
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
        address: null,
        business_name: null,
        email: session.customer_email ?? email ?? 'customer@example.com',
        individual_name: null,
        name: 'Test Customer',
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    } satisfies Partial<CheckoutSession>);
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

  const controls = {
    async completeSession(id: string, options: { paymentStatus?: CheckoutPaymentStatus; email?: string } = {}) {
      const record = findRecord(id);
      complete(record, options.paymentStatus ?? 'paid', options.email);
      return emit('checkout.session.completed', record, record.session);
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
  };

  // ---- API ------------------------------------------------------------------------------------

  /** Replaces ids with the objects they name for `expand[]`, as Stripe does, and refuses the rest. */
  function expanded(object: object, paths: string[]): object {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of paths) {
      let node = copy;
      for (const field of path.split('.')) {
        const expandable =
          (node.object === 'checkout.session' && field === 'payment_intent') ||
          (node.object === 'payment_intent' && field === 'latest_charge');
        if (!expandable) throw invalidRequest(`This property cannot be expanded (${field}).`, 'expand');
        const value = node[field];
        if (value === null || value === undefined) break;
        if (typeof value === 'string') {
          const target = paymentIntents.get(value) ?? charges.get(value);
          if (!target) break;
          node[field] = structuredClone(target);
        }
        node = node[field] as Record<string, unknown>;
      }
    }
    return copy;
  }

  function ownedRecord(id: string, account: StripeAccount, objectName: string, param: string): SessionRecord {
    const record = [...records.values()].find((r) => r.session.id === id || r.paymentIntent?.id === id || r.charge?.id === id);
    if (!record || record.account !== account) throw resourceMissing(objectName, id, param);
    return record;
  }

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
      const request = checkoutRequest(params, created);
      const id = `cs_test_${randomString(56)}`;
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        url: `${baseUrl}/c/pay/${id}`,
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: request.amountTotal,
        amount_total: request.amountTotal,
        currency: request.currency,
        customer: null,
        customer_email: request.customerEmail,
        customer_details: null,
        client_reference_id: request.clientReferenceId,
        metadata: request.metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        payment_intent: null,
        payment_method_types: ['card'],
        livemode: false,
        created,
        expires_at: request.expiresAt,
      };
      records.set(id, { account, session, lineItems: request.lineItems, paymentIntentMetadata: request.paymentIntentMetadata });
      sessions.set(id, session);
      return { status: 200, body: expanded(session, request.expand) };
    })
    .on('GET', '/v1/checkout/sessions/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const record = ownedRecord(path.id!, account, 'checkout.session', 'session');
      if (record.session.id !== path.id) throw resourceMissing('checkout.session', path.id!, 'session');
      return { status: 200, body: expanded(record.session, expand) };
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
      return { status: 200, body: expanded(record.session, expand) };
    })
    .on('GET', '/v1/payment_intents/:id', ({ account, params, path }) => {
      const expand = retrieveParams(params);
      const paymentIntent = ownedRecord(path.id!, account, 'payment_intent', 'intent').paymentIntent;
      if (!paymentIntent || paymentIntent.id !== path.id) throw resourceMissing('payment_intent', path.id!, 'intent');
      return { status: 200, body: expanded(paymentIntent, expand) };
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
    });

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
    return account;
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

  function renderCheckout(record: SessionRecord, error?: string): string {
    const { session, account } = record;
    const business = account.businessName ?? 'Test business';
    const total = formatMinorUnits(session.amount_total ?? 0, session.currency ?? 'usd');
    const title = `Pay ${business} – Stripe test checkout`;
    const items = record.lineItems
      .map((item) => `<dt>Product</dt><dd>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</dd>`)
      .join('\n');
    const summary = `<dl>\n${items}\n<dt>Total</dt><dd>${escapeHtml(total)}</dd>${
      session.customer_email ? `\n<dt>Email</dt><dd>${escapeHtml(session.customer_email)}</dd>` : ''
    }\n</dl>`;
    let main: string;
    if (session.status === 'open') {
      const emailField = session.customer_email
        ? ''
        : `<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" required></p>`;
      main = `<h1>Pay ${escapeHtml(business)}</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
${summary}
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}/pay">
${emailField}
<p><button class="primary" type="submit" name="method" value="card">Pay</button></p>
<p><button type="submit" name="method" value="bank_debit">Use delayed bank debit</button></p>
</form>
<p><a href="${escapeHtml(session.cancel_url ?? '')}">Cancel and return</a></p>`;
    } else if (session.status === 'complete' && session.payment_status === 'paid') {
      main = `<h1>Payment complete</h1>
<p>This checkout session is paid.</p>
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
      if (!record.session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '')) {
        return sendHtml(res, 400, renderCheckout(record, 'Enter a valid email address.'));
      }
      complete(record, form.get('method') === 'bank_debit' ? 'unpaid' : 'paid', email);
      const event = buildEvent('checkout.session.completed', record.session, { secretKey: record.account.secretKey });
      redirect(res, successUrl(record.session));
      scheduler.schedule(webhookDelayMs, () => deliver(event));
    })
    .on('POST', '/_test/accounts', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const account: StripeAccount = {
        secretKey: optionalText(body.secretKey, 'secretKey') ?? '',
        webhookSecret: optionalText(body.webhookSecret, 'webhookSecret') ?? '',
        webhookUrl: optionalText(body.webhookUrl, 'webhookUrl'),
        businessName: optionalText(body.businessName, 'businessName'),
      };
      addAccount(account);
      sendJson(res, 201, { secretKey: account.secretKey, webhookUrl: account.webhookUrl ?? null });
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
    .on('POST', '/_test/events', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const type = optionalText(body.type, 'type');
      if (!type || typeof body.object !== 'object' || body.object === null)
        throw new StandInError(400, 'type and object are required');
      sendJson(res, 200, buildEvent(type, body.object, { secretKey: optionalText(body.secretKey, 'secretKey') }));
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
    for (const collection of [records, sessions, paymentIntents, charges, events, idempotent]) collection.clear();
    requests.length = 0;
    deliveries.length = 0;
  }

  const server = await serveStandIn(port, { isApi: (path) => path.startsWith('/v1/'), handleApi, pages, scheduler });
  baseUrl = server.url;

  return {
    ...server,
    addAccount,
    removeAccount,
    sessions,
    paymentIntents,
    charges,
    requests,
    deliveries,
    ...controls,
    buildEvent,
    deliver,
    reset,
  };
}
