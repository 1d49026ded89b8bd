import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { paidConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { type OnboardOptions, startPaypalStandIn, type PaypalStandIn } from '@tests/stand-ins/paypal';
import {
  PAYPAL_CONNECT_ERRORS,
  PAYPAL_UNFINISHED_MESSAGE,
  providerNotConnectedMessage,
  type PaymentSettings,
  visitorPaymentMessages,
} from '@/domain/payments';
import type { Role } from '@/domain/team';
import { ConfigError, loadConfig } from '@/server/config';
import { connectedAccounts, paymentEvents } from '@/server/db/schema/index';

const PARTNER = {
  clientId: 'lodestone-partner-client',
  clientSecret: 'lodestone-partner-secret',
  merchantId: 'LODESTONEPRTNR',
  webhookId: 'WHPARTNER0001',
};
const BN_CODE = 'Lodestone_SP_PPCP';

let t: TestApp;
let paypal: PaypalStandIn;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  paypal = await startPaypalStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({
    PAYPAL_API_URL: paypal.url,
    PAYPAL_PARTNER_CLIENT_ID: PARTNER.clientId,
    PAYPAL_PARTNER_CLIENT_SECRET: PARTNER.clientSecret,
    PAYPAL_PARTNER_MERCHANT_ID: PARTNER.merchantId,
    PAYPAL_PARTNER_WEBHOOK_ID: PARTNER.webhookId,
    PAYPAL_PARTNER_MODE: 'sandbox',
    PAYPAL_PARTNER_BN_CODE: BN_CODE,
  });
  const base = await listenForWebhooks(t);
  paypal.addAccount({ ...PARTNER, webhookUrl: `${base}/webhooks/paypal-partner`, eventTypes: ['*'] });
  kit = paymentsKit(t, '38.pp');
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const settingsOf = async (owner: SignedUpUser) =>
  (await kit.ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();

/** Follows PayPal's redirect back to Lodestone as the owner's browser would (same session). */
const comeBack = (owner: SignedUpUser, redirectUrl: string) => {
  const url = new URL(redirectUrl!);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: APP_HOST, cookie: owner.cookie } });
};

/** "Connect PayPal": the referral's action_url, and the referral as the stand-in received it. */
async function startConnect(owner: SignedUpUser) {
  const res = await kit.ownerApi(owner, 'POST', '/api/payments/paypal/connect');
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  const referralId = new URL(url).searchParams.get('referralToken')!;
  return { url, referral: paypal.referrals.get(referralId)! };
}

/** A new owner (Pro) who connected PayPal through the platform. */
async function connectedOwner(options: OnboardOptions = {}) {
  const owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  const { referral } = await startConnect(owner);
  const { merchantId, redirectUrl } = await paypal.onboard(referral.id, options);
  const back = await comeBack(owner, redirectUrl!);
  expect(back.statusCode).toBe(303);
  expect(back.headers.location).toBe('/settings/payments?paypal=connected');
  return { owner, merchantId, redirectUrl: redirectUrl! };
}

async function publishedPaidPage(owner: SignedUpUser) {
  return createForm(t.app, owner, { publish: true, config: paidConfig({ provider: 'paypal' }) });
}

async function checkout(formId: string, email: string) {
  const res = await kit.submit(formId, { email, provider: 'paypal' });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location!).searchParams.get('token')!;
}

async function approveAndReturn(orderId: string) {
  const { redirectUrl } = paypal.approve(orderId);
  const back = await kit.visit(redirectUrl!);
  expect(back.statusCode).toBe(303);
  return back.headers.location!;
}

const merchantRows = (merchantId: string) =>
  t.db.select().from(connectedAccounts).where(eq(connectedAccounts.accountId, merchantId));

