import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { paidConfig } from '@tests/kit/data';
import type { DashboardStats, FormAnalytics, LeadListPage } from '@/domain/forms-api';
import type { Language } from '@/domain/i18n/languages';
import type { PaymentListPage, PaymentSettings } from '@/domain/payments';
import { leads, paymentAccounts, paymentEvents } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';

let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  // The stand-in posts webhooks over HTTP, as Stripe does: the app listens on a real port.
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.7');
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const ownerApi: ReturnType<typeof paymentsKit>['ownerApi'] = (...args) => kit.ownerApi(...args);
const submit = (formId: string, fields: Record<string, string>) => kit.submit(formId, fields);
const visit = (url: string) => kit.visit(url);
const mails = (to: string) => kit.mails(to);
const leadOf = (email: string) => kit.leadOf(email);
const paymentOf = async (leadId: string) => (await kit.paymentsOf(leadId)).at(-1)!;
const downloadLink = (text: string) => kit.downloadLink(text);
const paid = paidConfig;

let keyCount = 0;
/** A new owner whose workspace has a Stripe account at the stand-in, connected through the API. */
async function ownerWithStripe() {
  const owner = await createUser(t.app);
  keyCount += 1;
  const keys = {
    secretKey: `sk_test_owner${keyCount}x${Date.now()}`,
    webhookSecret: `whsec_owner${keyCount}secret${Date.now()}`,
  };
  const settings = (await ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
  stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
  const res = await ownerApi(owner, 'PUT', '/api/payments/stripe', keys);
  expect(res.statusCode, res.body).toBe(200);
  return { owner, keys };
}

/** The Checkout Session the visitor was sent to. */
function sessionOf(location: string) {
  const id = location.split('/').pop()!;
  const session = stripe.sessions.get(id);
  if (!session) throw new Error(`no session ${id}`);
  return session;
}

describe('connecting Stripe', () => {
  it('checks the key with Stripe, keeps the secrets sealed, and shows them masked to their workspace only', async () => {
    const owner = await createUser(t.app);
    const before = (await ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
    expect(before.stripe.connection).toBeNull();
    expect(before.stripe.webhookUrl).toMatch(new RegExp(`^${t.config.publicUrl.origin}/webhooks/stripe/`));
    expect(before.stripe.events).toContain('checkout.session.completed');

    const malformed = await ownerApi(owner, 'PUT', '/api/payments/stripe', { secretKey: 'pk_test_123', webhookSecret: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors).sort()).toEqual(['secretKey', 'webhookSecret']);

    const unknown = await ownerApi(owner, 'PUT', '/api/payments/stripe', {
      secretKey: 'sk_test_notregisteredanywhere1',
      webhookSecret: 'whsec_abcdefghijkl',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'PROVIDER_REJECTED',
      errors: { secretKey: 'Stripe did not accept this secret key.' },
    });
    expect(await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.provider, 'stripe'))).toHaveLength(0);

    const secretKey = 'sk_test_sealedSecret12345678';
    stripe.addAccount({ secretKey, webhookSecret: 'whsec_sealedwebhook9876' });
    const saved = await ownerApi(owner, 'PUT', '/api/payments/stripe', { secretKey, webhookSecret: 'whsec_sealedwebhook9876' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PaymentSettings>().stripe.connection).toMatchObject({
      secretKey: 'sk_test_…5678',
      webhookSecret: 'whsec_…9876',
      livemode: false,
    });
    expect(saved.body).not.toContain(secretKey);
    expect(saved.body).not.toContain('whsec_sealedwebhook9876');
    const [row] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.provider, 'stripe'));
    expect(row!.sealed).not.toContain('sealedSecret');
    expect(row!.sealed).not.toContain('sealedwebhook');

    const stranger = await createUser(t.app);
    expect((await ownerApi(stranger, 'GET', '/api/payments/settings')).json<PaymentSettings>().stripe.connection).toBeNull();

    const removed = await ownerApi(owner, 'DELETE', '/api/payments/stripe');
    expect(removed.json<PaymentSettings>().stripe.connection).toBeNull();
  });

  it('refuses to publish a paid page until its provider is connected', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { config: paid({ provider: 'both' }) });
    const refused = await ownerApi(owner, 'POST', `/api/forms/${form.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'NOT_PUBLISHABLE',
      errors: { payment: 'Connect Stripe and PayPal in Payment settings before publishing a paid page.' },
    });
  });
});

describe('a visitor paying through Stripe Checkout', () => {
  it('is sent to Checkout with the configured price, whatever the browser sends, and gets the file only once Stripe confirms', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    const email = 'payer@example.com';
    // The form's 303 to Checkout is a form navigation: the page's CSP must allow the provider's checkout.
    const csp = String((await visit(`/f/${form.id}`)).headers['content-security-policy']);
    expect(csp).toContain(`form-action 'self' ${stripe.url}`);

    const res = await submit(form.id, { email, amount: '0.01' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const session = sessionOf(res.headers.location!);
    expect(session).toMatchObject({ amount_total: 999, currency: 'usd', customer_email: email, payment_status: 'unpaid' });
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(created.body).toMatchObject({
      mode: 'payment',
      customer_email: email,
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '999', product_data: { name: 'Email Playbook PDF' } } },
      ],
    });
    expect(session.success_url).toMatch(new RegExp(`^${t.config.publicUrl.origin}/thank-you\\?t=`));
    expect(session.cancel_url).toMatch(new RegExp(`^${t.config.publicUrl.origin}/pay/cancel\\?p=`));

    // Before payment: no email, the return page says 'processing', and no download.
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ paymentState: 'awaiting', status: 'pending' });
    expect(await paymentOf(lead.id)).toMatchObject({ status: 'pending', amount: 999, currency: 'USD', checkoutId: session.id });
    expect(await mails(email)).toHaveLength(0);
    const processing = await visit(session.success_url!);
    expect(processing.body).toContain('Your payment is being confirmed.');
    expect(processing.body).not.toContain('/d/');

    const { delivery } = await stripe.completeSession(session.id);
    expect(delivery.status).toBe(200);
    const payment = await paymentOf(lead.id);
    expect(payment).toMatchObject({ status: 'paid', chargeId: stripe.sessions.get(session.id)!.payment_intent });
    expect(await leadOf(email)).toMatchObject({ paymentState: 'paid', status: 'verified' });
    const sent = await mails(email);
    expect(sent).toHaveLength(1);
    const download = await visit(downloadLink(sent[0]!.text));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const after = await visit(session.success_url!);
    expect(after.body).toContain('Download');
    expect(after.body).not.toContain('Your payment is being confirmed.');

    // The owner sees the money.
    const stats = (await ownerApi(owner, 'GET', '/api/forms/stats')).json<DashboardStats>();
    expect(stats.revenue).toEqual([{ currency: 'USD', amount: 999 }]);
    const analytics = (await ownerApi(owner, 'GET', `/api/forms/${form.id}/analytics`)).json<FormAnalytics>();
    expect(analytics.revenue).toEqual([{ currency: 'USD', amount: 999 }]);
    const leadRows = (await ownerApi(owner, 'GET', `/api/forms/${form.id}/leads`)).json<LeadListPage>();
    expect(leadRows.items[0]!.payment).toEqual({
      provider: 'stripe',
      amount: 999,
      currency: 'USD',
      status: 'paid',
      reference: payment.chargeId,
    });
    const list = (await ownerApi(owner, 'GET', `/api/forms/${form.id}/payments`)).json<PaymentListPage>();
    expect(list.items).toMatchObject([{ email, provider: 'stripe', amount: 999, status: 'paid', reference: payment.chargeId }]);

    const stranger = await createUser(t.app);
    expect((await ownerApi(stranger, 'GET', `/api/forms/${form.id}/payments`)).statusCode).toBe(404);
    expect((await ownerApi(stranger, 'GET', '/api/forms/stats')).json<DashboardStats>().revenue).toEqual([]);
  });

  it('refuses the download link before payment, and after a refund', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    const email = 'refund@example.com';
    const session = sessionOf((await submit(form.id, { email })).headers.location!);
    const lead = await leadOf(email);
    // A download link made for this lead (as a leaked or guessed one would be) does not work yet.
    const early = await visit(
      `/d/${createTokens(t.config.secret).signExpiring('download', lead.id, new Date(Date.now() + 86_400_000))}`,
    );
    expect(early.statusCode).toBe(403);

    await stripe.completeSession(session.id);
    const link = downloadLink((await mails(email))[0]!.text);
    expect((await visit(link)).statusCode).toBe(200);

    const { delivery } = await stripe.refund(session.id);
    expect(delivery.status).toBe(200);
    expect(await paymentOf(lead.id)).toMatchObject({ status: 'refunded' });
    expect((await visit(link)).statusCode).toBe(403);
    expect((await visit(session.success_url!)).body).toContain('This payment was refunded');
    expect((await ownerApi(owner, 'GET', '/api/forms/stats')).json<DashboardStats>().revenue).toEqual([]);
  });

  it('waits for async_payment_succeeded when Checkout completes unpaid, and fails on async_payment_failed', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });

    const slow = sessionOf((await submit(form.id, { email: 'debit@example.com' })).headers.location!);
    await stripe.completeSession(slow.id, { paymentStatus: 'unpaid' });
    const slowLead = await leadOf('debit@example.com');
    expect(await paymentOf(slowLead.id)).toMatchObject({ status: 'pending' });
    expect(await mails('debit@example.com')).toHaveLength(0);
    await stripe.asyncSucceeded(slow.id);
    expect(await paymentOf(slowLead.id)).toMatchObject({ status: 'paid' });
    expect(await mails('debit@example.com')).toHaveLength(1);

    const failing = sessionOf((await submit(form.id, { email: 'bounced@example.com' })).headers.location!);
    await stripe.completeSession(failing.id, { paymentStatus: 'unpaid' });
    await stripe.asyncFailed(failing.id);
    const failedLead = await leadOf('bounced@example.com');
    expect(await paymentOf(failedLead.id)).toMatchObject({ status: 'failed', failureReason: 'failed' });
    const page = await visit(failing.success_url!);
    expect(page.body).toContain('Your payment did not go through.');
    expect(page.body).toContain(`href="/f/${form.id}"`);
    expect(await mails('bounced@example.com')).toHaveLength(0);
  });

  it('brings a visitor who cancels back to the page with a message and no file', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    const session = sessionOf((await submit(form.id, { email: 'cancel@example.com' })).headers.location!);
    const back = await visit(session.cancel_url!);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/f/${form.id}?payment=cancelled`);
    const page = await visit(back.headers.location!);
    expect(page.body).toContain('Payment was cancelled. You have not been charged and no file was sent.');
    const lead = await leadOf('cancel@example.com');
    expect(await paymentOf(lead.id)).toMatchObject({ status: 'failed', failureReason: 'cancelled' });
    expect(await mails('cancel@example.com')).toHaveLength(0);

    // Trying again starts a new Checkout Session for the same lead.
    const again = await submit(form.id, { email: 'cancel@example.com' });
    expect(again.statusCode).toBe(303);
    expect(sessionOf(again.headers.location!).id).not.toBe(session.id);
  });

  it("never unlocks for a stranger who types a buyer's email: that goes to a checkout of its own", async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    const buyer = await submit(form.id, { email: 'buyer@example.com' });
    const bought = sessionOf(buyer.headers.location!);
    await stripe.completeSession(bought.id);
    expect((await visit(bought.success_url!)).body).toMatch(/href="http[^"]+\/d\//);

    const stranger = await submit(form.id, { email: 'buyer@example.com' });
    expect(stranger.statusCode).toBe(303);
    expect(stranger.headers.location).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`)); // not a thank-you page
    const own = sessionOf(stranger.headers.location!);
    expect(own.id).not.toBe(bought.id);
    expect(own.success_url).not.toBe(bought.success_url);
    // Back from Checkout without paying (the success URL typed in by hand): processing, no file.
    const page = await visit(own.success_url!);
    expect(page.body).toContain('Your payment is being confirmed.');
    expect(page.body).not.toContain('/d/');
    // Paying in that checkout is what unlocks it.
    await stripe.completeSession(own.id);
    expect((await visit(own.success_url!)).body).toMatch(/href="http[^"]+\/d\//);
  });

  it('sends the code first when double opt-in is on, and the file after confirmation', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: { ...paid(), doubleOptIn: true } });
    const session = sessionOf((await submit(form.id, { email: 'doi@example.com' })).headers.location!);
    expect(await mails('doi@example.com')).toHaveLength(0);
    await stripe.completeSession(session.id);
    const [code] = await mails('doi@example.com');
    expect(code!.subject).toMatch(/is your code/);
    const lead = await leadOf('doi@example.com');
    expect(lead).toMatchObject({ paymentState: 'paid', status: 'pending' });
    const confirm = /\/confirm\?t=[\w.-]+/.exec(code!.text)![0];
    const confirmed = await visit(confirm);
    expect(confirmed.statusCode).toBe(303);
    expect((await visit(confirmed.headers.location!)).body).toContain('Your email is confirmed.');
    const all = await mails('doi@example.com');
    expect(all).toHaveLength(2);
    expect((await visit(downloadLink(all[0]!.text))).statusCode).toBe(200);
  });
});

describe('pay what you want', () => {
  it('takes the visitor’s amount at or above the minimum and refuses less, creating nothing', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, {
      publish: true,
      config: paid({ type: 'pwyw', pwywMinimum: 500, pwywSuggested: 1500 }),
    });
    const page = await visit(`/f/${form.id}`);
    expect(page.body).toMatch(/name="amount"[^>]*value="15.00"|value="15.00"[^>]*name="amount"/);

    for (const amount of ['4.99', '', 'abc', '-10', '5.001']) {
      const low = await submit(form.id, { email: 'cheap@example.com', amount });
      expect(low.statusCode, amount).toBe(400);
      expect(low.body).toContain('Please enter at least $5.00');
    }
    expect(await t.db.select().from(leads).where(eq(leads.email, 'cheap@example.com'))).toHaveLength(0);

    const ok = await submit(form.id, { email: 'generous@example.com', amount: '12.50' });
    expect(ok.statusCode).toBe(303);
    expect(sessionOf(ok.headers.location!).amount_total).toBe(1250);
  });

  it('takes whole yen only', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, {
      publish: true,
      config: paid({ type: 'pwyw', currency: 'JPY', pwywMinimum: 100, pwywSuggested: 500 }),
    });
    const fractional = await submit(form.id, { email: 'yen@example.com', amount: '500.5' });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.body).toContain('Please enter a whole amount');
    const whole = await submit(form.id, { email: 'yen@example.com', amount: '500' });
    expect(sessionOf(whole.headers.location!)).toMatchObject({ amount_total: 500, currency: 'jpy' });
  });
});

describe('Checkout in the page’s language', () => {
  /** The Checkout Session a visitor of a paid page in `language` is sent to, and the request that opened it. */
  async function checkoutIn(language: Language, email: string) {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: { ...paid(), language } });
    const res = await submit(form.id, { email });
    expect(res.statusCode, res.body).toBe(303);
    const session = sessionOf(res.headers.location!);
    const created = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && (r.body as Record<string, unknown>).customer_email === email,
    )!;
    return { session, sent: created.body as Record<string, unknown> };
  }

  it('opens Checkout in German for a German page', async () => {
    const { session, sent } = await checkoutIn('de', 'kaeufer@example.com');
    expect(sent.locale).toBe('de');
    expect(session.locale).toBe('de');
  });

  it('leaves an Arabic page’s Checkout to the browser, as Checkout has no Arabic', async () => {
    const { session } = await checkoutIn('ar', 'arabic-buyer@example.com');
    expect(session.locale).toBe('auto');
  });

  it('opens Checkout in English for an English page', async () => {
    const { session, sent } = await checkoutIn('en', 'english-buyer@example.com');
    expect(sent.locale).toBe('en');
    expect(session.locale).toBe('en');
  });
});

describe('Stripe webhooks', () => {
  async function paidFlow() {
    const { owner, keys } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    const email = `hook-${keyCount}@example.com`;
    const session = sessionOf((await submit(form.id, { email })).headers.location!);
    const lead = await leadOf(email);
    return { owner, keys, form, email, session, lead };
  }

  it('refuses a bad signature, a stale timestamp and a re-serialised body, changing nothing', async () => {
    const { keys, session, lead } = await paidFlow();
    const object = { ...session, status: 'complete', payment_status: 'paid' };
    const event = stripe.buildEvent('checkout.session.completed', object, { secretKey: keys.secretKey });
    const payload = JSON.stringify(event, null, 2);

    const forged = await stripe.deliver(event, {
      signatureHeader: Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneelse123' }),
    });
    expect(forged.status).toBe(400);
    const stale = await stripe.deliver(event, {
      signatureHeader: Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: keys.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 301,
      }),
    });
    expect(stale.status).toBe(400);
    const reserialised = await stripe.deliver(event, { body: JSON.stringify(JSON.parse(payload)) });
    expect(reserialised.status).toBe(400);
    const unsigned = await fetch(`${webhookBase}/webhooks/stripe/${lead.workspaceId}`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);

    expect(await paymentOf(lead.id)).toMatchObject({ status: 'pending' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.workspaceId, lead.workspaceId))).toHaveLength(0);

    // The same event, correctly signed, is accepted.
    expect((await stripe.deliver(event)).status).toBe(200);
  });

  it('handles each event once however often it comes', async () => {
    const { session, lead, email } = await paidFlow();
    const { event } = await stripe.completeSession(session.id);
    for (let i = 0; i < 3; i += 1) {
      const again = await stripe.deliver(event);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    }
    expect(await mails(email)).toHaveLength(1);
    const recorded = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, event.id)));
    expect(recorded).toHaveLength(1);
    expect(await paymentOf(lead.id)).toMatchObject({ status: 'paid' });
  });

  it('keeps a refund that arrives before the payment it refunds', async () => {
    const { keys, session, lead, email } = await paidFlow();
    // Stripe paid and refunded, but the events arrive in the opposite order.
    const webhookUrl = `${webhookBase}/webhooks/stripe/${lead.workspaceId}`;
    stripe.addAccount({ ...keys, webhookUrl: undefined });
    const completed = await stripe.completeSession(session.id);
    const refunded = await stripe.refund(session.id);
    expect(completed.delivery.status).toBeNull();
    stripe.addAccount({ ...keys, webhookUrl });
    expect((await stripe.deliver(refunded.event, { secretKey: keys.secretKey })).status).toBe(200);
    expect((await stripe.deliver(completed.event, { secretKey: keys.secretKey })).status).toBe(200);
    expect(await paymentOf(lead.id)).toMatchObject({ status: 'refunded' });
    expect(await leadOf(email)).toMatchObject({ paymentState: 'refunded' });
    expect(await mails(email)).toHaveLength(0);
  });

  it('does not fulfil a session whose amount differs from the payment, nor one of another workspace', async () => {
    const first = await paidFlow();
    const tampered = stripe.buildEvent(
      'checkout.session.completed',
      { ...first.session, status: 'complete', payment_status: 'paid', amount_total: 1 },
      { secretKey: first.keys.secretKey },
    );
    expect((await stripe.deliver(tampered)).status).toBe(200);
    expect(await paymentOf(first.lead.id)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });

    // Another workspace's correctly signed event naming this payment changes nothing here.
    const other = await paidFlow();
    const foreign = stripe.buildEvent(
      'checkout.session.completed',
      { ...other.session, client_reference_id: (await paymentOf(first.lead.id)).id, status: 'complete', payment_status: 'paid' },
      { secretKey: other.keys.secretKey },
    );
    expect((await stripe.deliver(foreign)).status).toBe(200);
    expect(await paymentOf(first.lead.id)).toMatchObject({ status: 'failed' });
    expect(await paymentOf(other.lead.id)).toMatchObject({ status: 'pending' });
  });

  it("shows the form again with the paid page's CSP when the provider fails, so the next try can reach Checkout", async () => {
    const { owner, keys } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    stripe.removeAccount(keys.secretKey);
    const res = await submit(form.id, { email: 'provider-down@example.com' });
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('value="provider-down@example.com"');
    expect(String(res.headers['content-security-policy'])).toContain(`form-action 'self' ${stripe.url}`);
  });

  it('tells a visitor when the page cannot take payments, storing nothing', async () => {
    const { owner } = await ownerWithStripe();
    const form = await createForm(t.app, owner, { publish: true, config: paid() });
    await ownerApi(owner, 'DELETE', '/api/payments/stripe');
    const res = await submit(form.id, { email: 'nowhere@example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Payments are not available on this page right now.');
    expect(await t.db.select().from(leads).where(eq(leads.email, 'nowhere@example.com'))).toHaveLength(0);
  });
});
