import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN, type FormConfig, type FormField } from '@/domain/form-config';
import type { PaymentSettings } from '@/domain/payments';
import type { Section, SectionOf } from '@/domain/sections';
import { VISITOR_RATE_LIMITS } from '@/server/features/visitor-journey/index';
import { signRenderTime } from '@/server/lib/fill-time';
import { ipBucket } from '@/server/lib/rate-limiter';
import { createTokens } from '@/server/lib/tokens';
import { paidConfig, pdfBytes } from '@tests/kit/data';
import { fieldOf } from '@tests/kit/fields';
import { uploadImage } from '@tests/kit/images';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf, type DevMail } from '@tests/kit/mailbox';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { listenForWebhooks, paymentsKit } from '@tests/kit/payments';
import { BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { startStripeStandIn, type StripeStandIn } from '@tests/stand-ins/stripe';

// The pseudo-locale sweep (docs/decisions/0085): every fixed word the server gives a visitor comes
// from the pseudo catalogue, where each message is accented and lengthened between ⟦ ⟧. Every
// visitor screen and email is rendered in it; the owner's own texts are Greek, so any run of Latin
// letters left outside a ⟦ ⟧ segment is English that does not come from a catalogue.

vi.mock('@/server/lib/visitor-words', async (importActual) => {
  const actual = await importActual<typeof import('@/server/lib/visitor-words')>();
  const { translator } = await import('@/domain/i18n/translate');
  const { pseudoCatalogue } = await import('@/domain/i18n/pseudo');
  const { default: english } = await import('@/domain/i18n/messages/en.json');
  const pseudo = translator('en', pseudoCatalogue(english), english);
  return { ...actual, visitorWords: () => pseudo, pageWords: () => pseudo };
});

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
  journey = journeyKit(t, '10.91');
  payments = paymentsKit(t, '10.92');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const HOUR = 3_600_000;
const tokens = () => createTokens(t.config.secret);

// What a visitor reads of a document ------------------------------------------------------------

/** The attributes a visitor reads (or hears): a field's hint, a control's name, an image's words. */
const READ_ATTRIBUTES = /\s(placeholder|aria-label|title|alt)="([^"]*)"/g;
/** The words a page's script shows later: the submitting label, a video frame's title. */
const SCRIPT_WORDS = /\sdata-(?:submitting-label|ls-title|ls-suggest|ls-use|ls-keep)="([^"]*)"/g;
/** The resend countdown's sentences, one per plural category, as JSON. */
const COUNTED_WORDS = /\sdata-ls-forms="([^"]*)"/g;
const BUTTON_VALUE = /<(?:button|input)\b[^>]*\stype="(?:submit|button)"[^>]*\svalue="([^"]*)"/g;
const META_WORDS =
  /<meta\b[^>]*\s(?:name|property)="(?:description|og:title|og:description|twitter:title|twitter:description)"[^>]*\scontent="([^"]*)"/g;

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');

/** The texts of an HTML document a visitor reads: its text, the attributes above, the countdown's sentences. */
function visibleTexts(html: string): string[] {
  const withoutCode = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ');
  const attributes = [READ_ATTRIBUTES, SCRIPT_WORDS, BUTTON_VALUE, META_WORDS].flatMap((pattern) =>
    [...withoutCode.matchAll(pattern)].map((m) => decode(m.at(-1)!)),
  );
  const counted = [...withoutCode.matchAll(COUNTED_WORDS)].flatMap((m) =>
    Object.values(JSON.parse(decode(m[1]!)) as Record<string, string>),
  );
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return [decode(text), ...attributes, ...counted];
}

/** `text` without its ⟦ ⟧ segments (nested ones too: a message given another as a value). */
function outsidePseudo(text: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '⟦') depth += 1;
    else if (ch === '⟧') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/**
 * What is nobody's words: addresses and links (a number or a code has no letters), the
 * payment providers' names, and the months of a date, which Intl writes in the translator's language
 * (English, for the pseudo-locale is no locale Intl knows).
 */
