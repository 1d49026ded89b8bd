import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { paidConfig } from '@tests/kit/data';
import { STRIPE_SETUP_INCOMPLETE, type PaymentSettings } from '@/domain/payments';
import { ConfigError, loadConfig } from '@/server/config';
import { connectedAccounts, leads, members, payments } from '@/server/db/schema/index';

const PLATFORM_KEY = 'sk_test_platformLodestone0000000001';
const CONNECT_SECRET = 'whsec_connectPlatformSecret0000001';

let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({
    STRIPE_API_URL: stripe.url,
    STRIPE_CONNECT_SECRET_KEY: PLATFORM_KEY,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_CONNECT_FEE_PERCENT_PRO: '5',
  });
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.8');
  stripe.addAccount({
    secretKey: PLATFORM_KEY,
    webhookSecret: 'whsec_platformOwnEndpoint000001',
    businessName: 'Lodestone',
    connectWebhookUrl: `${webhookBase}/webhooks/stripe-connect`,
    connectWebhookSecret: CONNECT_SECRET,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const api = (...args: Parameters<ReturnType<typeof paymentsKit>['ownerApi']>) => kit.ownerApi(...args);
const settingsOf = async (owner: SignedUpUser) => (await api(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
const paymentOfLead = async (email: string) => {
  const lead = await kit.leadOf(email);
  return (await kit.paymentsOf(lead.id)).at(-1)!;
};
const sessionOf = (location: string) => stripe.sessions.get(location.split('/').pop()!)!;
/** Settles the scheduled deliveries (webhookDelayMs 0: the next turns of the event loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** Presses "Connect with Stripe": answers the onboarding URL and the account created for the workspace. */
async function pressConnect(owner: SignedUpUser) {
  const res = await api(owner, 'POST', '/api/payments/stripe/connect');
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  const [row] = await t.db
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.workspaceId, await workspaceOf(t.db, owner)));
  return { url, accountId: row!.accountId };
}

/** Submits Stripe's onboarding form on the stand-in, as the owner's browser does, and comes back. */
async function finishOnboarding(url: string, businessName = 'Ada Workbooks') {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ business_name: businessName, country: 'GB' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** An owner on Pro whose Stripe account is connected and can take charges. */
async function connectedOwner() {
  const owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
  const { url, accountId } = await pressConnect(owner);
  await finishOnboarding(url);
  const refreshed = await api(owner, 'POST', '/api/payments/stripe/refresh');
  expect(refreshed.json<PaymentSettings>().stripe.account?.chargesEnabled).toBe(true);
  return { owner, accountId };
}

let emailCount = 0;
const nextEmail = (prefix: string) => `${prefix}-${(emailCount += 1)}@example.com`;

describe('the operator configuration', () => {
  const base = { NODE_ENV: 'test', SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() };
  it('takes the platform key and the Connect webhook secret together, or neither, naming what is missing', () => {
    expect(() => loadConfig({ ...base, STRIPE_CONNECT_SECRET_KEY: PLATFORM_KEY })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, STRIPE_CONNECT_SECRET_KEY: PLATFORM_KEY });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "STRIPE_CONNECT_WEBHOOK_SECRET: required with STRIPE_CONNECT_SECRET_KEY (Stripe Connect needs the platform's secret key and its Connect webhook secret)",
      ]);
    }
    try {
      loadConfig({ ...base, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET, STRIPE_CONNECT_FEE_PERCENT_FREE: '101' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).message).toContain('STRIPE_CONNECT_FEE_PERCENT_FREE: must be a percentage');
    }
    try {
      loadConfig({ ...base, STRIPE_CONNECT_FEE_PERCENT_PRO: '2' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems[0]).toMatch(/^STRIPE_CONNECT_FEE_PERCENT_PRO: only used with/);
    }
    expect(loadConfig(base).stripeConnect).toBeUndefined();
    expect(
      loadConfig({ ...base, STRIPE_CONNECT_SECRET_KEY: PLATFORM_KEY, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET })
        .stripeConnect,
    ).toEqual({ secretKey: PLATFORM_KEY, webhookSecret: CONNECT_SECRET, feePercent: { free: 0, pro: 0, business: 0 } });
  });
});

