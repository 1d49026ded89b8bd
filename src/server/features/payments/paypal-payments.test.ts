import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { paidConfig } from '@tests/kit/data';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startPaypalStandIn, type PaypalStandIn } from '@tests/stand-ins/paypal';
import type { DashboardStats } from '@/domain/forms-api';
import type { Language } from '@/domain/i18n/languages';
import type { PaymentSettings } from '@/domain/payments';
import { paymentEvents } from '@/server/db/schema/index';

let t: TestApp;
let paypal: PaypalStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  paypal = await startPaypalStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ PAYPAL_API_URL: paypal.url });
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.8');
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

let accounts = 0;
/** A new owner whose workspace has a PayPal REST app at the stand-in, connected through the API. */
async function ownerWithPaypal() {
  const owner = await createUser(t.app);
  accounts += 1;
  const credentials = {
    clientId: `client-${accounts}-${Date.now()}`,
    clientSecret: `secret-${accounts}-abcdefgh`,
    webhookId: `WH${accounts}ABCDEF`,
  };
  const settings = (await kit.ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
  paypal.addAccount({ ...credentials, webhookUrl: settings.paypal.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
  const res = await kit.ownerApi(owner, 'PUT', '/api/payments/paypal', { ...credentials, mode: 'sandbox' });
  expect(res.statusCode, res.body).toBe(200);
  const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ provider: 'paypal' }) });
  return { owner, credentials, form };
}

/** The visitor chose PayPal and submitted: the order they were sent to approve. */
async function checkout(formId: string, email: string) {
  const res = await kit.submit(formId, { email, provider: 'paypal' });
  expect(res.statusCode, res.body).toBe(303);
  const orderId = new URL(res.headers.location!).searchParams.get('token')!;
  expect(res.headers.location).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);
  return orderId;
}

/** Approves at PayPal and follows PayPal's redirect back to Lodestone. */
async function approveAndReturn(orderId: string) {
  const { redirectUrl } = paypal.approve(orderId);
  const back = await kit.visit(redirectUrl!);
  expect(back.statusCode).toBe(303);
  return { thankYou: back.headers.location!, returnUrl: redirectUrl! };
}