describe('connecting PayPal through the platform', () => {
  it('creates a partner referral, and on return stores the merchant PayPal confirms', async () => {
    const owner = await createUser(t.app);
    const before = await settingsOf(owner);
    expect(before.paypal).toMatchObject({ platform: true, merchant: null, connection: null });

    const { url, referral } = await startConnect(owner);
    expect(url).toBe(`${paypal.url}/bizsignup/partner/entry?referralToken=${referral.id}`);
    const sent = paypal.requests.find((r) => r.path === '/v2/customer/partner-referrals')!;
    expect(sent.body).toMatchObject({
      operations: [
        {
          operation: 'API_INTEGRATION',
          api_integration_preference: {
            rest_api_integration: {
              integration_method: 'PAYPAL',
              integration_type: 'THIRD_PARTY',
              third_party_details: { features: ['PAYMENT', 'REFUND'] },
            },
          },
        },
      ],
      partner_config_override: { return_url: `${t.config.appUrl.origin}/api/payments/paypal/return` },
    });
    const workspaceId = await workspaceOf(t.db, owner);
    expect(referral.trackingId.startsWith(`${workspaceId}.`)).toBe(true);

    // The onboarding page the owner sees on PayPal.
    const page = await fetch(url);
    expect(await page.text()).toContain('Agree and connect');

    const { merchantId, redirectUrl } = await paypal.onboard(referral.id, { email: 'seller@acme.example', country: 'GB' });
    expect(new URL(redirectUrl!).searchParams.get('merchantIdInPayPal')).toBe(merchantId);
    const back = await comeBack(owner, redirectUrl!);
    expect(back.headers.location).toBe('/settings/payments?paypal=connected');
    const status = paypal.requests.find((r) => r.path.includes('/merchant-integrations/'))!;
    expect(status.path).toBe(`/v1/customer/partners/${PARTNER.merchantId}/merchant-integrations/${merchantId}`);

    const after = await settingsOf(owner);
    expect(after.paypal.merchant).toMatchObject({
      merchantId,
      email: 'seller@acme.example',
      country: 'GB',
      canTakePayments: true,
    });
    const [row] = await merchantRows(merchantId);
    expect(row).toMatchObject({ workspaceId, provider: 'paypal', chargesEnabled: true });
  });

  it('connects once when the return and the onboarding webhook arrive at the same moment', async () => {
    // The race is rare per try: twenty owners, each coming back four times at once.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const owner = await createUser(t.app);
        const { referral } = await startConnect(owner);
        const { merchantId, redirectUrl } = await paypal.onboard(referral.id);
        const backs = await Promise.all(Array.from({ length: 4 }, () => comeBack(owner, redirectUrl!)));
        expect(backs.map((b) => b.headers.location)).toEqual(Array(4).fill('/settings/payments?paypal=connected'));
        const rows = await merchantRows(merchantId);
        expect(rows.map((r) => r.workspaceId)).toEqual([await workspaceOf(t.db, owner)]);
      }),
    );
  });

  it('says "Finish setting up" while PayPal cannot take payments, blocks publishing, and follows PayPal once it can', async () => {
    const { owner, merchantId } = await connectedOwner({ emailConfirmed: false });
    expect((await settingsOf(owner)).paypal.merchant).toMatchObject({ merchantId, canTakePayments: false });
    const form = await createForm(t.app, owner, { config: paidConfig({ provider: 'paypal' }) });
    const refused = await kit.ownerApi(owner, 'POST', `/api/forms/${form.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { payment: PAYPAL_UNFINISHED_MESSAGE } });
    // "Finish setting up on PayPal" is a fresh referral link.
    const again = await startConnect(owner);
    expect(again.url).toMatch(/referralToken=/);

    paypal.setMerchant(merchantId, { emailConfirmed: true });
    expect((await settingsOf(owner)).paypal.merchant).toMatchObject({ canTakePayments: true });
    expect((await kit.ownerApi(owner, 'POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
  });

  it("refuses a forged tracking id and another workspace's, and a merchant PayPal did not onboard from this workspace", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const { referral } = await startConnect(a);
    const { merchantId, redirectUrl } = await paypal.onboard(referral.id);

    const forged = new URL(redirectUrl!);
    forged.searchParams.set('merchantId', `${await workspaceOf(t.db, b)}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect((await comeBack(b, forged.toString())).headers.location).toBe('/settings/payments?paypal_error=forged');
    // A's return link opened in B's session: the tracking id is A's workspace's, not B's.
    expect((await comeBack(b, redirectUrl!)).headers.location).toBe('/settings/payments?paypal_error=forged');
    // B's own tracking id with A's merchant id swapped in: PayPal's status names A's tracking id.
    const own = await startConnect(b);
    const swapped = new URL(redirectUrl!);
    swapped.searchParams.set('merchantId', own.referral.trackingId);
    expect((await comeBack(b, swapped.toString())).headers.location).toBe('/settings/payments?paypal_error=mismatch');
    // A merchant PayPal does not know.
    swapped.searchParams.set('merchantIdInPayPal', 'NOSUCHMERCHANT');
    expect((await comeBack(b, swapped.toString())).headers.location).toBe('/settings/payments?paypal_error=unknown');

    expect((await settingsOf(b)).paypal.merchant).toBeNull();
    // PayPal's MERCHANT.ONBOARDING.COMPLETED connected it where it belongs: A's workspace, never B's.
    await paypal.whenIdle();
    const rows = await merchantRows(merchantId);
    expect(rows.map((r) => r.workspaceId)).toEqual([await workspaceOf(t.db, a)]);
    expect(PAYPAL_CONNECT_ERRORS.forged).toMatch(/not made for this workspace/);
  });

  it('is for owners and admins: a viewer can neither start nor complete it', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const viewer = await joinAs(owner, 'viewer');
    const refused = await kit.ownerApi(viewer, 'POST', '/api/payments/paypal/connect');
    expect(refused.statusCode).toBe(403);
    const { referral } = await startConnect(owner);
    const { redirectUrl, merchantId } = await paypal.onboard(referral.id);
    expect((await comeBack(viewer, redirectUrl!)).headers.location).toBe('/settings/payments?paypal_error=role');
    expect(await merchantRows(merchantId)).toHaveLength(0);
    expect((await kit.ownerApi(viewer, 'DELETE', '/api/payments/paypal/connect')).statusCode).toBe(403);
  });

  it('refuses half a partner configuration at start, naming what is missing', () => {
    const attempt = () =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', SECRET: 'x'.repeat(32), PAYPAL_PARTNER_CLIENT_ID: 'client-id-1' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(problems).toEqual([
        'PAYPAL_PARTNER_CLIENT_SECRET',
        'PAYPAL_PARTNER_MERCHANT_ID',
        'PAYPAL_PARTNER_WEBHOOK_ID',
        'PAYPAL_PARTNER_MODE',
      ]);
    }
  });
});

