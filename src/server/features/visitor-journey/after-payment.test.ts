import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidConfig } from '@tests/kit/data';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';
import type { PaymentSettings } from '@/domain/payments';
import { frameHeightScript } from '@/landing/index';

// A paid page that sends confirmed visitors to its owner does so once the payment is confirmed, with
// the file by email; and a paid page inside a frame opens the provider's checkout (which refuses
// frames) in the whole window (docs/decisions/0050).
let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let kit: ReturnType<typeof paymentsKit>;
let journey: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  webhookBase = await listenForWebhooks(t);
  kit = paymentsKit(t, '10.53');
  journey = journeyKit(t, '10.54');
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const WELCOME = 'https://owner.example.com/paid-welcome';

async function ownerWithStripe() {
  const owner = await createUser(t.app);
  const keys = { secretKey: `sk_test_after${Date.now()}`, webhookSecret: `whsec_after${Date.now()}secret` };
  const settings = (await kit.ownerApi(owner, 'GET', '/api/payments/settings')).json<PaymentSettings>();
  stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
  expect((await kit.ownerApi(owner, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
  return owner;
}

const sessionOf = (location: string) => stripe.sessions.get(location.split('/').pop()!)!;

describe('a paid page that sends visitors to its owner', () => {
  it('sends them there only once the payment is confirmed, and the file by email', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { ...paidConfig(), afterSubmit: 'redirect', redirectUrl: WELCOME },
    });
    const email = 'buyer-redirect@example.com';
    const sent = await kit.submit(form.id, { email });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(new RegExp(`^${stripe.url}/c/pay/`)); // the checkout, not the owner's page
    const session = sessionOf(sent.headers.location!);
    const before = await kit.visit(session.success_url!);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Your payment is being confirmed.');

    await stripe.completeSession(session.id);
    const after = await kit.visit(session.success_url!);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe(WELCOME);
    const delivered = (await kit.mails(email)).filter((m) => /\/d\/\S+/.test(m.text));
    expect(delivered).toHaveLength(1);
  });
});

describe('a paid page inside a frame', () => {
  it('opens the checkout in the whole window, on the visitor’s click; outside a frame it is a redirect as before', async () => {
    const owner = await ownerWithStripe();
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { ...paidConfig(), embedOrigins: ['https://shop.example.com'] },
    });
    const framed = await journey.submit(form.id, { email: 'framed-buyer@example.com' }, { 'sec-fetch-dest': 'iframe' });
    expect(framed.statusCode).toBe(200);
    const checkout = /<a class="ls-button" href="([^"]+)" target="_top">Continue to payment<\/a>/.exec(framed.body);
    expect(checkout?.[1]?.replaceAll('&amp;', '&')).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(String(framed.headers['content-security-policy'])).toContain('frame-ancestors https://shop.example.com');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.body).toContain(frameHeightScript);

    const whole = await kit.submit(form.id, { email: 'whole-window@example.com' });
    expect(whole.statusCode).toBe(303);
    expect(whole.headers.location).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  });
});
