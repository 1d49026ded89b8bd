import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf } from '@tests/kit/mailbox';
import { createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { listenForWebhooks } from '@tests/kit/payments';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';
import { ALREADY_SUBSCRIBED, BILLING_NOT_CONFIGURED, GRACE_DAYS, nextInvoiceText, type BillingOverview } from '@/domain/billing';
import { auditEvents, billingEvents, organizations } from '@/server/db/schema/index';
import { billingDeps, setPlanAsOperator } from './index.js';
import { endGracePeriods } from './billing.js';

// docs/decisions/0046: Lodestone's own plans through Stripe Billing, following signed webhooks only.

const KEYS = { secretKey: 'sk_test_lodestone_billing_0001', webhookSecret: 'whsec_lodestone_billing_0001' };
const PRICES = {
  BILLING_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  BILLING_PRICE_PRO_ANNUAL: 'price_pro_annual',
  BILLING_PRICE_BUSINESS_MONTHLY: 'price_business_monthly',
  BILLING_PRICE_BUSINESS_ANNUAL: 'price_business_annual',
};

let t: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({
    STRIPE_API_URL: stripe.url,
    BILLING_STRIPE_SECRET_KEY: KEYS.secretKey,
    BILLING_STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    ...PRICES,
  });
  const base = await listenForWebhooks(t);
  stripe.addAccount({
    ...KEYS,
    webhookUrl: `${base}/webhooks/billing`,
    prices: [
      {
        id: PRICES.BILLING_PRICE_PRO_MONTHLY,
        unitAmount: 2900,
        currency: 'usd',
        interval: 'month',
        productName: 'Lodestone Pro',
      },
      { id: PRICES.BILLING_PRICE_PRO_ANNUAL, unitAmount: 27840, currency: 'usd', interval: 'year', productName: 'Lodestone Pro' },
      {
        id: PRICES.BILLING_PRICE_BUSINESS_MONTHLY,
        unitAmount: 9900,
        currency: 'usd',
        interval: 'month',
        productName: 'Lodestone Business',
      },
      {
        id: PRICES.BILLING_PRICE_BUSINESS_ANNUAL,
        unitAmount: 95040,
        currency: 'usd',
        interval: 'year',
        productName: 'Lodestone Business',
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const call = (user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
const overview = async (user: SignedUpUser) => (await call(user, 'GET', '/api/billing')).json<BillingOverview>();
const planChanges = (workspaceId: string) =>
  t.db
    .select({ target: auditEvents.target, actor: auditEvents.actorEmail })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, 'plan.changed')))
    .orderBy(auditEvents.id);

/** A new owner who has paid for `plan` through Checkout; returns the subscription's id. */
async function subscribed(plan: 'pro' | 'business', interval: 'month' | 'year') {
  const owner = await createUser(t.app);
  const workspaceId = await workspaceOf(t.db, owner);
  const res = await call(owner, 'POST', '/api/billing/checkout', { plan, interval });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').pop()!;
  const completed = await stripe.completeSession(sessionId);
  expect(completed.deliveries.map((d) => d.status)).toEqual(completed.deliveries.map(() => 200));
  const subscriptionId = stripe.sessions.get(sessionId)!.subscription as string;
  return { owner, workspaceId, sessionId, subscriptionId, completed };
}

describe('upgrading', () => {
  it('goes through Checkout in subscription mode, and the plan changes only when Stripe’s signed events say it is paid', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const before = await overview(owner);
    expect(before).toMatchObject({ configured: true, plan: 'free', subscription: null, hasCustomer: false });
    expect(before.usage).toEqual({
      pages: { used: 0, limit: 3 },
      signups: { used: 0, limit: 100 },
      seats: { used: 1, limit: 1 },
    });

    const bad = await call(owner, 'POST', '/api/billing/checkout', { plan: 'free', interval: 'week' });
    expect(bad.statusCode).toBe(400);

    const res = await call(owner, 'POST', '/api/billing/checkout', { plan: 'pro', interval: 'year' });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').pop()!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session.mode).toBe('subscription');
    expect(session.client_reference_id).toBe(workspaceId);
    expect(stripe.customers.get(session.customer as string)?.email).toBe(owner.email);
    // Not paid yet: still Free.
    expect((await overview(owner)).plan).toBe('free');

    const { deliveries, events } = await stripe.completeSession(sessionId);
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    const after = await overview(owner);
    expect(after.plan).toBe('pro');
    expect(after.subscription).toMatchObject({
      plan: 'pro',
      interval: 'year',
      status: 'active',
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
    });
    const yearAhead = Date.now() + 360 * 86_400_000;
    expect(new Date(after.subscription!.currentPeriodEnd!).getTime()).toBeGreaterThan(yearAhead);
    expect(after.usage.seats.limit).toBe(3);
    expect(await planChanges(workspaceId)).toEqual([{ target: 'Free → Pro', actor: 'Stripe billing' }]);

    // Stripe delivers again (it does, at least once): nothing is applied twice.
    const applied = await t.db.select().from(billingEvents).where(eq(billingEvents.workspaceId, workspaceId));
    expect(applied).toHaveLength(3);
    for (const event of events) expect((await stripe.deliver(event)).status).toBe(200);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.workspaceId, workspaceId))).toEqual(applied);
    expect(await planChanges(workspaceId)).toHaveLength(1);

    // A second subscription is refused: the portal changes the one there is.
    const second = await call(owner, 'POST', '/api/billing/checkout', { plan: 'business', interval: 'month' });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(ALREADY_SUBSCRIBED);
  });

  it('refuses an event whose signature is not Stripe’s, and changes nothing', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const res = await call(owner, 'POST', '/api/billing/checkout', { plan: 'business', interval: 'month' });
    const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').pop()!;
    const forged = stripe.buildEvent('checkout.session.completed', {
      ...stripe.sessions.get(sessionId)!,
      subscription: 'sub_forged',
    });
    const delivery = await stripe.deliver(forged, { signatureHeader: 't=1,v1=deadbeef' });
    expect(delivery.status).toBe(400);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, forged.id))).toEqual([]);
    const [workspace] = await t.db
      .select({ plan: organizations.plan })
      .from(organizations)
      .where(eq(organizations.id, workspaceId));
    expect(workspace!.plan).toBe('free');
  });

  it('lets only owners start a Checkout or open the portal', async () => {
    const { owner } = await subscribed('pro', 'month');
    const portal = await call(owner, 'POST', '/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    const url = new URL(portal.json<{ url: string }>().url);
    const session = [...stripe.portalSessions.values()].find((s) => url.pathname.endsWith(s.id));
    expect(session?.return_url).toBe(`http://${APP_HOST}/settings/billing?from=portal`);
    // The role matrix (team.test.ts) checks every role against ROUTE_PERMISSIONS; here, that billing is listed.
    const { ROUTE_PERMISSIONS } = await import('@/server/features/team/permissions');
    expect(ROUTE_PERMISSIONS['POST /api/billing/checkout']).toBe('billing');
    expect(ROUTE_PERMISSIONS['POST /api/billing/portal']).toBe('billing');
  });
});