const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2030, month, 15)),
);
const NAMES = new RegExp(`\\b(?:Stripe|PayPal|${MONTHS.join('|')})\\b`, 'g');
const notWords = (text: string) =>
  text
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(NAMES, ' ');

/** Each run of 3+ Latin letters outside the pseudo segments of `texts`, with what surrounds it. */
function plainEnglish(texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const rest = notWords(outsidePseudo(text)).replace(/\s+/g, ' ');
    for (const m of rest.matchAll(/[A-Za-z]{3,}/g))
      found.push(`“${m[0]}” in “…${rest.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).trim()}…”`);
  }
  return found;
}

/** A visitor screen says nothing in plain English. */
function expectPseudo(screen: string, html: string) {
  expect(html, `${screen}: rendered`).toContain('⟦');
  expect.soft(plainEnglish(visibleTexts(html)), `${screen} says in plain English`).toEqual([]);
}

/** An email says nothing in plain English, in its subject, its text or its HTML. */
function expectPseudoMail(name: string, mail: DevMail | undefined) {
  expect(mail, `${name}: sent`).toBeDefined();
  expect.soft(plainEnglish([mail!.subject]), `${name}’s subject says in plain English`).toEqual([]);
  expect.soft(plainEnglish([mail!.text]), `${name}’s text says in plain English`).toEqual([]);
  expect.soft(plainEnglish(visibleTexts(mail!.html)), `${name}’s HTML says in plain English`).toEqual([]);
}

// The owner's page, all in Greek ------------------------------------------------------------------

const FIELDS: FormField[] = [
  fieldOf('email', 'email', 'Ηλεκτρονικό ταχυδρομείο', { required: true, placeholder: 'εσύ@παράδειγμα' }),
  fieldOf('onoma', 'text', 'Όνομα', { required: true, placeholder: 'Μαρία', helpText: 'Το μικρό σας όνομα' }),
  fieldOf('minima', 'textarea', 'Μήνυμα'),
  fieldOf('ilikia', 'number', 'Ηλικία'),
  fieldOf('tilefono', 'phone', 'Τηλέφωνο'),
  fieldOf('imera', 'date', 'Ημέρα'),
  fieldOf('chora', 'dropdown', 'Χώρα', { required: true, options: ['Ελλάδα', 'Κύπρος'] }),
  fieldOf('rolos', 'radio', 'Ρόλος', { options: ['Πωλητής', 'Αγοραστής'] }),
  fieldOf('nea', 'checkbox', 'Θέλω νέα'),
  fieldOf('pigi', 'hidden', 'Πηγή', { param: 'utm_source' }),
];

const GREEK_DEADLINE: SectionOf<'deadline'> = {
  id: 'prothesmia',
  hidden: false,
  type: 'deadline',
  heading: 'Η προσφορά λήγει',
  endsAt: '2030-06-30T18:00',
  timeZone: 'Europe/Athens',
  afterDeadline: 'keepForm',
  endedMessage: 'Έληξε',
};