describe('connecting PayPal', () => {
  it('checks the credentials and the webhook id with PayPal', async () => {
    const owner = await createUser(t.app);
    paypal.addAccount({ clientId: 'real-client-id', clientSecret: 'real-secret-123', webhookId: 'WHREAL123' });
    const wrongSecret = await kit.ownerApi(owner, 'PUT', '/api/payments/paypal', {
      clientId: 'real-client-id',
      clientSecret: 'wrong-secret-123',
      webhookId: 'WHREAL123',
      mode: 'sandbox',
    });
    expect(wrongSecret.statusCode).toBe(422);
    expect(wrongSecret.json()).toMatchObject({ errors: { clientSecret: 'PayPal did not accept this client ID and secret.' } });
    const wrongHook = await kit.ownerApi(owner, 'PUT', '/api/payments/paypal', {
      clientId: 'real-client-id',
      clientSecret: 'real-secret-123',
      webhookId: 'WHNOTMINE1',
      mode: 'live',
    });
    expect(wrongHook.statusCode).toBe(422);
    expect(wrongHook.json()).toMatchObject({ errors: { webhookId: 'PayPal has no webhook with this ID for this app.' } });

    const ok = await kit.ownerApi(owner, 'PUT', '/api/payments/paypal', {
      clientId: 'real-client-id',
      clientSecret: 'real-secret-123',
      webhookId: 'WHREAL123',
      mode: 'live',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<PaymentSettings>().paypal.connection).toMatchObject({
      clientId: 'real-client-id',
      clientSecret: '…-123',
      webhookId: 'WHREAL123',
      mode: 'live',
    });
    expect(ok.body).not.toContain('real-secret-123');
  });
});

describe('a visitor paying through PayPal', () => {
  it('creates an order for the configured price, captures it on return, and delivers once', async () => {
    const { owner, form } = await ownerWithPaypal();
    const email = 'pp-payer@example.com';
    const orderId = await checkout(form.id, email);
    const created = paypal.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')!;
    const lead = await kit.leadOf(email);
    const [pending] = await kit.paymentsOf(lead.id);
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: pending!.id, amount: { currency_code: 'USD', value: '9.99' } }],
    });
    expect(pending).toMatchObject({ provider: 'paypal', status: 'pending', checkoutId: orderId });
    expect(await kit.mails(email)).toHaveLength(0);

    const { thankYou, returnUrl } = await approveAndReturn(orderId);
    expect(thankYou).toMatch(/^\/thank-you\?t=/);
    const [captured] = await kit.paymentsOf(lead.id);
    expect(captured).toMatchObject({ status: 'paid' });
    expect(captured!.chargeId).toMatch(/^\w+/);
    // PayPal's webhook for the same capture arrives too: verified, and it changes nothing more.
    await paypal.whenIdle();
    const hook = paypal.deliveries.find((d) => d.event.event_type === 'PAYMENT.CAPTURE.COMPLETED')!;
    expect(hook.status).toBe(200);
    const sent = await kit.mails(email);
    expect(sent).toHaveLength(1);
    expect((await kit.visit(kit.downloadLink(sent[0]!.text))).statusCode).toBe(200);
    expect((await kit.visit(thankYou)).body).toContain('Download');
    const stats = (await kit.ownerApi(owner, 'GET', '/api/forms/stats')).json<DashboardStats>();
    expect(stats.revenue).toEqual([{ currency: 'USD', amount: 999 }]);

    // Reloading the return page does not capture twice.
    const captures = () => paypal.requests.filter((r) => r.path.endsWith('/capture')).length;
    const before = captures();
    expect((await kit.visit(returnUrl)).headers.location).toBe(thankYou);
    expect(captures()).toBe(before);
  });

  it('waits for the webhook when PayPal holds the capture as pending, and fails on denial', async () => {
    const { form } = await ownerWithPaypal();
    const slow = await checkout(form.id, 'pp-pending@example.com');
    paypal.captureOutcome(slow, 'PENDING');
    const { thankYou } = await approveAndReturn(slow);
    const lead = await kit.leadOf('pp-pending@example.com');
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'pending' });
    expect((await kit.visit(thankYou)).body).toContain('Your payment is being confirmed.');
    await paypal.completeCapture(slow);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'paid' });
    expect(await kit.mails('pp-pending@example.com')).toHaveLength(1);

    const denied = await checkout(form.id, 'pp-denied@example.com');
    paypal.captureOutcome(denied, 'PENDING');
    await approveAndReturn(denied);
    await paypal.deny(denied);
    const deniedLead = await kit.leadOf('pp-denied@example.com');
    expect((await kit.paymentsOf(deniedLead.id))[0]).toMatchObject({ status: 'failed', failureReason: 'declined' });
    expect(await kit.mails('pp-denied@example.com')).toHaveLength(0);
  });

  it('marks a declined card as failed and lets the visitor try again', async () => {
    const { form } = await ownerWithPaypal();
    const orderId = await checkout(form.id, 'pp-declined@example.com');
    paypal.captureOutcome(orderId, 'DECLINED');
    const { thankYou } = await approveAndReturn(orderId);
    const lead = await kit.leadOf('pp-declined@example.com');
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'failed', failureReason: 'declined' });
    const page = await kit.visit(thankYou);
    expect(page.body).toContain('Your payment did not go through.');
    expect(page.body).toContain(`href="/f/${form.id}"`);
  });

  it('brings a visitor who cancels at PayPal back to the page', async () => {
    const { form } = await ownerWithPaypal();
    const orderId = await checkout(form.id, 'pp-cancel@example.com');
    const [payment] = await kit.paymentsOf((await kit.leadOf('pp-cancel@example.com')).id);
    const created = paypal.requests.find(
      (r) => r.path === '/v2/checkout/orders' && JSON.stringify(r.body).includes(payment!.id),
    )!;
    const cancelUrl = (created.body as { payment_source: { paypal: { experience_context: { cancel_url: string } } } })
      .payment_source.paypal.experience_context.cancel_url;
    const back = await kit.visit(`${cancelUrl}&token=${orderId}`);
    expect(back.headers.location).toBe(`/f/${form.id}?payment=cancelled`);
    expect((await kit.visit(back.headers.location!)).body).toContain('Payment was cancelled.');
  });
});

