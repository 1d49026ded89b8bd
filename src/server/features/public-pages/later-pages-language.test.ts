import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormConfig } from '@/domain/form-config';
import type { PaymentSettings } from '@/domain/payments';
import { leads } from '@/server/db/schema/index';
import { VISITOR_RATE_LIMITS } from '@/server/features/visitor-journey/index';
import { ipBucket } from '@/server/lib/rate-limiter';
import { createTokens } from '@/server/lib/tokens';
import { paidConfig, pdfBytes } from '@tests/kit/data';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { BROWSER_UA } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';

// The pages a visitor reaches after a page (docs/decisions/0085): its links' pages, its refusals and
// its receipt speak the page's language; where no page is known, the browser's.

let t: TestApp;
let stripe: StripeStandIn;
let webhookBase: string;
let owner: SignedUpUser;
let journey: ReturnType<typeof journeyKit>;
let payments: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: 0 });
  t = await createTestApp({ STRIPE_API_URL: stripe.url });
  webhookBase = await listenForWebhooks(t);
  journey = journeyKit(t, '10.86');
  payments = paymentsKit(t, '10.87');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const tokens = () => createTokens(t.config.secret);
const HOUR = 3_600_000;
const visitIn = (url: string, acceptLanguage: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'accept-language': acceptLanguage },
  });
const leadIdOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!.id;

/** A published page with a file and double opt-in, in `language`, and a visitor who signed up on it (not confirmed yet). */
async function signedUp(language: FormConfig['language'], email: string, config: Partial<FormConfig> = {}) {
  const form = await createForm(t.app, owner, {
    publish: true,
    pdf: pdfBytes(1024),
    config: { language, businessName: 'Acme GmbH', leadMagnetName: 'Leitfaden', doubleOptIn: true, ...config },
  });
  const res = await journey.submit(form.id, { email });
  expect(res.statusCode, res.body).toBe(303);
  await t.runJobs(); // the code goes out
  return { form, thankYou: res.headers.location as string, leadId: await leadIdOf(email) };
}

/** The document is in `language` (and right to left when `rtl`), says `words`, and none of `english`. */
function expectIn(body: string, language: string, words: string[], english: string[], rtl = false) {
  expect(body).toMatch(new RegExp(`^<!doctype html><html lang="${language}"${rtl ? ' dir="rtl"' : ''}><head>`));
  for (const word of words) expect(body).toContain(word);
  for (const sentence of english) expect(body).not.toContain(sentence);
}