function greekSections(images: { photo: Awaited<ReturnType<typeof uploadImage>> }): Section[] {
  const common = { hidden: false } as const;
  return [
    { ...common, id: 'ofeli', type: 'benefits', heading: 'Τι περιέχει', items: [{ icon: 'book', text: '**Σαράντα** σελίδες' }] },
    {
      ...common,
      id: 'vinteo',
      type: 'video',
      heading: 'Δείτε το',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: '', // the frame's title is then Lodestone's
    },
    {
      ...common,
      id: 'martyries',
      type: 'testimonials',
      heading: 'Τι λένε',
      items: [{ quote: 'Εξαιρετικό', name: 'Μαρία Παππά', role: 'Ιδρύτρια', photo: images.photo }],
    },
    {
      ...common,
      id: 'syggrafeas',
      type: 'author',
      heading: 'Ο συγγραφέας',
      name: 'Γιώργος Νίκου',
      bio: 'Γράφει *δώδεκα* χρόνια.',
      photo: images.photo,
      links: [{ label: 'Ιστότοπος', url: 'https://example.com' }],
    },
    { ...common, id: 'loga', type: 'logos', heading: 'Μας ανέφεραν', items: [{ image: images.photo, alt: 'Εφημερίδα' }] },
    { ...common, id: 'erotiseis', type: 'faq', heading: 'Ερωτήσεις', items: [{ question: 'Δωρεάν;', answer: 'Ναι.' }] },
    GREEK_DEADLINE,
    { ...common, id: 'pali', type: 'cta', heading: 'Έτοιμοι;', text: 'Ελάτε **τώρα**.', buttonText: 'Στείλτε μου τον οδηγό' },
  ];
}

/** The owner's texts of a page, in Greek: no Latin letter of theirs can pass for Lodestone's. */
const greekPage = (more: Partial<FormConfig> = {}): Partial<FormConfig> => ({
  title: 'Ο οδηγός Ωμέγα',
  description: 'Σαράντα σελίδες τακτικής.',
  businessName: 'Ωμέγα ΑΕ',
  leadMagnetName: 'Οδηγός Ωμέγα',
  thankyouMessage: 'Ευχαριστούμε πολύ!',
  thankyouHeading: '',
  privacyPolicyUrl: 'https://example.com/privacy',
  fields: FIELDS,
  ...more,
});

let visitors = 0;
const nextEmail = () => `pseudo${(visitors += 1)}@example.com`;
const filled = (email: string) => ({ email, onoma: 'Ελένη', chora: 'Ελλάδα' });

async function publishGreek(config: Partial<FormConfig>, as: SignedUpUser = owner) {
  return createForm(t.app, as, { publish: true, pdf: pdfBytes(1024), config: greekPage(config) });
}

/** A visitor signs up on a page with double opt-in: the thank-you page's address and the code email. */
async function signUp(formId: string, email = nextEmail()) {
  const res = await journey.submit(formId, filled(email));
  expect(res.statusCode, res.body).toBe(303);
  const [codeMail] = await mailsOf(t, email);
  return { email, thankYou: res.headers.location as string, codeMail: codeMail! };
}

const leadIdOf = async (email: string) => (await payments.leadOf(email)).id;

describe('the sweep', () => {
  it('finds English outside the pseudo segments, in text and in what a visitor reads of a tag', () => {
    const html =
      '<p>⟦Hélló ⟦wörld⟧·⟧ Ωμέγα: https://example.com ή ada@example.com, 30 June</p>' +
      '<input placeholder="Your name"><a title="⟦Öpéñ··⟧" aria-label="Close">x</a><style>.ls{}</style><script>go()</script>';
    expect(plainEnglish(visibleTexts(html)).map((found) => found.split('”')[0]!.slice(1))).toEqual(['Your', 'name', 'Close']);
  });
});