describe('after the upgrade', () => {
  it('a cancellation keeps the plan until the period ends, then moves to Free and tells the owners', async () => {
    const { owner, workspaceId, subscriptionId } = await subscribed('pro', 'year');
    const sdk = new Stripe(KEYS.secretKey, {
      host: new URL(stripe.url).hostname,
      port: Number(new URL(stripe.url).port),
      protocol: 'http',
    });
    await sdk.subscriptions.update(subscriptionId, { cancel_at_period_end: true }); // what the portal's "Cancel plan" does
    await stripe.whenIdle();
    const cancelled = await overview(owner);
    expect(cancelled.plan).toBe('pro');
    expect(cancelled.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const ended = await stripe.advanceSubscription(subscriptionId);
    expect(ended.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const after = await overview(owner);
    expect(after.plan).toBe('free');
    expect(after.subscription).toBeNull();
    expect(await planChanges(workspaceId)).toEqual([
      { target: 'Free → Pro', actor: 'Stripe billing' },
      { target: 'Pro → Free', actor: 'Stripe billing' },
    ]);
    expect(await mailsOf(t, owner.email, /is on the Free plan now/)).toHaveLength(1);
  });

  it('a late event about an earlier state does not undo the state that stands (out of order)', async () => {
    const { owner, workspaceId, subscriptionId, completed } = await subscribed('pro', 'month');
    await stripe.cancelSubscription(subscriptionId);
    expect((await overview(owner)).plan).toBe('free');
    // customer.subscription.created, as Stripe may deliver it late: a new event id, the old object.
    const created = completed.events.find((e) => e.type === 'customer.subscription.created')!;
    const late = stripe.buildEvent('customer.subscription.created', created.data.object);
    expect((await stripe.deliver(late)).status).toBe(200);
    expect((await overview(owner)).plan).toBe('free');
    expect(await planChanges(workspaceId)).toHaveLength(2);
  });

  it('a failed renewal keeps the plan through the grace period with an email, then Free; paying later brings it back', async () => {
    const { owner, workspaceId, subscriptionId } = await subscribed('business', 'month');
    await stripe.failSubscriptionPayment(subscriptionId);
    const failing = await overview(owner);
    expect(failing.plan).toBe('business');
    const graceEndsAt = new Date(failing.subscription!.graceEndsAt!).getTime();
    expect(Math.abs(graceEndsAt - (Date.now() + GRACE_DAYS * 86_400_000))).toBeLessThan(60_000);
    expect(await mailsOf(t, owner.email, /payment for .* Business plan failed/)).toHaveLength(1);

    const deps = billingDeps(t.config, t.db);
    expect(await endGracePeriods(deps, new Date(Date.now() + (GRACE_DAYS - 1) * 86_400_000))).toBe(0);
    expect((await overview(owner)).plan).toBe('business');
    expect(await endGracePeriods(deps, new Date(Date.now() + (GRACE_DAYS + 1) * 86_400_000))).toBe(1);
    expect((await overview(owner)).plan).toBe('free');
    expect(await mailsOf(t, owner.email, /is on the Free plan now/)).toHaveLength(1);

    await stripe.paySubscription(subscriptionId);
    const paid = await overview(owner);
    expect(paid.plan).toBe('business');
    expect(paid.subscription?.graceEndsAt).toBeNull();
    expect((await planChanges(workspaceId)).map((c) => c.target)).toEqual([
      'Free → Business',
      'Business → Free',
      'Free → Business',
    ]);
  });

  it('a plan change in the portal follows the subscription’s price as Stripe applies it', async () => {
    const { owner, subscriptionId } = await subscribed('business', 'year');
    await stripe.changeSubscriptionPrice(subscriptionId, PRICES.BILLING_PRICE_PRO_ANNUAL);
    const after = await overview(owner);
    expect(after.plan).toBe('pro');
    expect(after.subscription).toMatchObject({ plan: 'pro', interval: 'year' });
  });
});

describe('a server without billing', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('says so, refuses a Checkout, and lets an operator set a plan with npm run plan', async () => {
    const owner = await createUser(bare.app);
    const workspaceId = await workspaceOf(bare.db, owner);
    const get = await bare.app.inject({ method: 'GET', url: '/api/billing', headers: { host: APP_HOST, cookie: owner.cookie } });
    expect(get.json<BillingOverview>()).toMatchObject({ configured: false, plan: 'free' });
    const checkout = await bare.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { plan: 'pro', interval: 'month' },
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json<{ message: string }>().message).toBe(BILLING_NOT_CONFIGURED);
    const webhook = await bare.app.inject({ method: 'POST', url: '/webhooks/billing', payload: {} });
    expect(webhook.statusCode).toBe(404);

    const deps = billingDeps(bare.config, bare.db);
    await expect(setPlanAsOperator(deps, owner.email, 'gold')).rejects.toThrow('The plan must be one of: free, pro, business.');
    await expect(setPlanAsOperator(deps, 'nobody-here', 'pro')).rejects.toThrow('No workspace has the id or slug nobody-here');
    expect(await setPlanAsOperator(deps, owner.email, 'pro')).toBe(`${workspaceId} is on Pro now.`);
    expect(await setPlanAsOperator(deps, workspaceId, 'pro')).toBe(`${workspaceId} was on Pro already.`);
    const audit = await bare.db
      .select({ target: auditEvents.target, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, 'plan.changed')));
    expect(audit).toEqual([{ target: 'Free → Pro', actor: 'Lodestone’s team' }]);
  });

  // The customer reads who set the plan, never an operator's command.
  it('tells the customer a plan Lodestone’s team set, with no invoices, and shows no operator command', async () => {
    const owner = await createUser(bare.app);
    const workspaceId = await workspaceOf(bare.db, owner);
    const read = async (url: string) =>
      (await bare.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } })).body;
    expect(JSON.parse(await read('/api/billing'))).toMatchObject({ plan: 'free', planSetBy: null, subscription: null });
    await setPlanAsOperator(billingDeps(bare.config, bare.db), workspaceId, 'pro');
    const billing = JSON.parse(await read('/api/billing')) as BillingOverview;
    expect(billing).toMatchObject({ configured: false, plan: 'pro', planSetBy: 'team', subscription: null });
    expect(nextInvoiceText(billing)).toBe('Your Pro plan was set by Lodestone’s team; there are no invoices for it.');
    const checkout = await bare.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { plan: 'business', interval: 'month' },
    });
    // What the customer may read: the billing API's answers and the team's audit log.
    for (const text of [BILLING_NOT_CONFIGURED, checkout.body, await read('/api/team/audit')]) {
      expect(text).not.toMatch(/npm|run plan|<workspace>|operator/i);
    }
    expect(await read('/api/team/audit')).toContain('Lodestone’s team');
  });

  it('where Stripe sells the plans, a paid plan without a subscription reads as set by Lodestone’s team too', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    await setPlan(t.db, workspaceId, 'business');
    const billing = await overview(owner);
    expect(billing).toMatchObject({ configured: true, plan: 'business', planSetBy: 'team', subscription: null });
    expect(nextInvoiceText(billing)).toBe('Your Business plan was set by Lodestone’s team; there are no invoices for it.');
    const paid = await subscribed('pro', 'month');
    expect(await overview(paid.owner)).toMatchObject({ plan: 'pro', planSetBy: 'subscription' });
  });

  it('refuses npm run plan where Stripe sells the plans', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'free');
    await expect(setPlanAsOperator(billingDeps(t.config, t.db), owner.email, 'pro')).rejects.toThrow(/follows its subscription/);
  });
});