describe('selling through a connected merchant', () => {
  it('creates the order for the merchant, captures it, records no tax, and delivers once', async () => {
    const { owner, merchantId } = await connectedOwner();
    const form = await publishedPaidPage(owner);
    const email = 'buyer-merchant@example.com';
    const orderId = await checkout(form.id, email);

    const created = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').at(-1)!;
    expect(created.headers['paypal-partner-attribution-id']).toBe(BN_CODE);
    expect(created.body).toMatchObject({ purchase_units: [{ payee: { merchant_id: merchantId }, amount: { value: '9.99' } }] });
    expect(paypal.orders.get(orderId)!.purchase_units[0]!.payee.merchant_id).toBe(merchantId);

    const thankYou = await approveAndReturn(orderId);
    const lead = await kit.leadOf(email);
    const [payment] = await kit.paymentsOf(lead.id);
    expect(payment).toMatchObject({ status: 'paid', accountId: merchantId, netAmount: 999, taxAmount: 0 });

    // PayPal's webhook for the capture arrives at the platform endpoint, verified; it changes nothing more.
    await paypal.whenIdle();
    const hook = paypal.deliveries.find(
      (d) => d.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && (d.event.resource as { id?: string }).id === payment!.chargeId,
    )!;
    expect(hook.url).toMatch(/\/webhooks\/paypal-partner$/);
    expect(hook.status).toBe(200);
    expect(await kit.mails(email)).toHaveLength(1);
    expect((await kit.visit(thankYou)).body).toContain('Download');
  });

  it('applies platform webhooks once, refuses forged ones, and ignores events about another merchant', async () => {
    const a = await connectedOwner();
    const b = await connectedOwner();
    const form = await publishedPaidPage(a.owner);
    const email = 'buyer-hooks@example.com';
    const orderId = await checkout(form.id, email);
    paypal.captureOutcome(orderId, 'PENDING');
    await approveAndReturn(orderId);
    const lead = await kit.leadOf(email);
    const [payment] = await kit.paymentsOf(lead.id);
    expect(payment).toMatchObject({ status: 'pending' });

    const resource = (merchantId: string) => ({
      id: payment!.chargeId,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '9.99' },
      custom_id: payment!.id,
      payee: { merchant_id: merchantId, email_address: 'x@example.com' },
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    // A genuine event naming B's merchant cannot settle A's payment.
    const otherMerchant = paypal.buildEvent('PAYMENT.CAPTURE.COMPLETED', resource(b.merchantId), { clientId: PARTNER.clientId });
    expect((await paypal.deliver(otherMerchant)).status).toBe(200);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'pending' });

    const event = paypal.buildEvent('PAYMENT.CAPTURE.COMPLETED', resource(a.merchantId), { clientId: PARTNER.clientId });
    const forged = await paypal.deliver(event, { headers: { 'paypal-transmission-sig': 'forged' } });
    expect(forged.status).toBe(400);
    const tampered = await paypal.deliver(event, {
      body: JSON.stringify({ ...event, resource: { ...event.resource, amount: { currency_code: 'USD', value: '0.01' } } }),
    });
    expect(tampered.status).toBe(400);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'pending' });

    const first = await paypal.deliver(event);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true });
    const replay = await paypal.deliver(event);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'paid', netAmount: 999, taxAmount: 0 });
    expect(await kit.mails(email)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);

    // A refund by the merchant (PayPal's refund event, to the platform) ends access.
    const link = kit.downloadLink((await kit.mails(email))[0]!.text);
    expect((await kit.visit(link)).statusCode).toBe(200);
    await paypal.completeCapture(orderId); // PayPal's own event for the capture: already paid, nothing changes
    const { delivery } = await paypal.refund(orderId);
    expect(delivery.status).toBe(200);
    expect((await kit.paymentsOf(lead.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await kit.visit(link)).statusCode).toBe(403);
  });

  it('stops checkouts when the seller revokes consent on PayPal, keeping past orders', async () => {
    const { owner, merchantId } = await connectedOwner();
    const form = await publishedPaidPage(owner);
    await approveAndReturn(await checkout(form.id, 'buyer-before@example.com'));
    const paidBefore = await kit.paymentsOf((await kit.leadOf('buyer-before@example.com')).id);
    expect(paidBefore[0]).toMatchObject({ status: 'paid' });

    const { delivery } = await paypal.revokeConsent(merchantId);
    expect(delivery.status).toBe(200);
    expect(await merchantRows(merchantId)).toHaveLength(0);
    expect((await settingsOf(owner)).paypal.merchant).toBeNull();
    // Delivered again: the connection is gone already, nothing changes.
    expect((await paypal.deliver(delivery.event)).status).toBe(200);
    expect(await merchantRows(merchantId)).toHaveLength(0);

    const refused = await kit.submit(form.id, { email: 'buyer-after@example.com', provider: 'paypal' });
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toContain(visitorPaymentMessages.unavailable);
    expect((await kit.paymentsOf((await kit.leadOf('buyer-before@example.com')).id))[0]).toMatchObject({ status: 'paid' });
    const draft = await createForm(t.app, owner, { config: paidConfig({ provider: 'paypal' }) });
    const publish = await kit.ownerApi(owner, 'POST', `/api/forms/${draft.id}/publish`);
    expect(publish.json()).toMatchObject({ errors: { payment: providerNotConnectedMessage(['paypal']) } });
  });

  it('refuses a checkout for a merchant the owner disconnected, and the orders stay', async () => {
    const { owner, merchantId } = await connectedOwner();
    const form = await publishedPaidPage(owner);
    const orderId = await checkout(form.id, 'buyer-disc@example.com');
    const off = await kit.ownerApi(owner, 'DELETE', '/api/payments/paypal/connect');
    expect(off.statusCode).toBe(200);
    expect(off.json<PaymentSettings>().paypal.merchant).toBeNull();
    expect(await merchantRows(merchantId)).toHaveLength(0);
    const refused = await kit.submit(form.id, { email: 'buyer-disc2@example.com', provider: 'paypal' });
    expect(refused.statusCode).toBe(503);
    const [kept] = await kit.paymentsOf((await kit.leadOf('buyer-disc@example.com')).id);
    expect(kept).toMatchObject({ checkoutId: orderId, accountId: merchantId });
  });
});

/** A new account that joined `owner`'s workspace as `role` through an emailed invitation. */
async function joinAs(owner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  expect((await kit.ownerApi(owner, 'POST', '/api/team/invitations', { email: member.email, role })).statusCode).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await kit.ownerApi(member, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}