describe('a German page’s later pages', () => {
  it('say an expired confirmation link has expired, and that a new one was sent, in German', async () => {
    const { leadId } = await signedUp('de', 'abgelaufen@example.com');
    const stale = tokens().signExpiring('confirm', leadId, new Date(Date.now() - HOUR));
    const expired = await journey.visit(`/confirm?t=${stale}`);
    expect(expired.statusCode).toBe(410);
    expectIn(
      expired.body,
      'de',
      ['Dieser Bestätigungslink ist abgelaufen', 'Bestätigungslinks sind 24 Stunden lang gültig.', 'Neuen Link senden'],
      ['This confirmation link has expired', 'Send me a new link'],
    );
    // The code email went out a moment ago: the renewed link waits, and says so in German.
    const wait = await journey.post('/confirm/renew', { t: stale });
    expectIn(wait.body, 'de', ['Prüfen Sie Ihren Posteingang', 'vor weniger als einer Minute'], ['Check your inbox']);
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - HOUR) })
      .where(eq(leads.id, leadId));
    const renewed = await journey.post('/confirm/renew', { t: stale });
    expect(renewed.statusCode).toBe(200);
    expectIn(
      renewed.body,
      'de',
      ['Wir haben einen neuen Code und einen neuen Bestätigungslink an abgelaufen@example.com gesendet.'],
      ['We sent a new code', 'Check your inbox'],
    );
  });

  it('say a damaged link is damaged in the page’s language, and in the browser’s when no page is named', async () => {
    const { form, leadId } = await signedUp('de', 'beschaedigt@example.com');
    const damaged = await journey.visit(`/confirm?t=${leadId}.1.damaged`);
    expect(damaged.statusCode).toBe(404);
    expectIn(
      damaged.body,
      'de',
      [
        'Dieser Bestätigungslink ist beschädigt',
        'Sie können auch den 6-stelligen Code',
        'Erneut anmelden',
        `href="/f/${form.id}"`,
      ],
      ['This confirmation link is damaged', 'copy the whole link', 'Sign up again'],
    );
    const nameless = await visitIn('/d/nothing-like-a-link', 'de-AT,de;q=0.9,en;q=0.5');
    expect(nameless.statusCode).toBe(404);
    expectIn(nameless.body, 'de', ['Dieser Download-Link ist beschädigt'], ['This download link is damaged']);
  });

  it('refuse a download that is locked or expired in German', async () => {
    const { leadId } = await signedUp('de', 'gesperrt@example.com');
    const locked = await journey.visit(`/d/${tokens().signExpiring('download', leadId, new Date(Date.now() + HOUR))}`);
    expect(locked.statusCode).toBe(403);
    expectIn(locked.body, 'de', ['Download nicht verfügbar', 'bestätigte E-Mail-Adresse'], ['Download not available']);
    const expired = await journey.visit(`/d/${tokens().signExpiring('download', leadId, new Date(Date.now() - HOUR))}`);
    expect(expired.statusCode).toBe(410);
    expectIn(
      expired.body,
      'de',
      ['Dieser Download-Link ist abgelaufen', 'Download-Links sind 7 Tage lang gültig.', 'Neuen Download-Link anfordern'],
      ['This download link has expired', 'Get a new download link'],
    );
  });

  it('tell a wrong code on the thank-you page in German', async () => {
    const { thankYou } = await signedUp('de', 'falsch@example.com');
    const wrong = await journey.post('/thank-you/verify', { t: journey.tokenOf(thankYou), code: '000000' });
    expect(wrong.statusCode).toBe(303);
    const page = await journey.visit(wrong.headers.location as string);
    expectIn(page.body, 'de', ['Dieser Code ist nicht korrekt. Noch 4 Versuche übrig.'], ['That code is not right']);
  });

  it('say a page taken offline is no longer available in German', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { language: 'de', businessName: 'Acme GmbH' } });
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/forms/${form.id}/status`,
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { status: 'inactive' },
    });
    expect(paused.statusCode).toBe(200);
    const offline = await journey.visit(`/f/${form.id}`);
    expect(offline.statusCode).toBe(410);
    expectIn(
      offline.body,
      'de',
      ['Diese Seite ist nicht mehr verfügbar', 'Der Betreiber hat diese Seite offline genommen.'],
      ['This page is no longer available', 'The owner has taken this page offline.'],
    );
  });

  it('ask a sender over the limit to wait in German', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { language: 'de', businessName: 'Acme GmbH' } });
    const ip = '203.0.113.86';
    const { name, limit } = VISITOR_RATE_LIMITS.submitPerIpPerForm;
    const key = `${name}:${form.id}:${tokens().hashValue('rate-ip', ipBucket(ip))}`;
    await t.db.execute(
      sql`insert into rate_limit_hits values (${key}, now(), ${limit}) on conflict (key) do update set count = ${limit}, window_start = now()`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/f/${form.id}`,
      remoteAddress: ip,
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'schnell@example.com', consent: 'yes' }).toString(),
    });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expectIn(
      refused.body,
      'de',
      ['Zu viele Versuche', `Bitte warten Sie ${seconds} Sekunde`],
      ['Too many attempts', 'Please wait'],
    );
  });
});

describe('a page no page decides', () => {
  it('is the 404 in the browser’s language, English without one', async () => {
    const german = await visitIn('/f/AAAAAAAAAAAA', 'de');
    expect(german.statusCode).toBe(404);
    expectIn(
      german.body,
      'de',
      ['Seite nicht gefunden', 'Diese Seite existiert nicht oder ist nicht mehr veröffentlicht.'],
      ['Page not found', 'does not exist'],
    );
    const english = await journey.visit('/f/AAAAAAAAAAAA');
    expectIn(english.body, 'en', ['Page not found', 'This page does not exist or is no longer published.'], []);
    const root = await visitIn('/', 'fr-CA,fr;q=0.8');
    expect(root.statusCode).toBe(200);
    expect(root.body).toMatch(/^<!doctype html><html lang="fr"><head>/);
    expect(root.body).not.toContain('Published landing pages are served from this address.');
  });

  it('is the error page in the browser’s language', async () => {
    const deep = JSON.stringify(Array.from({ length: 70 }).reduce<unknown>((inner) => ({ inner }), {}));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/f/AAAAAAAAAAAA',
      headers: { host: PUBLIC_HOST, accept: 'text/html', 'accept-language': 'de', 'content-type': 'application/json' },
      payload: deep,
    });
    expect(refused.statusCode).toBe(400);
    expectIn(
      refused.body,
      'de',
      ['Ihre Anfrage konnte nicht gelesen werden', 'mehr als 64 Ebenen tief verschachtelt'],
      ['Your request could not be read', 'This body nests'],
    );
  });

  it('is written right to left in Arabic', async () => {
    const missing = await visitIn('/no-such-page', 'ar');
    expect(missing.statusCode).toBe(404);
    expectIn(missing.body, 'ar', ['الصفحة غير موجودة'], ['Page not found'], true);
  });
});

