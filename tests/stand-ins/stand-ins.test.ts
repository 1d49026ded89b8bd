import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type OrderRequest,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalStandIn, startPaypalStandIn } from './paypal.js';
import { startStripeStandIn, type StripeStandIn } from './stripe.js';

/** Stands in for Lodestone's webhook endpoint: records what arrives, answers 200. */
async function startReceiver() {
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    last: (path: string) => received.filter((r) => r.path === path).at(-1)!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe('Stripe stand-in, through the Stripe SDK', () => {
  const key = 'sk_test_51StandInAcmeKey4242';
  const otherKey = 'sk_test_51StandInOtherKey9999';
  const webhookSecret = 'whsec_standInSecret123';
  let standIn: StripeStandIn;
  let stripe: Stripe;
  const sdk = (secretKey: string) => {
    const url = new URL(standIn.url);
    return new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  };
  const metadata = { payment_id: 'pay_1', lead_id: 'lead_1' };
  const params = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 999, product_data: { name: 'Growth guide' } } }],
    customer_email: 'visitor@example.com',
    client_reference_id: 'pay_1',
    metadata,
    payment_intent_data: { metadata },
    success_url: 'http://127.0.0.1:3100/pay/return?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:3100/pay/cancelled',
    ...overrides,
  });
  const verify = (delivery: { body: string; headers: IncomingHttpHeaders }) =>
    stripe.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature'] as string, webhookSecret);

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookDelayMs: 0 });
    standIn.addAccount({ secretKey: key, webhookSecret, webhookUrl: `${receiver.url}/stripe`, businessName: 'Acme Guides' });
    standIn.addAccount({
      secretKey: otherKey,
      webhookSecret: 'whsec_otherSecret123',
      webhookUrl: `${receiver.url}/stripe-other`,
    });
    stripe = sdk(key);
  });
  afterAll(() => standIn.close());

  it('checks keys with balance.retrieve', async () => {
    const balance = await stripe.balance.retrieve();
    expect(balance).toMatchObject({ object: 'balance', livemode: false, available: [{ currency: 'usd', amount: 0 }] });

    const rejected = sdk('sk_test_51UnknownKey0000').balance.retrieve();
    await expect(rejected).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(rejected).rejects.toThrow('Invalid API Key provided: sk_test_****0000');
  });

  it('creates a Checkout Session from form-encoded params and replays it for the same idempotency key', async () => {
    const session = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'checkout-pay_1' });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 999,
      amount_subtotal: 999,
      currency: 'usd',
      customer_email: 'visitor@example.com',
      client_reference_id: 'pay_1',
      metadata,
      payment_intent: null,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 3600);

    const sent = standIn.requests.at(-1)!;
    expect(sent.headers['idempotency-key']).toBe('checkout-pay_1');
    expect(sent.body).toMatchObject({
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '999', product_data: { name: 'Growth guide' } } },
      ],
      payment_intent_data: { metadata },
    });

    const again = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'checkout-pay_1' });
    expect(again.id).toBe(session.id);
    await expect(
      stripe.checkout.sessions.create(params({ customer_email: 'other@example.com' }), { idempotencyKey: 'checkout-pay_1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('validates like Stripe', async () => {
    const rejects = (overrides: Partial<Stripe.Checkout.SessionCreateParams>) =>
      stripe.checkout.sessions.create(params(overrides));
    await expect(
      rejects({ line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 0, product_data: { name: 'Free' } } }] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items[0][price_data][unit_amount]' });
    await expect(rejects({ success_url: undefined })).rejects.toMatchObject({ param: 'success_url', code: 'parameter_missing' });
    await expect(rejects({ cancel_url: 'not a url' })).rejects.toMatchObject({ param: 'cancel_url' });
    await expect(rejects({ mode: 'subscription' })).rejects.toMatchObject({ param: 'mode' });
    await expect(rejects({ line_items: [] })).rejects.toMatchObject({ param: 'line_items' });
    await expect(rejects({ customer_email: 'nope' })).rejects.toMatchObject({ param: 'customer_email' });
    await expect(rejects({ lead_id: 'typo' } as Partial<Stripe.Checkout.SessionCreateParams>)).rejects.toThrow(
      'Received unknown parameter: lead_id',
    );
  });

  it('retrieves sessions of its own account only', async () => {
    const session = await stripe.checkout.sessions.create(params());
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ id: session.id, status: 'open' });
    await expect(sdk(otherKey).checkout.sessions.retrieve(session.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('pays on the checkout page, redirects to success_url and sends a signed checkout.session.completed', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Pay Acme Guides – Stripe test checkout</title>');
    expect(html).toContain('Growth guide');
    expect(html).toContain('$9.99');
    expect(html).toContain('visitor@example.com');
    expect(html).toContain('<a href="http://127.0.0.1:3100/pay/cancelled">Cancel and return</a>');

    const paid = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:3100/pay/return?session_id=${session.id}`);

    await standIn.whenIdle();
    const webhook = receiver.last('/stripe');
    const event = verify(webhook);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.api_version).toBe(Stripe.API_VERSION);
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata,
      client_reference_id: 'pay_1',
    });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const paymentIntent = await stripe.paymentIntents.retrieve(retrieved.payment_intent as string);
    expect(paymentIntent).toMatchObject({ amount: 999, currency: 'usd', status: 'succeeded', metadata });
    expect(paymentIntent.latest_charge).toMatch(/^ch_/);

    const again = await fetch(session.url!);
    expect(await again.text()).toContain('Payment complete');
  });

  it('shows amounts in the currency, zero-decimal ones in whole units', async () => {
    const session = await stripe.checkout.sessions.create(
      params({
        line_items: [{ quantity: 1, price_data: { currency: 'jpy', unit_amount: 500, product_data: { name: 'Guide' } } }],
      }),
    );
    expect(session.currency).toBe('jpy');
    expect(await (await fetch(session.url!)).text()).toContain('¥500');
    const sgd = await stripe.checkout.sessions.create(
      params({
        line_items: [{ quantity: 2, price_data: { currency: 'SGD', unit_amount: 1250, product_data: { name: 'Guide' } } }],
      }),
    );
    expect(sgd).toMatchObject({ currency: 'sgd', amount_total: 2500 });
    expect(await (await fetch(sgd.url!)).text()).toContain('S$25.00');
  });

  it('re-sends events as they were and signs only the real payload', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const { event } = await standIn.completeSession(session.id);
    expect(verify(receiver.last('/stripe')).id).toBe(event.id);

    const duplicate = await standIn.deliver(event);
    expect(duplicate.status).toBe(200);
    expect(verify(receiver.last('/stripe')).id).toBe(event.id);

    const tampered = await standIn.deliver(event, {
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 1 } } }),
    });
    expect(tampered.status).toBe(200);
    expect(() => verify(receiver.last('/stripe'))).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event, null, 2),
      secret: 'whsec_wrongSecret1',
    });
    await standIn.deliver(event, { signatureHeader: forged });
    expect(() => verify(receiver.last('/stripe'))).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('settles delayed payments, refunds and expiries with their events', async () => {
    const debit = await stripe.checkout.sessions.create(params());
    const completed = await standIn.completeSession(debit.id, { paymentStatus: 'unpaid' });
    expect(completed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const succeeded = await standIn.asyncSucceeded(debit.id);
    expect(verify(receiver.last('/stripe'))).toMatchObject({
      type: 'checkout.session.async_payment_succeeded',
      data: { object: { payment_status: 'paid' } },
    });
    expect(succeeded.delivery.status).toBe(200);

    const refund = await standIn.refund(debit.id);
    expect(verify(receiver.last('/stripe'))).toMatchObject({
      type: 'charge.refunded',
      data: {
        object: {
          object: 'charge',
          amount: 999,
          amount_refunded: 999,
          refunded: true,
          payment_intent: standIn.sessions.get(debit.id)!.payment_intent,
        },
      },
    });
    await expect(standIn.refund(debit.id)).rejects.toThrow('already refunded');
    expect(refund.event.data.object.id).toMatch(/^ch_/);

    const failing = await stripe.checkout.sessions.create(params());
    await standIn.completeSession(failing.id, { paymentStatus: 'unpaid' });
    await standIn.asyncFailed(failing.id);
    expect(verify(receiver.last('/stripe')).type).toBe('checkout.session.async_payment_failed');

    const abandoned = await stripe.checkout.sessions.create(params());
    await standIn.expire(abandoned.id);
    expect(verify(receiver.last('/stripe'))).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { status: 'expired' } },
    });
    await expect(standIn.expire(abandoned.id)).rejects.toThrow('only open sessions expire');
  });

  it('offers its controls over HTTP for browser tests', async () => {
    const register = await fetch(`${standIn.url}/_test/accounts`, {
      method: 'POST',
      body: JSON.stringify({
        secretKey: 'sk_test_51BrowserKey1234',
        webhookSecret: 'whsec_browserSecret1',
        webhookUrl: `${receiver.url}/browser`,
      }),
    });
    expect(register.status).toBe(201);
    const session = await sdk('sk_test_51BrowserKey1234').checkout.sessions.create(
      params({ customer_email: 'browser@example.com' }),
    );
    const { data } = (await (await fetch(`${standIn.url}/_test/sessions?customer_email=browser@example.com`)).json()) as {
      data: { id: string }[];
    };
    expect(data.map((s) => s.id)).toEqual([session.id]);

    const complete = await fetch(`${standIn.url}/_test/sessions/${session.id}/complete`, {
      method: 'POST',
      body: '{"paymentStatus":"paid"}',
    });
    expect(((await complete.json()) as { delivery: { status: number } }).delivery.status).toBe(200);
    expect(receiver.last('/browser').headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect((await fetch(`${standIn.url}/_test/sessions/${session.id}/expire`, { method: 'POST' })).status).toBe(409);
  });
});

describe('PayPal stand-in, through the PayPal server SDK', () => {
  const account = { clientId: 'AcmeClientId123', clientSecret: 'AcmeClientSecret456', webhookId: '4JH86294D6297924G' };
  let standIn: PaypalStandIn;
  let client: Client;
  let orders: OrdersController;

  /** Production's way of pointing the SDK elsewhere: an axios adapter that swaps the host. */
  const sdkClient = (clientId: string, clientSecret: string) => {
    const http = axios.getAdapter('http');
    const adapter: AxiosAdapter = (config) => {
      const url = new URL(config.url!);
      return http({ ...config, url: `${standIn.url}${url.pathname}${url.search}` });
    };
    return new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
      environment: Environment.Sandbox,
      timeout: 10_000,
      unstable_httpClientOptions: { adapter },
    });
  };
  const orderBody = (amount = { currencyCode: 'USD', value: '9.99' }): OrderRequest => ({
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [{ referenceId: 'pay_2', customId: 'pay_2', description: 'Growth guide', amount }],
    paymentSource: {
      paypal: {
        experienceContext: {
          brandName: 'Acme Guides',
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
          returnUrl: 'http://127.0.0.1:3100/pay/paypal/return',
          cancelUrl: 'http://127.0.0.1:3100/pay/paypal/cancelled',
        },
      },
    },
  });
  const issue = (error: unknown) =>
    (JSON.parse(String((error as ApiError).body)) as { details: { issue: string }[] }).details[0]!.issue;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected the SDK call to fail'),
      (error: unknown) => error as ApiError,
    );

  async function approvedOrder(requestId?: string): Promise<string> {
    const { result } = await orders.createOrder({ body: orderBody(), paypalRequestId: requestId });
    const approve = await fetch(`${standIn.url}/checkoutnow/approve`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ token: result.id! }),
    });
    expect(approve.status).toBe(303);
    return result.id!;
  }

  /** What Lodestone does with an incoming webhook: hands it back to PayPal to check. */
  async function verification(delivery: { headers: IncomingHttpHeaders; body: string }, overrides: Record<string, string> = {}) {
    const header = (name: string) => delivery.headers[name] as string;
    const token = (await client.clientCredentialsAuthManager.fetchToken()).accessToken;
    const response = await fetch(`${standIn.url}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: account.webhookId,
        webhook_event: JSON.parse(delivery.body) as unknown,
        ...overrides,
      }),
    });
    return { status: response.status, body: (await response.json()) as { verification_status?: string; name?: string } };
  }

  beforeAll(async () => {
    standIn = await startPaypalStandIn({ webhookDelayMs: 0 });
    standIn.addAccount({ ...account, webhookUrl: `${receiver.url}/paypal` });
    standIn.addAccount({ clientId: 'OtherClientId123', clientSecret: 'OtherSecret456', webhookId: 'OTHERWEBHOOK1' });
    client = sdkClient(account.clientId, account.clientSecret);
    orders = new OrdersController(client);
  });
  afterAll(() => standIn.close());

  it('refuses bad client credentials', async () => {
    const error = await failure(
      new OrdersController(sdkClient(account.clientId, 'wrong-secret')).createOrder({ body: orderBody() }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(401);
    expect(JSON.parse(String(error.body))).toEqual({
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });
  });

  it('creates orders from the SDK request and replays them for the same PayPal-Request-Id', async () => {
    const created = await orders.createOrder({ body: orderBody(), paypalRequestId: 'order-pay_2' });
    expect(created.statusCode).toBe(201);
    expect(created.result.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.result.status).toBe('PAYER_ACTION_REQUIRED');
    expect(created.result.links).toContainEqual({
      href: `${standIn.url}/checkoutnow?token=${created.result.id}`,
      rel: 'payer-action',
      method: 'GET',
    });

    const sent = standIn.requests.at(-1)!;
    expect(sent.headers['paypal-request-id']).toBe('order-pay_2');
    expect(sent.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'pay_2', custom_id: 'pay_2', amount: { currency_code: 'USD', value: '9.99' } }],
      payment_source: {
        paypal: { experience_context: { return_url: 'http://127.0.0.1:3100/pay/paypal/return', user_action: 'PAY_NOW' } },
      },
    });

    const replayed = await orders.createOrder({ body: orderBody(), paypalRequestId: 'order-pay_2' });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.result.id).toBe(created.result.id);

    const full = await orders.getOrder({ id: created.result.id! });
    expect(full.result).toMatchObject({ intent: 'CAPTURE', purchaseUnits: [{ customId: 'pay_2', description: 'Growth guide' }] });
  });

  it('checks amounts against the currency', async () => {
    expect(issue(await failure(orders.createOrder({ body: orderBody({ currencyCode: 'JPY', value: '500.50' }) })))).toBe(
      'DECIMAL_PRECISION',
    );
    expect(issue(await failure(orders.createOrder({ body: orderBody({ currencyCode: 'USD', value: '9.999' }) })))).toBe(
      'DECIMAL_PRECISION',
    );
    expect(issue(await failure(orders.createOrder({ body: orderBody({ currencyCode: 'USD', value: 'ten' }) })))).toBe(
      'INVALID_PARAMETER_SYNTAX',
    );
    await expect(orders.createOrder({ body: orderBody({ currencyCode: 'JPY', value: '500' }) })).resolves.toMatchObject({
      statusCode: 201,
    });
  });

  it('pays through the checkout page, captures once and sends a verifiable PAYMENT.CAPTURE.COMPLETED', async () => {
    const { result } = await orders.createOrder({ body: orderBody() });
    const id = result.id!;
    expect(issue(await failure(orders.captureOrder({ id })))).toBe('ORDER_NOT_APPROVED');

    const page = await fetch(`${standIn.url}/checkoutnow?token=${id}`);
    const html = await page.text();
    expect(html).toContain('<title>Pay Acme Guides – PayPal test checkout</title>');
    expect(html).toContain('$9.99');
    expect(html).toContain('Growth guide');
    expect(html).toContain('Pay with PayPal');
    expect(html).toContain(`href="http://127.0.0.1:3100/pay/paypal/cancelled?token=${id}">Cancel and return</a>`);

    const approve = await fetch(`${standIn.url}/checkoutnow/approve`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ token: id }),
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:3100/pay/paypal/return\\?token=${id}&PayerID=[A-Z0-9]{13}$`),
    );

    const captured = await orders.captureOrder({ id, paypalRequestId: 'capture-pay_2', prefer: 'return=representation' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe('COMPLETED');
    const capture = captured.result.purchaseUnits![0]!.payments!.captures![0]!;
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      customId: 'pay_2',
      amount: { currencyCode: 'USD', value: '9.99' },
      finalCapture: true,
    });

    const replayed = await orders.captureOrder({ id, paypalRequestId: 'capture-pay_2', prefer: 'return=representation' });
    expect(replayed.result.purchaseUnits![0]!.payments!.captures![0]!.id).toBe(capture.id);
    expect(issue(await failure(orders.captureOrder({ id, paypalRequestId: 'capture-again' })))).toBe('ORDER_ALREADY_CAPTURED');
    await expect(orders.getOrder({ id })).resolves.toMatchObject({
      result: { status: 'COMPLETED', payer: { emailAddress: 'buyer@example.com' } },
    });

    await standIn.whenIdle();
    const webhook = receiver.last('/paypal');
    expect(webhook.headers).toMatchObject({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${standIn.url}/certs/standin`,
    });
    const event = JSON.parse(webhook.body) as { event_type: string; resource: Record<string, unknown> };
    expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(event.resource).toMatchObject({
      id: capture.id,
      custom_id: 'pay_2',
      supplementary_data: { related_ids: { order_id: id } },
    });

    await expect(verification(webhook)).resolves.toEqual({ status: 200, body: { verification_status: 'SUCCESS' } });
    const tampered = { ...webhook, body: webhook.body.replace('"9.99"', '"0.01"') };
    await expect(verification(tampered)).resolves.toEqual({ status: 200, body: { verification_status: 'FAILURE' } });
    await expect(verification(webhook, { webhook_id: 'OTHERWEBHOOK1' })).resolves.toMatchObject({
      body: { verification_status: 'FAILURE' },
    });
    await expect(verification(webhook, { transmission_sig: '' })).resolves.toMatchObject({
      status: 400,
      body: { name: 'VALIDATION_ERROR' },
    });
  });

  it('keeps orders to their account', async () => {
    const id = await approvedOrder();
    const other = new OrdersController(sdkClient('OtherClientId123', 'OtherSecret456'));
    const error = await failure(other.getOrder({ id }));
    expect(error.statusCode).toBe(404);
    expect(issue(error)).toBe('INVALID_RESOURCE_ID');
  });

  it('reports a pending capture, then a denial, as PayPal would', async () => {
    const pending = await approvedOrder();
    standIn.captureOutcome(pending, 'PENDING');
    const deliveriesBefore = standIn.deliveries.length;
    const captured = await orders.captureOrder({ id: pending });
    expect(captured.result.status).toBe('COMPLETED');
    expect(captured.result.purchaseUnits![0]!.payments!.captures![0]).toMatchObject({
      status: 'PENDING',
      statusDetails: { reason: 'PENDING_REVIEW' },
    });
    await standIn.whenIdle();
    expect(standIn.deliveries.length).toBe(deliveriesBefore);

    const denied = await standIn.deny(pending);
    expect(denied.event).toMatchObject({ event_type: 'PAYMENT.CAPTURE.DENIED', resource: { status: 'DECLINED' } });
    await expect(verification(receiver.last('/paypal'))).resolves.toMatchObject({ body: { verification_status: 'SUCCESS' } });

    const declined = await approvedOrder();
    standIn.captureOutcome(declined, 'DECLINED');
    expect(issue(await failure(orders.captureOrder({ id: declined })))).toBe('INSTRUMENT_DECLINED');
    await expect(orders.getOrder({ id: declined })).resolves.toMatchObject({ result: { status: 'PAYER_ACTION_REQUIRED' } });
  });

  it('refunds captures and re-sends events for duplicate and out-of-order tests', async () => {
    const id = await approvedOrder();
    const { result } = await orders.captureOrder({ id });
    const captureId = result.purchaseUnits![0]!.payments!.captures![0]!.id!;
    await standIn.whenIdle();
    const completed = standIn.deliveries.at(-1)!.event;

    const refund = await standIn.refund(captureId);
    expect(refund.event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: { status: 'COMPLETED', custom_id: 'pay_2', amount: { value: '9.99' } },
    });
    expect(refund.event.resource.links).toContainEqual({
      href: `${standIn.url}/v2/payments/captures/${captureId}`,
      rel: 'up',
      method: 'GET',
    });
    await expect(verification(receiver.last('/paypal'))).resolves.toMatchObject({ body: { verification_status: 'SUCCESS' } });

    // The completion arriving again, after the refund: a fresh transmission of the same event.
    const late = await standIn.deliver(completed);
    expect(late.status).toBe(200);
    expect((JSON.parse(receiver.last('/paypal').body) as { id: string }).id).toBe(completed.id);
    await expect(verification(receiver.last('/paypal'))).resolves.toMatchObject({ body: { verification_status: 'SUCCESS' } });

    await standIn.deliver(completed, { headers: { 'paypal-transmission-id': 'forged-transmission-1' } });
    await expect(verification(receiver.last('/paypal'))).resolves.toMatchObject({ body: { verification_status: 'FAILURE' } });
  });

  it('describes the webhook of the authenticated app only', async () => {
    const token = (await client.clientCredentialsAuthManager.fetchToken()).accessToken;
    const get = (id: string) =>
      fetch(`${standIn.url}/v1/notifications/webhooks/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const own = await get(account.webhookId);
    expect(own.status).toBe(200);
    const webhook = (await own.json()) as { id: string; url: string; event_types: { name: string }[] };
    expect(webhook).toMatchObject({ id: account.webhookId, url: `${receiver.url}/paypal` });
    expect(webhook.event_types.map((t) => t.name)).toEqual([
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.DENIED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REVERSED',
    ]);
    expect((await get('OTHERWEBHOOK1')).status).toBe(404);
    expect((await fetch(`${standIn.url}/v1/notifications/webhooks/${account.webhookId}`)).status).toBe(401);
  });

  it('offers its controls over HTTP for browser tests', async () => {
    const { result } = await orders.createOrder({ body: orderBody() });
    const { data } = (await (await fetch(`${standIn.url}/_test/orders?status=PAYER_ACTION_REQUIRED`)).json()) as {
      data: { id: string }[];
    };
    expect(data[0]!.id).toBe(result.id);
    const outcome = await fetch(`${standIn.url}/_test/orders/${result.id}/capture-outcome`, {
      method: 'POST',
      body: '{"outcome":"PENDING"}',
    });
    expect(outcome.status).toBe(200);
    expect((await fetch(`${standIn.url}/_test/orders/${result.id}/deny`, { method: 'POST' })).status).toBe(409);
    expect((await fetch(`${standIn.url}/_test/health`)).status).toBe(200);
  });
});