describe('connecting with Stripe', () => {
  it('creates the account on the platform, sends the owner to onboarding, and says when it can take payments', async () => {
    const owner = await createUser(t.app);
    expect((await settingsOf(owner)).stripe).toMatchObject({ platform: true, account: null, connection: null });

    const { url, accountId } = await pressConnect(owner);
    expect(url).toMatch(new RegExp(`^${stripe.url}/connect/onboarding/`));
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(created.at(-1)!.headers.authorization).toBe(`Bearer ${PLATFORM_KEY}`);
    expect(created.at(-1)!.body).toMatchObject({ type: 'standard', email: owner.email });
    const link = stripe.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(link.body).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.appUrl.origin}/settings/payments?stripe=returned`,
      refresh_url: `${t.config.appUrl.origin}/settings/payments?stripe=refresh`,
    });
    expect((await settingsOf(owner)).stripe.account).toMatchObject({ accountId, chargesEnabled: false, detailsSubmitted: false });

    // Until Stripe lets the account take charges: publishing says what to do, once; visitors cannot pay.
    const form = await createForm(t.app, owner, { config: paidConfig() });
    const refused = await api(owner, 'POST', `/api/forms/${form.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NOT_PUBLISHABLE', message: STRIPE_SETUP_INCOMPLETE });

    // Pressing again reuses the account, with a fresh link.
    const again = await pressConnect(owner);
    expect(again.accountId).toBe(accountId);
    expect(again.url).not.toBe(url);

    const back = await finishOnboarding(again.url, 'Ada Workbooks');
    expect(back).toBe(`${t.config.appUrl.origin}/settings/payments?stripe=returned`);
    const refreshed = (await api(owner, 'POST', '/api/payments/stripe/refresh')).json<PaymentSettings>();
    expect(refreshed.stripe.account).toMatchObject({
      accountId,
      name: 'Ada Workbooks',
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    expect((await api(owner, 'POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
  });

  it('applies account.updated from the Connect webhook, once', async () => {
    const owner = await createUser(t.app);
    const { accountId } = await pressConnect(owner);
    const { delivery, event } = await stripe.completeOnboarding(accountId, { businessName: 'Webhook Books' });
    expect(delivery.url).toBe(`${webhookBase}/webhooks/stripe-connect`);
    expect(delivery.status).toBe(200);
    expect(event.account).toBe(accountId);
    expect((await settingsOf(owner)).stripe.account).toMatchObject({ name: 'Webhook Books', chargesEnabled: true });
    expect(JSON.parse((await stripe.deliver(event)).body)).toEqual({ received: true, duplicate: true });
  });

  it('lets only owners and admins connect or disconnect', async () => {
    const viewer = await createUser(t.app);
    await t.db.update(members).set({ role: 'viewer' }).where(eq(members.userId, viewer.id));
    const before = stripe.requests.length;
    expect((await api(viewer, 'POST', '/api/payments/stripe/connect')).statusCode).toBe(403);
    expect((await api(viewer, 'DELETE', '/api/payments/stripe/connect')).statusCode).toBe(403);
    expect((await api(viewer, 'POST', '/api/payments/stripe/refresh')).statusCode).toBe(403);
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/accounts')).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(connectedAccounts)
        .where(eq(connectedAccounts.workspaceId, await workspaceOf(t.db, viewer))),
    ).toHaveLength(0);
  });
});

describe('a visitor paying on a connected account', () => {
  it('opens Checkout on the account (Stripe-Account), with tax, codes and the plan’s fee, and settles net, tax and code once', async () => {
    const { owner, accountId } = await connectedOwner();
    stripe.addPromotionCode(accountId, 'SAVE20', { percentOff: 20 });
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig({ tax: true, promotionCodes: true }) });
    const email = nextEmail('taxed');
    const res = await kit.submit(form.id, { email });
    expect(res.statusCode).toBe(303);
    const session = sessionOf(res.headers.location!);

    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(create.headers['stripe-account']).toBe(accountId);
    expect(create.headers.authorization).toBe(`Bearer ${PLATFORM_KEY}`);
    expect(create.body).toMatchObject({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      customer_creation: 'always',
      allow_promotion_codes: 'true',
      payment_intent_data: { application_fee_amount: '50' },
      line_items: [{ price_data: { unit_amount: '999', tax_behavior: 'exclusive' } }],
    });
    expect(await paymentOfLead(email)).toMatchObject({ accountId, feeAmount: 50, status: 'pending' });

    const { event, delivery } = await stripe.completeSession(session.id, { country: 'GB', promotionCode: 'save20' });
    expect(delivery.url).toBe(`${webhookBase}/webhooks/stripe-connect`);
    expect(event.account).toBe(accountId);
    expect(delivery.status).toBe(200);
    // 9.99 less 20% = 7.99 net; 20% UK VAT on that = 1.60; 9.59 charged.
    expect(stripe.sessions.get(session.id)).toMatchObject({ amount_subtotal: 999, amount_total: 959 });
    expect(await paymentOfLead(email)).toMatchObject({
      status: 'paid',
      amount: 999,
      netAmount: 799,
      taxAmount: 160,
      discountAmount: 200,
      promotionCode: 'SAVE20',
      feeAmount: 50,
    });
    const retrieved = stripe.requests.filter((r) => r.path.startsWith('/v1/promotion_codes/')).at(-1)!;
    expect(retrieved.headers['stripe-account']).toBe(accountId);
    expect(await kit.mails(email)).toHaveLength(1);

    // A replay is a duplicate and changes nothing.
    expect(JSON.parse((await stripe.deliver(event)).body)).toEqual({ received: true, duplicate: true });
    expect(await kit.mails(email)).toHaveLength(1);

    // The owner refunds in Stripe: the refund (read on the account) takes the file back.
    const link = kit.downloadLink((await kit.mails(email))[0]!.text);
    expect((await kit.visit(link)).statusCode).toBe(200);
    const refunded = await stripe.refund(session.id);
    expect(refunded.delivery.status).toBe(200);
    expect(await paymentOfLead(email)).toMatchObject({ status: 'refunded' });
    expect((await kit.visit(link)).statusCode).toBe(403);
  });

  it('changes nothing the server decides when the request carries amounts, currencies or codes of its own', async () => {
    const { owner, accountId } = await connectedOwner();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const email = nextEmail('tamper');
    const res = await kit.submit(form.id, {
      email,
      amount: '0.01',
      currency: 'JPY',
      promotion_code: 'FREE100',
      tax: 'false',
      account: 'acct_attacker',
      application_fee_amount: '0',
    });
    expect(res.statusCode).toBe(303);
    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(create.headers['stripe-account']).toBe(accountId);
    expect(create.body).toMatchObject({ line_items: [{ price_data: { currency: 'usd', unit_amount: '999' } }] });
    const body = create.body as Record<string, unknown>;
    expect(body.allow_promotion_codes).toBeUndefined();
    expect(body.discounts).toBeUndefined();
    expect(body.automatic_tax).toBeUndefined();
    expect(await paymentOfLead(email)).toMatchObject({ amount: 999, currency: 'USD', accountId });
  });

  it('does not deliver a pay-what-you-want purchase that a code took below the minimum, and refunds it', async () => {
    const { owner, accountId } = await connectedOwner();
    stripe.addPromotionCode(accountId, 'HALF', { percentOff: 50 });
    const form = await createForm(t.app, owner, {
      publish: true,
      config: paidConfig({ type: 'pwyw', pwywMinimum: 500, pwywSuggested: 600, promotionCodes: true }),
    });
    const email = nextEmail('cheap');
    const session = sessionOf((await kit.submit(form.id, { email, amount: '6.00' })).headers.location!);
    const { delivery } = await stripe.completeSession(session.id, { promotionCode: 'HALF' });
    expect(delivery.status).toBe(200);
    await settle();
    const payment = await paymentOfLead(email);
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'below_minimum', netAmount: 300, discountAmount: 300 });
    const refund = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refund.headers['stripe-account']).toBe(accountId);
    expect(refund.headers['idempotency-key']).toBe(`refund-below-minimum-${payment.id}`);
    expect(stripe.charges.get(stripe.paymentIntents.get(payment.chargeId!)!.latest_charge!)).toMatchObject({ refunded: true });
    expect(await kit.mails(email)).toHaveLength(0);
    const page = await kit.visit(session.success_url!);
    expect(page.body).toContain('The discount code took the price below the minimum for this page');
    expect(page.body).not.toContain('/d/');
  });
});

