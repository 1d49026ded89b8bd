import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptchaProvider } from '@/domain/captcha';
import { CAPTCHA_WIDGETS } from '@/domain/captcha-widgets';
import type { FormConfig } from '@/domain/form-config';
import { recaptchaScript } from '@/landing/index';
import { captchaTokensUsed, forms, leads } from '@/server/db/schema/index';
import { liveFormsSynced } from '@/server/features/submissions';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startCaptchaStandIn, type CaptchaStandIn } from '@tests/stand-ins/captcha';

// docs/decisions/0087: a page's captcha, on the visitor's page and in the check of each sign-up,
// against a stand-in that speaks the three providers' siteverify.

let t: TestApp;
let journey: ReturnType<typeof journeyKit>;
let captcha: CaptchaStandIn;
let owner: SignedUpUser;
const logged: string[] = [];

/** Where the test app's pages are opened (PUBLIC_URL's host, without its port). */
const PAGE_HOST = '127.0.0.1';
const KEYS = {
  turnstile: { siteKey: '0x4AAAAAAATurnstileSiteK', secretKey: '0x4AAAAAAATurnstileSecret-owner-0001' },
  hcaptcha: { siteKey: '22222222-aaaa-4bbb-8ccc-000000000001', secretKey: '0xHcaptchaSecretOfTheOwner000000000001' },
  recaptcha: { siteKey: '6LcRecaptchaSiteKeyOfTheOwner000000000001', secretKey: '6LcRecaptchaSecretOfTheOwner00000001' },
} satisfies Record<CaptchaProvider, { siteKey: string; secretKey: string }>;

const ownerCall = (user: SignedUpUser, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

async function saveKeys(user: SignedUpUser, provider: CaptchaProvider, keys: { siteKey: string; secretKey: string }) {
  captcha.addSecret(keys.secretKey);
  const res = await ownerCall(user, 'PUT', `/api/captcha/${provider}`, keys);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  captcha = await startCaptchaStandIn();
  t = await createTestApp(captcha.env, {
    logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
  });
  journey = journeyKit(t, '10.87');
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  for (const provider of ['turnstile', 'hcaptcha', 'recaptcha'] as const) await saveKeys(owner, provider, KEYS[provider]);
});
afterAll(async () => {
  await t.close();
  await captcha.close();
});
beforeEach(() => captcha.setDown(false));

const pageWith = async (choice: FormConfig['captcha'], config: Partial<FormConfig> = {}, by = owner) =>
  (await createForm(t.app, by, { publish: true, config: { captcha: choice, doubleOptIn: false, ...config } })).id;

const token = (provider: CaptchaProvider, options: Partial<Parameters<CaptchaStandIn['issueToken']>[0]> = {}) =>
  captcha.issueToken({ provider, secret: KEYS[provider].secretKey, hostname: PAGE_HOST, ...options });

const signUp = (formId: string, email: string, fields: Record<string, string> = {}) =>
  journey.submit(formId, { email, ...fields });

const stored = async (formId: string, email: string) =>
  (
    await t.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.formId, formId), eq(leads.email, email)))
  ).length;

/** How many times the stand-in was asked about `token`. */
const asked = (value: string) => captcha.requests.filter((r) => (r.body as Record<string, string>).response === value).length;

const FAILED = 'Please confirm you’re not a robot and press the button again.';
const refusedAgain = (res: { statusCode: number; body: string }, status: number, email: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.body).toContain(FAILED);
  // What the visitor typed is still there.
  expect(res.body).toContain(`value="${email}"`);
};