describe('PayPal in the page’s language', () => {
  /** What the order of a visitor of a paid page in `language` asked of PayPal's pages, as sent and as PayPal keeps it. */
  async function orderIn(language: Language, email: string) {
    const { owner } = await ownerWithPaypal();
    const form = await createForm(t.app, owner, { publish: true, config: { ...paidConfig({ provider: 'paypal' }), language } });
    const orderId = await checkout(form.id, email);
    const [payment] = await kit.paymentsOf((await kit.leadOf(email)).id);
    const created = paypal.requests.find(
      (r) => r.path === '/v2/checkout/orders' && JSON.stringify(r.body).includes(payment!.id),
    )!;
    const body = created.body as { payment_source: { paypal: { experience_context: Record<string, unknown> } } };
    return { sent: body.payment_source.paypal.experience_context, kept: paypal.experience(orderId)! };
  }

  it('shows a German page’s buyer PayPal in German', async () => {
    const { sent, kept } = await orderIn('de', 'pp-kaeufer@example.com');
    expect(sent.locale).toBe('de-DE');
    expect(kept.locale).toBe('de-DE');
  });

  it('names no locale for an English page, as before', async () => {
    const { sent, kept } = await orderIn('en', 'pp-english@example.com');
    expect(sent).not.toHaveProperty('locale');
    expect(kept.locale).toBeUndefined();
    expect(sent).toMatchObject({ user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' });
  });
});

describe('PayPal webhooks', () => {
  it('are verified with PayPal: a tampered body or forged headers change nothing; duplicates apply once', async () => {
    const { form, credentials } = await ownerWithPaypal();
    const orderId = await checkout(form.id, 'pp-hooks@example.com');
    paypal.captureOutcome(orderId, 'PENDING');
    await approveAndReturn(orderId);
    const lead = await kit.leadOf('pp-hooks@example.com');
    const [payment] = await kit.paymentsOf(lead.id);

    const event = paypal.buildEvent(
      'PAYMENT.CAPTURE.COMPLETED',
      {
        id: payment!.chargeId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '9.99' },
        custom_id: payment!.id,
        supplementary_data: { related_ids: { order_id: orderId } },
      },
      { clientId: credentials.clientId },
    );
    const tampered = await paypal.deliver(event, {
      body: JSON.stringify({ ...event, resource: { ...event.resource, amount: { currency_code: 'USD', value: '0.01' } } }),
    });
    expect(tampered.status).toBe(400);
    const forged = await paypal.deliver(event, { headers: { 'paypal-transmission-sig': 'forged' } });
    expect(forged.status).toBe(400);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'pending' });

    for (let i = 0; i < 3; i += 1) expect((await paypal.deliver(event)).status).toBe(200);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'paid' });
    expect(await kit.mails('pp-hooks@example.com')).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
  });

  it('revokes downloads on a refund', async () => {
    const { form } = await ownerWithPaypal();
    const orderId = await checkout(form.id, 'pp-refund@example.com');
    const { thankYou } = await approveAndReturn(orderId);
    const link = kit.downloadLink((await kit.mails('pp-refund@example.com'))[0]!.text);
    expect((await kit.visit(link)).statusCode).toBe(200);
    const { delivery } = await paypal.refund(orderId);
    expect(delivery.status).toBe(200);
    const lead = await kit.leadOf('pp-refund@example.com');
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await kit.visit(link)).statusCode).toBe(403);
    expect((await kit.visit(thankYou)).body).toContain('This payment was refunded');
  });
});