describe('the Connect webhook', () => {
  async function pendingPayment() {
    const { owner, accountId } = await connectedOwner();
    const form = await createForm(t.app, owner, { publish: true, config: paidConfig() });
    const email = nextEmail('hook');
    const session = sessionOf((await kit.submit(form.id, { email })).headers.location!);
    return { owner, accountId, form, email, session };
  }

  it('refuses a forged signature, or one made with an account’s own secret, changing nothing', async () => {
    const { accountId, email, session } = await pendingPayment();
    const object = { ...session, status: 'complete', payment_status: 'paid' };
    const event = stripe.buildEvent('checkout.session.completed', object, { accountId });
    const payload = JSON.stringify(event, null, 2);
    for (const secret of ['whsec_forgedforgedforged', 'whsec_platformOwnEndpoint000001']) {
      const forged = await stripe.deliver(event, {
        signatureHeader: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      });
      expect(forged.status).toBe(400);
    }
    expect(await paymentOfLead(email)).toMatchObject({ status: 'pending' });
  });

  it('ignores an event of another owner’s account naming this payment', async () => {
    const first = await pendingPayment();
    const other = await pendingPayment();
    const foreign = stripe.buildEvent(
      'checkout.session.completed',
      {
        ...other.session,
        client_reference_id: (await paymentOfLead(first.email)).id,
        status: 'complete',
        payment_status: 'paid',
        amount_total: 999,
      },
      { accountId: other.accountId },
    );
    expect((await stripe.deliver(foreign)).status).toBe(200);
    // Even with this payment's own session: the event's account is not the one the payment was opened on.
    const crossed = stripe.buildEvent(
      'checkout.session.completed',
      { ...first.session, status: 'complete', payment_status: 'paid' },
      { accountId: other.accountId },
    );
    expect((await stripe.deliver(crossed)).status).toBe(200);
    expect(await paymentOfLead(first.email)).toMatchObject({ status: 'pending' });
    expect(await paymentOfLead(other.email)).toMatchObject({ status: 'pending' });
    expect(await kit.mails(first.email)).toHaveLength(0);
  });

  it('ignores a connected payment’s event arriving on the workspace’s own-keys endpoint', async () => {
    const { owner, email, session } = await pendingPayment();
    const keys = { secretKey: `sk_test_ownkeys${Date.now()}`, webhookSecret: `whsec_ownkeys${Date.now()}` };
    const settings = await settingsOf(owner);
    stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
    expect((await api(owner, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
    const event = stripe.buildEvent(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid' },
      {
        secretKey: keys.secretKey,
      },
    );
    expect((await stripe.deliver(event)).status).toBe(200);
    expect(await paymentOfLead(email)).toMatchObject({ status: 'pending' });
  });

  it('stops checkouts when the owner deauthorises the platform, keeping past orders', async () => {
    const { owner, accountId, form, session, email } = await pendingPayment();
    await stripe.completeSession(session.id);
    expect(await paymentOfLead(email)).toMatchObject({ status: 'paid' });

    const { delivery, event } = await stripe.deauthorize(accountId);
    expect(delivery.status).toBe(200);
    expect(event).toMatchObject({ type: 'account.application.deauthorized', account: accountId });
    expect((await settingsOf(owner)).stripe.account).toBeNull();
    expect(await paymentOfLead(email)).toMatchObject({ status: 'paid', accountId });

    const late = nextEmail('late');
    const res = await kit.submit(form.id, { email: late });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Payments are not available on this page right now.');
    expect(await t.db.select().from(leads).where(eq(leads.email, late))).toHaveLength(0);
    const republish = await api(owner, 'POST', `/api/forms/${form.id}/publish`);
    expect(republish.json()).toMatchObject({ code: 'NOT_PUBLISHABLE' });
  });

  it('refuses checkouts once the owner disconnects; past orders stay', async () => {
    const { owner, form, session, email } = await pendingPayment();
    await stripe.completeSession(session.id);
    const removed = await api(owner, 'DELETE', '/api/payments/stripe/connect');
    expect(removed.json<PaymentSettings>().stripe.account).toBeNull();
    const res = await kit.submit(form.id, { email: nextEmail('after') });
    expect(res.statusCode).toBe(503);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.id, (await paymentOfLead(email)).id)),
    ).toMatchObject([{ status: 'paid' }]);
    // A refund made later in the owner's Stripe dashboard still takes the file back.
    await stripe.refund(session.id);
    expect(await paymentOfLead(email)).toMatchObject({ status: 'refunded' });
  });
});