describe('a sign-up on a page with a captcha', () => {
  it('is stored once the provider vouches for a fresh token solved on the page’s host', async () => {
    const old = await t.db
      .insert(captchaTokensUsed)
      .values({ tokenHash: 'spent-two-days-ago', usedAt: new Date(Date.now() - 2 * 86_400_000) })
      .returning();
    expect(old).toHaveLength(1);
    const formId = await pageWith('hcaptcha');
    const solved = token('hcaptcha');

    const res = await signUp(formId, 'solved@example.com', { 'h-captcha-response': solved });
    expect(res.statusCode, res.body).toBe(303);
    expect(await stored(formId, 'solved@example.com')).toBe(1);
    // hCaptcha was asked as it documents it: the secret, the token and the visitor's address, form-encoded.
    const request = captcha.requests.at(-1)!;
    expect(request.path).toBe('/siteverify');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(request.body).toEqual({
      secret: KEYS.hcaptcha.secretKey,
      response: solved,
      remoteip: expect.stringMatching(/^10\.87\./),
    });
    // Tokens spent a day ago and more are forgotten on the way.
    expect(await t.db.select().from(captchaTokensUsed).where(eq(captchaTokensUsed.tokenHash, 'spent-two-days-ago'))).toEqual([]);
  });

  it('is stored for Turnstile and reCAPTCHA v3 alike, each read from its own field', async () => {
    const turnstile = await pageWith('turnstile');
    expect((await signUp(turnstile, 'turnstile@example.com', { 'cf-turnstile-response': token('turnstile') })).statusCode).toBe(
      303,
    );
    expect(captcha.requests.at(-1)!.path).toBe('/turnstile/v0/siteverify');
    const recaptcha = await pageWith('recaptcha');
    const good = token('recaptcha', { action: 'signup', score: 0.5 });
    expect((await signUp(recaptcha, 'recaptcha@example.com', { 'g-recaptcha-response': good })).statusCode).toBe(303);
    expect(captcha.requests.at(-1)!.path).toBe('/recaptcha/api/siteverify');
    expect(await stored(turnstile, 'turnstile@example.com')).toBe(1);
    expect(await stored(recaptcha, 'recaptcha@example.com')).toBe(1);
    // Another provider's field does not stand in for the page's.
    const other = await signUp(turnstile, 'wrong-field@example.com', { 'h-captcha-response': token('hcaptcha') });
    refusedAgain(other, 400, 'wrong-field@example.com');
  });

  it('is refused for a token used before, even when the provider would vouch for it again', async () => {
    const formId = await pageWith('turnstile');
    const fooled = token('turnstile', { reusable: true });
    expect((await signUp(formId, 'first@example.com', { 'cf-turnstile-response': fooled })).statusCode).toBe(303);

    const replay = await signUp(formId, 'replay@example.com', { 'cf-turnstile-response': fooled });
    refusedAgain(replay, 400, 'replay@example.com');
    expect(await stored(formId, 'replay@example.com')).toBe(0);
    // Our own record refused it: the provider was never asked the second time.
    expect(asked(fooled)).toBe(1);
  });

  it('is refused for a missing, expired, forged or foreign token, with the values kept', async () => {
    const formId = await pageWith('hcaptcha');
    refusedAgain(await signUp(formId, 'none@example.com'), 400, 'none@example.com');
    refusedAgain(await signUp(formId, 'blank@example.com', { 'h-captcha-response': '  ' }), 400, 'blank@example.com');

    const expired = token('hcaptcha', { expiresInSeconds: -1 });
    refusedAgain(await signUp(formId, 'expired@example.com', { 'h-captcha-response': expired }), 400, 'expired@example.com');
    expect(asked(expired)).toBe(1);
    refusedAgain(await signUp(formId, 'forged@example.com', { 'h-captcha-response': 'P1_made-up' }), 400, 'forged@example.com');
    const elsewhere = token('hcaptcha', { hostname: 'evil.example' });
    refusedAgain(
      await signUp(formId, 'elsewhere@example.com', { 'h-captcha-response': elsewhere }),
      400,
      'elsewhere@example.com',
    );

    // A token solved for another workspace's site (its secret) does not pass on this one's page.
    const stranger = await createUser(t.app);
    await saveKeys(stranger, 'hcaptcha', {
      siteKey: '33333333-aaaa-4bbb-8ccc-000000000001',
      secretKey: '0xStrangersOwnSecret00000000000001',
    });
    const theirs = captcha.issueToken({
      provider: 'hcaptcha',
      secret: '0xStrangersOwnSecret00000000000001',
      hostname: PAGE_HOST,
    });
    refusedAgain(await signUp(formId, 'foreign@example.com', { 'h-captcha-response': theirs }), 400, 'foreign@example.com');

    for (const email of ['none', 'blank', 'expired', 'forged', 'elsewhere', 'foreign'])
      expect(await stored(formId, `${email}@example.com`), email).toBe(0);
  });

  it('is refused by reCAPTCHA v3 for another action or a score under 0.5', async () => {
    const formId = await pageWith('recaptcha');
    const login = token('recaptcha', { action: 'login', score: 0.9 });
    refusedAgain(await signUp(formId, 'action@example.com', { 'g-recaptcha-response': login }), 400, 'action@example.com');
    const bot = token('recaptcha', { action: 'signup', score: 0.3 });
    refusedAgain(await signUp(formId, 'score@example.com', { 'g-recaptcha-response': bot }), 400, 'score@example.com');
    expect(await stored(formId, 'action@example.com')).toBe(0);
    expect(await stored(formId, 'score@example.com')).toBe(0);
  });

  it('fails closed while the provider is down: 503 in the page’s language, logged, nothing stored', async () => {
    const formId = await pageWith('hcaptcha', { language: 'de' });
    captcha.setDown(true);
    const solved = token('hcaptcha');
    const res = await signUp(formId, 'outage@example.com', { 'h-captcha-response': solved });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Bitte bestätigen Sie, dass Sie kein Roboter sind');
    expect(res.body).toContain('value="outage@example.com"');
    expect(await stored(formId, 'outage@example.com')).toBe(0);

    const line = logged.find((l) => l.includes('the captcha provider is unavailable'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, provider: 'hcaptcha', reason: 'answered HTTP 500' });
    for (const l of logged) {
      expect(l).not.toContain(solved);
      expect(l).not.toContain(KEYS.hcaptcha.secretKey);
    }

    // Back up: a fresh token goes through.
    captcha.setDown(false);
    expect((await signUp(formId, 'outage@example.com', { 'h-captcha-response': token('hcaptcha') })).statusCode).toBe(303);
  });

  it('keeps its captcha while live: the keys it asks for are not removed (captcha-keys.test.ts takes it offline first)', async () => {
    const other = await createUser(t.app);
    await saveKeys(other, 'turnstile', KEYS.turnstile);
    const formId = await pageWith('turnstile', {}, other);
    refusedAgain(await signUp(formId, 'before@example.com'), 400, 'before@example.com');
    expect((await ownerCall(other, 'DELETE', '/api/captcha/turnstile')).statusCode).toBe(409);
    await liveFormsSynced(t.db);
    expect((await journey.visit(`/f/${formId}`)).body).toContain('cf-turnstile');
    refusedAgain(await signUp(formId, 'after@example.com'), 400, 'after@example.com');
  });
});