describe('an Arabic page’s later pages', () => {
  it('say an expired confirmation link has expired, right to left', async () => {
    const { leadId } = await signedUp('ar', 'arabic@example.com', { businessName: 'أكمي' });
    const stale = tokens().signExpiring('confirm', leadId, new Date(Date.now() - HOUR));
    const expired = await journey.visit(`/confirm?t=${stale}`);
    expect(expired.statusCode).toBe(410);
    expectIn(
      expired.body,
      'ar',
      ['انتهت صلاحية رابط التأكيد هذا', 'إرسال رابط جديد'],
      ['This confirmation link has expired'],
      true,
    );
  });
});

describe('a German paid page', () => {
  async function ownerWithStripe() {
    const paid = await createUser(t.app);
    const keys = { secretKey: `sk_test_lang${Date.now()}`, webhookSecret: `whsec_lang${Date.now()}secret` };
    const settings = (await payments.ownerApi(paid, 'GET', '/api/payments/settings')).json<PaymentSettings>();
    stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
    expect((await payments.ownerApi(paid, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
    return paid;
  }

  it('shows its receipt in German, the date and amounts as German readers write them, and refuses past the limit in German', async () => {
    const paid = await ownerWithStripe();
    const config = {
      ...paidConfig({ currency: 'EUR', fixedAmount: 1999, downloadLimit: 1 }),
      language: 'de' as const,
      businessName: 'Acme GmbH',
      leadMagnetName: 'Leitfaden',
    };
    const form = await createForm(t.app, paid, { publish: true, config });
    const email = 'kaeuferin@example.com';
    const sent = await payments.submit(form.id, { email });
    expect(sent.statusCode, sent.body).toBe(303);
    const session = stripe.sessions.get(sent.headers.location!.split('/').pop()!)!;
    expect((await stripe.completeSession(session.id)).delivery.status).toBe(200);
    const lead = await payments.leadOf(email);
    const payment = (await payments.paymentsOf(lead.id)).at(-1)!;

    const receipt = await journey.visit(`/r/${tokens().sign('receipt', payment.id)}`);
    expect(receipt.statusCode).toBe(200);
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(payment.paidAt!);
    expectIn(
      receipt.body,
      'de',
      ['<h1 class="ls-title">Beleg</h1>', `Bestellung ${payment.orderNumber} · ${date}`, 'Bezahlt mit', '19,99\u00a0€'],
      ['Receipt', 'Paid with', '€19.99', 'Use your browser'],
    );

    const link = payments.downloadLink((await payments.mails(email)).find((m) => /\/d\//.test(m.text))!.text);
    expect((await journey.visit(link)).statusCode).toBe(200);
    const refused = await journey.visit(link);
    expect(refused.statusCode).toBe(403);
    expectIn(
      refused.body,
      'de',
      [
        'Sie haben alle Downloads dieses Links aufgebraucht',
        'Jeder Kauf umfasst 1 Download pro Link.',
        'Neuen Link per E-Mail senden',
      ],
      ['You have used all the downloads', 'Email me a fresh link'],
    );
    const fresh = await journey.post('/d/fresh', { t: link.split('/').pop()! });
    expectIn(fresh.body, 'de', ['Prüfen Sie Ihren Posteingang'], ['Check your inbox', 'a fresh link is on its way']);
  });

  it('sends a visitor inside a frame on to the checkout in German', async () => {
    const paid = await ownerWithStripe();
    const form = await createForm(t.app, paid, {
      publish: true,
      config: { ...paidConfig(), language: 'de', businessName: 'Acme GmbH', embedOrigins: ['https://shop.example.com'] },
    });
    const framed = await journey.submit(form.id, { email: 'gerahmt@example.com' }, { 'sec-fetch-dest': 'iframe' });
    expect(framed.statusCode).toBe(200);
    expectIn(framed.body, 'de', ['Weiter zur Zahlung', 'target="_top"'], ['Continue to payment']);
  });
});
