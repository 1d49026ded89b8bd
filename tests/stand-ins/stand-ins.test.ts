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
import { addInterval } from './stripe-billing.js';

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
    await expect(rejects({ mode: 'setup' })).rejects.toMatchObject({ param: 'mode' });
    await expect(rejects({ line_items: [] })).rejects.toMatchObject({ param: 'line_items' });
    await expect(rejects({ customer_email: 'nope' })).rejects.toMatchObject({ param: 'customer_email' });
    await expect(rejects({ lead_id: 'typo' } as Partial<Stripe.Checkout.SessionCreateParams>)).rejects.toThrow(
      'Received unknown parameter: lead_id',
    );
  });

  it('keeps the locale Checkout is shown in, and refuses one Checkout does not offer', async () => {
    const german = await stripe.checkout.sessions.create(params({ locale: 'de' }));
    expect(german.locale).toBe('de');
    expect(standIn.sessions.get(german.id)!.locale).toBe('de');
    expect((await stripe.checkout.sessions.create(params())).locale).toBeNull();
    for (const locale of ['ar', 'de-DE', 'zh-CN']) {
      await expect(stripe.checkout.sessions.create(params({ locale }))).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'locale',
        message: expect.stringMatching(/^Invalid locale: must be one of auto, bg, .*, zh-HK, or zh-TW$/),
      });
    }
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