describe('the published page of a page with a captcha', () => {
  const FOREIGN_HOSTS: Record<CaptchaProvider, RegExp> = {
    turnstile: /cloudflare/,
    hcaptcha: /hcaptcha/,
    recaptcha: /google|gstatic/,
  };
  const others = (provider: CaptchaProvider) => (Object.keys(FOREIGN_HOSTS) as CaptchaProvider[]).filter((p) => p !== provider);

  it.each(['turnstile', 'hcaptcha', 'recaptcha'] as const)(
    'carries the %s widget, and its CSP admits that provider alone',
    async (provider) => {
      const formId = await pageWith(provider);
      const page = await journey.visit(`/f/${formId}`);
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      const { hosts, script } = CAPTCHA_WIDGETS[provider];
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
      for (const host of hosts.script) expect(directive('script-src')).toContain(host);
      for (const host of hosts.frame) expect(directive('frame-src')).toContain(host);
      for (const host of hosts.connect) expect(directive('connect-src')).toContain(host);
      for (const other of others(provider)) expect(csp).not.toMatch(FOREIGN_HOSTS[other]);
      expect(page.body).toContain(`src="${script}`);
      for (const other of others(provider)) expect(page.body).not.toContain(CAPTCHA_WIDGETS[other].script);
      expect(page.body).toContain(KEYS[provider].siteKey);
      expect(page.body).toMatch(/Protected by .*privacy policy/);

      if (provider === 'turnstile')
        expect(page.body).toContain(`<div class="cf-turnstile" data-sitekey="${KEYS.turnstile.siteKey}"`);
      if (provider === 'hcaptcha') expect(page.body).toContain(`<div class="h-captcha" data-sitekey="${KEYS.hcaptcha.siteKey}"`);
      if (provider === 'recaptcha') {
        expect(page.body).toContain('name="g-recaptcha-response"');
        expect(page.body).toContain(`render=${KEYS.recaptcha.siteKey}`);
        expect(page.body).toContain(recaptchaScript);
        // The inline script that asks Google for a token runs by its hash, like the page's own.
        const { createHash } = await import('node:crypto');
        expect(directive('script-src')).toContain(`'sha256-${createHash('sha256').update(recaptchaScript).digest('base64')}'`);
      }
    },
  );

  it('shows the widget of the keys saved since, without publishing again', async () => {
    const other = await createUser(t.app);
    await saveKeys(other, 'hcaptcha', {
      siteKey: '44444444-aaaa-4bbb-8ccc-000000000001',
      secretKey: '0xFirstSecret000000000000000000000001',
    });
    const formId = await pageWith('hcaptcha', {}, other);
    expect((await journey.visit(`/f/${formId}`)).body).toContain('44444444-aaaa-4bbb-8ccc-000000000001');
    await saveKeys(other, 'hcaptcha', {
      siteKey: '55555555-aaaa-4bbb-8ccc-000000000001',
      secretKey: '0xSecondSecret00000000000000000000001',
    });
    await liveFormsSynced(t.db);
    const page = (await journey.visit(`/f/${formId}`)).body;
    expect(page).toContain('55555555-aaaa-4bbb-8ccc-000000000001');
    expect(page).not.toContain('44444444-aaaa-4bbb-8ccc-000000000001');
  });

  it('is byte for byte the page it was when the captcha is off, whatever keys the workspace has', async () => {
    const plain = await createUser(t.app);
    const config: Partial<FormConfig> = { title: 'Same page', captcha: 'off' };
    const withKeys = await pageWith('off', config);
    const withoutKeys = await pageWith('off', config, plain);
    const documentOf = async (formId: string) => {
      const page = await journey.visit(`/f/${formId}`);
      return {
        // The form's own address and the per-request signed render time are all that may differ.
        html: page.body.replaceAll(formId, 'FORM').replace(/name="ls_t" value="[^"]*"/, 'name="ls_t"'),
        csp: page.headers['content-security-policy'],
      };
    };
    const before = await documentOf(withoutKeys);
    expect(before.html).not.toMatch(/captcha|turnstile|recaptcha/i);
    expect(await documentOf(withKeys)).toEqual(before);

    // The page as published before captchas existed (no such setting at all) is the same document.
    await t.db.execute(sql`update ${forms} set published = published - 'captcha' where ${forms.id} = ${withoutKeys}`);
    await liveFormsSynced(t.db);
    const [row] = await t.db.select({ published: forms.published }).from(forms).where(eq(forms.id, withoutKeys));
    expect(row!.published).not.toHaveProperty('captcha');
    expect(await documentOf(withoutKeys)).toEqual(before);
  });
});