describe('a page and its later screens in the pseudo-locale', () => {
  it('say no plain English on the landing page, with its field errors and when pressed too soon', async () => {
    const photo = await uploadImage(t.app, owner, 40, 40);
    const form = await publishGreek({
      sections: greekSections({ photo }),
      design: { ...DEFAULT_DESIGN, logo: photo, cover: photo, coverAlt: 'Εξώφυλλο' },
      pixelFacebook: '123456789',
      pixelGoogle: 'G-ABCDEF1',
    });
    const page = await journey.visit(`/f/${form.id}`);
    expect(page.statusCode).toBe(200);
    expectPseudo('landing page', page.body);

    const invalid = await journey.post(`/f/${form.id}`, {
      ...patientVisitorFields(t.config.secret),
      email: 'όχι',
      ilikia: 'πολλά',
    });
    expect(invalid.statusCode).toBe(400);
    expectPseudo('landing page with field errors', invalid.body);

    const tooSoon = await journey.post(`/f/${form.id}`, {
      ...filled(nextEmail()),
      consent: 'yes',
      ls_hp: '',
      ls_t: signRenderTime(t.config.secret, Date.now()),
    });
    expectPseudo('press-again page', tooSoon.body);

    const bot = await journey.submit(form.id, { ...filled(nextEmail()), ls_hp: 'filled by a bot' });
    expectPseudo('landing page as submitted (to a bot)', bot.body);
  });

  it('say no plain English when a typo is suggested or a disposable address refused', async () => {
    const form = await publishGreek({ addressChecks: { typos: true, deliverable: true, disposable: true } });
    const typo = await journey.submit(form.id, filled('pseudo-typo@gmial.com'));
    expect(typo.statusCode).toBe(200);
    expect(typo.body).toContain('name="ls_fix"');
    expectPseudo('landing page with a typo suggestion', typo.body);
    const disposable = await journey.submit(form.id, filled('pseudo@mailinator.com'));
    expect(disposable.statusCode).toBe(400);
    expectPseudo('landing page refusing a disposable address', disposable.body);
  });

  it('say no plain English on a page whose deadline closed its form', async () => {
    const form = await publishGreek({
      sections: [{ ...GREEK_DEADLINE, endsAt: '2020-01-01T00:00', afterDeadline: 'closeForm' }],
    });
    const closed = await journey.visit(`/f/${form.id}`);
    expect(closed.body).toContain('Έληξε');
    expectPseudo('page closed by its deadline', closed.body);
  });

  it('say no plain English from the thank-you page to the delivery email', async () => {
    const form = await publishGreek({ doubleOptIn: true });
    const { email, thankYou, codeMail } = await signUp(form.id);
    expectPseudoMail('code email', codeMail);
    expectPseudo('thank-you page waiting for the code', (await journey.visit(thankYou)).body);

    const token = journey.tokenOf(thankYou);
    const resend = await journey.post('/thank-you/resend', { t: token });
    expect(resend.statusCode).toBe(429);
    expectPseudo('thank-you page asking to wait for a new code', resend.body);

    const wrong = await journey.post('/thank-you/verify', { t: token, code: '000000' });
    expectPseudo('thank-you page with a wrong code', (await journey.visit(wrong.headers.location as string)).body);

    const code = /\b\d{6}\b/.exec(codeMail.text)![0];
    const right = await journey.post('/thank-you/verify', { t: token, code });
    const verified = await journey.visit(right.headers.location as string);
    expect(verified.body).toContain('/d/');
    expectPseudo('verified thank-you page with its download', verified.body);

    const [delivery] = await mailsOf(t, email);
    expect(delivery!.text).toContain('/d/');
    expectPseudoMail('delivery email', delivery);
  });

  it('say no plain English on the confirmation link’s pages', async () => {
    const form = await publishGreek({ doubleOptIn: true });
    const { email, codeMail } = await signUp(form.id);
    const leadId = await leadIdOf(email);
    const stale = tokens().signExpiring('confirm', leadId, new Date(Date.now() - HOUR));
    const expired = await journey.visit(`/confirm?t=${stale}`);
    expect(expired.statusCode).toBe(410);
    expectPseudo('expired confirmation link', expired.body);
    expectPseudo('renew page asking to wait', (await journey.post('/confirm/renew', { t: stale })).body);
    await t.db.execute(sql`update leads set email_sent_at = now() - interval '1 hour' where id = ${leadId}`);
    expectPseudo('renew page with a new link', (await journey.post('/confirm/renew', { t: stale })).body);

    const damaged = await journey.visit(`/confirm?t=${leadId}.1.damaged`);
    expect(damaged.statusCode).toBe(404);
    expectPseudo('damaged confirmation link', damaged.body);

    const link = /https?:\/\/\S+\/confirm\?t=[\w.-]+/.exec(codeMail.text)![0];
    const confirmed = await journey.visit(link);
    expectPseudo('thank-you page after the confirmation link', (await journey.visit(confirmed.headers.location as string)).body);
  });

  it('say no plain English when a download is locked, expired or its link damaged', async () => {
    const form = await publishGreek({ doubleOptIn: true });
    const { email } = await signUp(form.id);
    const leadId = await leadIdOf(email);
    const locked = await journey.visit(`/d/${tokens().signExpiring('download', leadId, new Date(Date.now() + HOUR))}`);
    expect(locked.statusCode).toBe(403);
    expectPseudo('locked download', locked.body);
    const expired = await journey.visit(`/d/${tokens().signExpiring('download', leadId, new Date(Date.now() - HOUR))}`);
    expect(expired.statusCode).toBe(410);
    expectPseudo('expired download link', expired.body);
    const damaged = await journey.visit('/d/nothing-like-a-link');
    expect(damaged.statusCode).toBe(404);
    expectPseudo('damaged download link', damaged.body);
    const thanks = await journey.visit('/thank-you?t=nothing-like-a-link');
    expectPseudo('damaged thank-you link', thanks.body);
  });

  it('say no plain English on the public face’s notices and its error page', async () => {
    const missing = await journey.visit('/f/AAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expectPseudo('404 page', missing.body);
    expectPseudo('public root', (await journey.visit('/')).body);

    const offline = await publishGreek({});
    await t.app.inject({
      method: 'PATCH',
      url: `/api/forms/${offline.id}/status`,
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { status: 'inactive' },
    });
    const gone = await journey.visit(`/f/${offline.id}`);
    expect(gone.statusCode).toBe(410);
    expectPseudo('410 page', gone.body);

    const busy = await publishGreek({});
    const ip = '203.0.113.91';
    const { name, limit } = VISITOR_RATE_LIMITS.submitPerIpPerForm;
    const key = `${name}:${busy.id}:${tokens().hashValue('rate-ip', ipBucket(ip))}`;
    await t.db.execute(
      sql`insert into rate_limit_hits values (${key}, now(), ${limit}) on conflict (key) do update set count = ${limit}, window_start = now()`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/f/${busy.id}`,
      remoteAddress: ip,
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(filled(nextEmail())).toString(),
    });
    expect(refused.statusCode).toBe(429);
    expectPseudo('429 page', refused.body);

    const deep = JSON.stringify(Array.from({ length: 70 }).reduce<unknown>((inner) => ({ inner }), {}));
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/f/AAAAAAAAAAAA',
        headers: { host: PUBLIC_HOST, accept: 'text/html', 'content-type': 'application/json' },
        payload,
      });
    const tooDeep = await post(deep);
    expect(tooDeep.statusCode).toBe(400);
    expectPseudo('error page for a body nested too deep', tooDeep.body);
    const unreadable = await post('{"not json');
    expect(unreadable.statusCode).toBe(400);
    expectPseudo('error page for an unreadable body', unreadable.body);
  });
});

describe('a paid page in the pseudo-locale', () => {
  async function ownerWithStripe() {
    const paid = await createUser(t.app);
    const keys = { secretKey: `sk_test_pseudo${Date.now()}`, webhookSecret: `whsec_pseudo${Date.now()}secret` };
    const settings = (await payments.ownerApi(paid, 'GET', '/api/payments/settings')).json<PaymentSettings>();
    stripe.addAccount({ ...keys, webhookUrl: settings.stripe.webhookUrl.replace(t.config.publicUrl.origin, webhookBase) });
    expect((await payments.ownerApi(paid, 'PUT', '/api/payments/stripe', keys)).statusCode).toBe(200);
    return paid;
  }

  /** A visitor sent to Stripe's checkout from page `formId`, as that checkout session. */
  async function checkoutOf(formId: string) {
    const sent = await journey.submit(formId, filled(nextEmail()));
    expect(sent.statusCode, sent.body).toBe(303);
    return stripe.sessions.get(sent.headers.location!.split('/').pop()!)!;
  }

  it('says no plain English on its form, its receipt and its emails, nor when its downloads run out', async () => {
    const paid = await ownerWithStripe();
    const fixed = await publishGreek(
      { ...paidConfig({ currency: 'EUR', fixedAmount: 1999, downloadLimit: 1 }), embedOrigins: ['https://shop.example.com'] },
      paid,
    );
    expectPseudo('fixed-price page', (await journey.visit(`/f/${fixed.id}`)).body);
    expectPseudo('fixed-price page after a cancelled payment', (await journey.visit(`/f/${fixed.id}?payment=cancelled`)).body);
    const pwyw = await publishGreek({ ...paidConfig({ type: 'pwyw', currency: 'USD', pwywMinimum: 500 }) }, paid);
    expectPseudo('pay-what-you-want page', (await journey.visit(`/f/${pwyw.id}`)).body);
    const below = await journey.submit(pwyw.id, { ...filled(nextEmail()), amount: '1' });
    expectPseudo('pay-what-you-want page below its minimum', below.body);

    const framed = await journey.submit(fixed.id, filled(nextEmail()), { 'sec-fetch-dest': 'iframe' });
    expect(framed.statusCode).toBe(200);
    expectPseudo('leaving a frame for the checkout', framed.body);

    // The thank-you page while a payment is confirmed, after it failed, and once it was refunded.
    const pending = await checkoutOf(fixed.id);
    expectPseudo('thank-you page confirming a payment', (await journey.visit(pending.success_url!)).body);
    await stripe.completeSession(pending.id, { paymentStatus: 'unpaid' });
    await stripe.asyncFailed(pending.id);
    expectPseudo('thank-you page of a failed payment', (await journey.visit(pending.success_url!)).body);
    const refunded = await checkoutOf(fixed.id);
    await stripe.completeSession(refunded.id);
    await stripe.refund(refunded.id);
    expectPseudo('thank-you page of a refunded payment', (await journey.visit(refunded.success_url!)).body);

    const email = nextEmail();
    const sent = await journey.submit(fixed.id, filled(email));
    expect(sent.statusCode, sent.body).toBe(303);
    const session = stripe.sessions.get(sent.headers.location!.split('/').pop()!)!;
    expect((await stripe.completeSession(session.id)).delivery.status).toBe(200);
    const mails = await mailsOf(t, email);
    const lead = await payments.leadOf(email);
    const payment = (await payments.paymentsOf(lead.id)).at(-1)!;
    const receiptMail = mails.find((m) => m.subject.includes(String(payment.orderNumber)));
    expectPseudoMail('receipt email', receiptMail);
    const delivery = mails.find((m) => m !== receiptMail && /\/d\//.test(m.text));
    expectPseudoMail('paid delivery email', delivery);

    const receipt = await journey.visit(`/r/${tokens().sign('receipt', payment.id)}`);
    expect(receipt.statusCode).toBe(200);
    expectPseudo('receipt page', receipt.body);

    const link = payments.downloadLink(delivery!.text);
    expect((await journey.visit(link)).statusCode).toBe(200);
    const spent = await journey.visit(link);
    expect(spent.statusCode).toBe(403);
    expectPseudo('download limit reached', spent.body);
    expectPseudo('fresh download link on its way', (await journey.post('/d/fresh', { t: link.split('/').pop()! })).body);
    const [fresh] = await mailsOf(t, email);
    expectPseudoMail('fresh download link email', fresh);

    const cancel = await journey.visit('/pay/cancel');
    expect(cancel.statusCode).toBe(404);
    expect.soft(plainEnglish([cancel.body]), 'unknown payment says in plain English').toEqual([]);
  });
});