describe('Stripe Billing stand-in, through the Stripe SDK', () => {
  const key = 'sk_test_51StandInBillingKey4242';
  const otherKey = 'sk_test_51StandInBillingOther99';
  const webhookSecret = 'whsec_billingSecret123';
  const prices = {
    proMonthly: 'price_1ProMonthlyStandIn',
    proAnnual: 'price_1ProAnnualStandIn',
    businessMonthly: 'price_1BusinessMonthlyStandIn',
  };
  let standIn: StripeStandIn;
  let stripe: Stripe;
  const sdk = (secretKey: string) => {
    const url = new URL(standIn.url);
    return new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  };
  const checkout = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: prices.proAnnual, quantity: 1 }],
      customer_email: 'owner@example.com',
      client_reference_id: 'ws_1',
      metadata: { workspace_id: 'ws_1' },
      subscription_data: { metadata: { workspace_id: 'ws_1', plan: 'pro' } },
      success_url: 'http://127.0.0.1:3100/billing/return?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:3100/billing',
      ...overrides,
    });
  /** The signed events that reached the billing endpoint since `since` deliveries, checked with the SDK. */
  const eventsSince = (since: number) =>
    receiver.received
      .slice(since)
      .filter((r) => r.path === '/billing')
      .map((r) => stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, webhookSecret));
  /** A subscription started through the control, as a test that does not need the page would. */
  async function subscribed(price = prices.proMonthly, email = 'owner@example.com') {
    const session = await checkout({ line_items: [{ price, quantity: 1 }], customer_email: email });
    await standIn.completeSession(session.id);
    const { subscription, customer } = standIn.sessions.get(session.id)!;
    return { subscriptionId: subscription!, customerId: customer! };
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookDelayMs: 0 });
    standIn.addAccount({
      secretKey: key,
      webhookSecret,
      webhookUrl: `${receiver.url}/billing`,
      businessName: 'Lodestone',
      prices: [
        { id: prices.proMonthly, unitAmount: 2900, currency: 'usd', interval: 'month', productName: 'Lodestone Pro' },
        { id: prices.proAnnual, unitAmount: 27840, currency: 'usd', interval: 'year', productName: 'Lodestone Pro' },
        { id: prices.businessMonthly, unitAmount: 9900, currency: 'usd', interval: 'month', productName: 'Lodestone Business' },
      ],
    });
    standIn.addAccount({ secretKey: otherKey, webhookSecret: 'whsec_otherBilling1', webhookUrl: `${receiver.url}/other` });
    stripe = sdk(key);
  });
  afterAll(() => standIn.close());

  it('places periods on the anchor day, or the last day of a shorter month', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(addInterval(at('2027-01-31T10:00:00Z'), 'month', 1)).toBe(at('2027-02-28T10:00:00Z'));
    expect(addInterval(at('2027-01-31T10:00:00Z'), 'month', 2)).toBe(at('2027-03-31T10:00:00Z'));
    expect(addInterval(at('2028-02-29T00:00:00Z'), 'year', 1)).toBe(at('2029-02-28T00:00:00Z'));
    expect(addInterval(at('2026-12-15T08:30:00Z'), 'month', 1)).toBe(at('2027-01-15T08:30:00Z'));
  });

  it('subscribes on the checkout page: a subscription, its paid invoice and three signed events', async () => {
    const session = await checkout();
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      amount_total: 27840,
      currency: 'usd',
      customer: null,
      subscription: null,
      client_reference_id: 'ws_1',
    });
    expect(standIn.requests.at(-1)!.body).toMatchObject({
      line_items: [{ price: prices.proAnnual, quantity: '1' }],
      subscription_data: { metadata: { workspace_id: 'ws_1', plan: 'pro' } },
    });

    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<h1>Subscribe to Lodestone Pro</h1>');
    expect(html).toContain('$278.40 per year');
    expect(html).toContain('owner@example.com');
    expect(html).toContain('>Subscribe</button>');
    expect(html).not.toContain('Use delayed bank debit');
    expect(html).toContain('<a href="http://127.0.0.1:3100/billing">Cancel and return</a>');

    const since = receiver.received.length;
    const paid = await fetch(`${standIn.url}/c/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:3100/billing/return?session_id=${session.id}`);
    await standIn.whenIdle();
    const events = eventsSince(since);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);

    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.items.data.price.product'],
    });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: expect.stringMatching(/^cus_/) });
    const subscription = completed.subscription as Stripe.Subscription;
    const item = subscription.items.data[0]!;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: completed.customer,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: { workspace_id: 'ws_1', plan: 'pro' },
      latest_invoice: completed.invoice,
    });
    expect(item).toMatchObject({
      object: 'subscription_item',
      quantity: 1,
      price: { id: prices.proAnnual, unit_amount: 27840, recurring: { interval: 'year', interval_count: 1 } },
    });
    expect((item.price.product as Stripe.Product).name).toBe('Lodestone Pro');
    expect(item.current_period_end).toBe(addInterval(item.current_period_start, 'year', 1));
    expect(events[1]!.data.object).toMatchObject({ id: subscription.id, status: 'active' });

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 27840,
      currency: 'usd',
      customer: completed.customer,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { workspace_id: 'ws_1', plan: 'pro' } },
      },
    });
    expect(invoice.lines.data[0]!.period).toEqual({ start: item.current_period_start, end: item.current_period_end });
    expect(events[2]!.data.object).toMatchObject({ id: invoice.id, status: 'paid' });

    await expect(stripe.customers.retrieve(completed.customer as string)).resolves.toMatchObject({
      email: 'owner@example.com',
    });
    const price = await stripe.prices.retrieve(prices.proAnnual);
    expect(price).toMatchObject({ type: 'recurring', unit_amount: 27840, recurring: { interval: 'year' } });
    expect(await (await fetch(session.url!)).text()).toContain('Subscription started');
  });

  it('subscribes an existing customer and lists their subscriptions', async () => {
    const customer = await stripe.customers.create({
      email: 'team@example.com',
      name: 'Acme',
      metadata: { workspace_id: 'ws_2' },
    });
    expect(customer).toMatchObject({ object: 'customer', email: 'team@example.com', metadata: { workspace_id: 'ws_2' } });
    const session = await checkout({ customer: customer.id, customer_email: undefined });
    expect(session.customer).toBe(customer.id);
    expect(await (await fetch(session.url!)).text()).toContain('team@example.com');
    const { events } = await standIn.completeSession(session.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);

    const list = await stripe.subscriptions.list({ customer: customer.id });
    expect(list).toMatchObject({ object: 'list', has_more: false });
    expect(list.data.map((s) => s.customer)).toEqual([customer.id]);
    expect((await stripe.customers.list({ email: 'team@example.com' })).data.map((c) => c.id)).toEqual([customer.id]);
  });

  it('cancels at the period end in the portal, renews again, then ends when the period does', async () => {
    const { subscriptionId, customerId } = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: 'http://127.0.0.1:3100/billing',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customerId,
      return_url: 'http://127.0.0.1:3100/billing',
    });
    expect(portal.url).toBe(`${standIn.url}/p/session/${portal.id}`);
    const periodEnd = standIn.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;
    const date = new Date(periodEnd * 1000).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });

    let html = await (await fetch(portal.url)).text();
    expect(html).toContain('<h2 id="');
    expect(html).toContain('Lodestone Pro</h2>');
    expect(html).toContain('$29.00 per month');
    expect(html).toContain(`Renews on ${date}`);
    expect(html).toContain('>Cancel plan</button>');
    expect(html).toContain('<a href="http://127.0.0.1:3100/billing">Return to Lodestone</a>');

    const since = receiver.received.length;
    const action = (verb: string) =>
      fetch(`${portal.url}/subscriptions/${subscriptionId}/${verb}`, { method: 'POST', redirect: 'manual' });
    const cancelled = await action('cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/p/session/${portal.id}`);
    await standIn.whenIdle();
    const [updated] = eventsSince(since);
    expect(updated).toMatchObject({
      type: 'customer.subscription.updated',
      data: {
        object: { id: subscriptionId, status: 'active', cancel_at_period_end: true, cancel_at: periodEnd },
        previous_attributes: { cancel_at_period_end: false, cancel_at: null },
      },
    });
    html = await (await fetch(portal.url)).text();
    expect(html).toContain(`Cancels on ${date}`);
    expect(html).toContain('>Renew plan</button>');

    await action('renew');
    await standIn.whenIdle();
    expect(eventsSince(since).at(-1)).toMatchObject({
      data: { object: { cancel_at_period_end: false, cancel_at: null }, previous_attributes: { cancel_at_period_end: true } },
    });
    await action('cancel');
    await standIn.whenIdle();

    const { events } = await standIn.advanceSubscription(subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(eventsSince(since).at(-1)!.data.object).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      canceled_at: expect.any(Number),
    });
    expect((await stripe.subscriptions.list({ customer: customerId })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data).toHaveLength(1);
    expect(await (await fetch(portal.url)).text()).toContain('You have no current subscriptions.');

    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
  });

  it('renews, fails a renewal and recovers, and ends once the retries run out', async () => {
    const { subscriptionId } = await subscribed();
    const first = structuredClone(standIn.subscriptions.get(subscriptionId)!.items.data[0]!);

    const renewed = await standIn.advanceSubscription(subscriptionId);
    expect(renewed.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(renewed.events[0]!.data.object).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 2900,
      period_start: first.current_period_start,
      period_end: first.current_period_end,
    });
    const item = renewed.subscription.items.data[0]!;
    expect(item.current_period_start).toBe(first.current_period_end);
    expect(item.current_period_end).toBe(addInterval(first.current_period_start, 'month', 2));
    expect(renewed.events[1]!.data.previous_attributes).toHaveProperty('items');
    expect(renewed.deliveries.map((d) => d.status)).toEqual([200, 200]);

    const failed = await standIn.failSubscriptionPayment(subscriptionId);
    expect(failed.events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed.events[0]!.data.object).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_paid: 0,
      amount_remaining: 2900,
      billing_reason: 'subscription_cycle',
    });
    expect(failed.events[1]!.data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } });
    await expect(stripe.subscriptions.retrieve(subscriptionId)).resolves.toMatchObject({ status: 'past_due' });
    await expect(standIn.advanceSubscription(subscriptionId)).rejects.toThrow('past_due');

    const recovered = await standIn.paySubscription(subscriptionId);
    expect(recovered.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(recovered.events[1]!.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'past_due' },
    });
    await expect(standIn.paySubscription(subscriptionId)).rejects.toThrow('no open invoice');

    await standIn.failSubscriptionPayment(subscriptionId);
    const ended = await standIn.cancelSubscription(subscriptionId);
    expect(ended.events[0]).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { status: 'canceled', cancellation_details: { reason: 'payment_failed' } } },
    });
    await expect(standIn.cancelSubscription(subscriptionId)).rejects.toThrow('canceled');
  });

  it('updates subscriptions through the API, with the events after the answer', async () => {
    const { subscriptionId } = await subscribed();
    const since = receiver.received.length;
    const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, metadata: { note: 'x' } });
    expect(updated).toMatchObject({ cancel_at_period_end: true, metadata: { workspace_id: 'ws_1', plan: 'pro', note: 'x' } });
    await standIn.whenIdle();
    expect(eventsSince(since).at(-1)!.data).toMatchObject({
      previous_attributes: { cancel_at_period_end: false, metadata: { workspace_id: 'ws_1', plan: 'pro' } },
    });

    const item = updated.items.data[0]!;
    const business = await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: false,
      items: [{ id: item.id, price: prices.businessMonthly }],
      proration_behavior: 'none',
    });
    expect(business.items.data[0]!.price).toMatchObject({ id: prices.businessMonthly, unit_amount: 9900 });
    expect(business.items.data[0]!.current_period_end).toBe(item.current_period_end);

    // Monthly to annual starts a new period now, paid at once.
    const annual = await standIn.changeSubscriptionPrice(subscriptionId, prices.proAnnual);
    expect(annual.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(annual.events[0]!.data.object).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 27840 });

    const cancelled = await stripe.subscriptions.cancel(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    await standIn.whenIdle();
    expect(eventsSince(since).at(-1)!.type).toBe('customer.subscription.deleted');
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toThrow(
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  });

  it('refuses unknown prices, unsupported parameters and other accounts’ objects', async () => {
    await expect(checkout({ line_items: [{ price: 'price_1Unknown', quantity: 1 }] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_1Unknown'",
    });
    await expect(
      checkout({
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 900, product_data: { name: 'One-off' } } }],
      }),
    ).rejects.toMatchObject({ param: 'line_items' });
    await expect(checkout({ payment_intent_data: { metadata: { a: 'b' } } })).rejects.toMatchObject({
      param: 'payment_intent_data',
    });
    await expect(checkout({ subscription_data: { trial_period_days: 14 } })).rejects.toMatchObject({
      param: 'subscription_data[trial_period_days]',
    });
    await expect(
      checkout({ subscription_data: { typo: 'x' } as Stripe.Checkout.SessionCreateParams.SubscriptionData }),
    ).rejects.toThrow('Received unknown parameter: subscription_data[typo]');
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: prices.proMonthly, quantity: 1 }],
        success_url: 'http://127.0.0.1:3100/ok',
        cancel_url: 'http://127.0.0.1:3100/no',
      }),
    ).rejects.toThrow('You specified `payment` mode but passed a recurring price.');

    const { subscriptionId, customerId } = await subscribed();
    const other = sdk(otherKey);
    await expect(other.subscriptions.retrieve(subscriptionId)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: `No such subscription: '${subscriptionId}'`,
    });
    await expect(other.customers.retrieve(customerId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.prices.retrieve(prices.proMonthly)).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(other.subscriptions.list({ customer: customerId })).rejects.toMatchObject({ param: 'customer' });
    await expect(other.billingPortal.sessions.create({ customer: customerId })).rejects.toMatchObject({ param: 'customer' });
    await expect(stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } })).rejects.toThrow(
      'The Stripe stand-in does not support pause_collection on subscription updates.',
    );
    await expect(
      stripe.subscriptions.update(subscriptionId, { cancel_at_end: true } as Stripe.SubscriptionUpdateParams),
    ).rejects.toThrow('Received unknown parameter: cancel_at_end');
  });

  it('offers the billing controls over HTTP for browser tests', async () => {
    const post = (path: string, body?: unknown) =>
      fetch(`${standIn.url}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
    const register = await post('/_test/accounts', {
      secretKey: 'sk_test_51BillingBrowser12',
      webhookSecret,
      webhookUrl: `${receiver.url}/billing`,
      prices: [{ id: 'price_1BrowserPro', unitAmount: 2900, interval: 'month', productName: 'Lodestone Pro' }],
    });
    expect(register.status).toBe(201);
    expect(await register.json()).toMatchObject({ prices: ['price_1BrowserPro'] });
    expect((await post('/_test/accounts', { secretKey: 'sk_test_x', webhookSecret, prices: [{ id: 'nope' }] })).status).toBe(400);

    const browser = sdk('sk_test_51BillingBrowser12');
    const session = await browser.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_1BrowserPro', quantity: 1 }],
      customer_email: 'browser-owner@example.com',
      subscription_data: { metadata: { workspace_id: 'ws_browser' } },
      success_url: 'http://127.0.0.1:3100/billing/return',
      cancel_url: 'http://127.0.0.1:3100/billing',
    });
    const complete = await post(`/_test/sessions/${session.id}/complete`);
    const completed = (await complete.json()) as { events: { type: string }[]; deliveries: { status: number }[] };
    expect(completed.events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(completed.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);

    const { data } = (await (await fetch(`${standIn.url}/_test/subscriptions?metadata.workspace_id=ws_browser`)).json()) as {
      data: { id: string; status: string }[];
    };
    expect(data).toHaveLength(1);
    const id = data[0]!.id;
    const failed = (await (await post(`/_test/subscriptions/${id}/payment-failed`)).json()) as {
      subscription: { status: string };
      events: { type: string }[];
    };
    expect(failed.subscription.status).toBe('past_due');
    expect(failed.events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect((await post(`/_test/subscriptions/${id}/pay`)).status).toBe(200);
    expect((await post(`/_test/subscriptions/${id}/pay`)).status).toBe(409);
    expect((await post(`/_test/subscriptions/${id}/price`, { price: 'price_1Unknown' })).status).toBe(400);
    expect((await post(`/_test/subscriptions/${id}/advance`)).status).toBe(200);
    expect((await post(`/_test/subscriptions/${id}/cancel`)).status).toBe(200);
    expect((await post('/_test/subscriptions/sub_missing/advance')).status).toBe(404);

    expect((await post('/_test/reset')).status).toBe(200);
    expect(standIn.subscriptions.size).toBe(0);
    await expect(browser.prices.retrieve('price_1BrowserPro')).resolves.toMatchObject({ unit_amount: 2900 });
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

  it('checks the locale of its pages as PayPal does, and keeps it', async () => {
    const withLocale = (locale: string): OrderRequest => {
      const body = orderBody();
      body.paymentSource!.paypal!.experienceContext!.locale = locale;
      return body;
    };
    for (const locale of ['de-DE', 'pt-BR', 'zh-Hans-CN', 'es-419', 'fr']) {
      const { result } = await orders.createOrder({ body: withLocale(locale) });
      expect(standIn.experience(result.id!)?.locale).toBe(locale);
    }
    for (const locale of ['de_DE', 'german', 'DE-de']) {
      const error = await failure(orders.createOrder({ body: withLocale(locale) }));
      expect(error.statusCode).toBe(400);
      expect(JSON.parse(String(error.body))).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [
          { field: '/payment_source/paypal/experience_context/locale', value: locale, issue: 'INVALID_PARAMETER_SYNTAX' },
        ],
      });
    }
    expect(issue(await failure(orders.createOrder({ body: withLocale('en-Latn-US-x') })))).toBe('INVALID_STRING_LENGTH');
    const { result } = await orders.createOrder({ body: orderBody() });
    expect(standIn.experience(result.id!)?.locale).toBeUndefined();
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
