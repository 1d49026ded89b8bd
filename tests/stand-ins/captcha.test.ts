import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaStandIn, type CaptchaStandIn } from './captcha.js';

// The captcha stand-in answers as the three providers' siteverify do (docs/decisions/0087).

let captcha: CaptchaStandIn;
beforeAll(async () => {
  captcha = await startCaptchaStandIn();
});
afterAll(() => captcha.close());

const SECRET = 'stand-in-secret-0001';
const verify = async (url: string, fields: Record<string, string>, init: RequestInit = {}) => {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), ...init });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
};

describe('the captcha stand-in', () => {
  it('names what is missing or unknown with the providers’ own codes', async () => {
    const { turnstile, hcaptcha, recaptcha } = captcha.verifyUrls;
    captcha.addSecret(SECRET);
    expect((await verify(turnstile, {})).body).toMatchObject({
      success: false,
      'error-codes': ['missing-input-secret', 'missing-input-response'],
    });
    expect((await verify(hcaptcha, { secret: 'who-knows', response: 'x' })).body).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    });
    expect((await verify(recaptcha, { secret: SECRET, response: 'made-up' })).body).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    // A token of one provider is not another's.
    const token = captcha.issueToken({ provider: 'hcaptcha', secret: SECRET, hostname: 'pages.example' });
    expect((await verify(recaptcha, { secret: SECRET, response: token })).body?.['error-codes']).toEqual([
      'invalid-input-response',
    ]);
  });

  it('vouches for a token once, then says it is spent, as each provider words it', async () => {
    for (const [provider, spent] of [
      ['turnstile', 'timeout-or-duplicate'],
      ['hcaptcha', 'invalid-or-already-seen-response'],
      ['recaptcha', 'timeout-or-duplicate'],
    ] as const) {
      const token = captcha.issueToken({ provider, secret: SECRET, hostname: 'pages.example', action: 'signup', score: 0.7 });
      const first = await verify(captcha.verifyUrls[provider], { secret: SECRET, response: token, remoteip: '10.0.0.1' });
      expect(first.body, provider).toMatchObject({ success: true, hostname: 'pages.example' });
      if (provider === 'recaptcha') expect(first.body).toMatchObject({ action: 'signup', score: 0.7 });
      const second = await verify(captcha.verifyUrls[provider], { secret: SECRET, response: token });
      expect(second.body, provider).toMatchObject({ success: false, 'error-codes': [spent] });
      const expired = captcha.issueToken({ provider, secret: SECRET, hostname: 'pages.example', expiresInSeconds: -1 });
      expect((await verify(captcha.verifyUrls[provider], { secret: SECRET, response: expired })).body?.['error-codes']).toEqual([
        spent,
      ]);
    }
  });

  it('takes Turnstile’s JSON with an idempotency key, which may ask again, and reCAPTCHA’s query', async () => {
    const token = captcha.issueToken({ provider: 'turnstile', secret: SECRET, hostname: 'pages.example' });
    const json = (body: object) =>
      fetch(captcha.verifyUrls.turnstile, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const key = '4e2e0e4b-9d6f-4a8c-8f3c-0c6f5d1b2a11';
    expect(await json({ secret: SECRET, response: token, idempotency_key: key })).toMatchObject({ success: true });
    expect(await json({ secret: SECRET, response: token, idempotency_key: key })).toMatchObject({ success: true });
    expect(await json({ secret: SECRET, response: token })).toMatchObject({ 'error-codes': ['timeout-or-duplicate'] });

    const recaptcha = captcha.issueToken({ provider: 'recaptcha', secret: SECRET, hostname: 'pages.example' });
    const query = new URLSearchParams({ secret: SECRET, response: recaptcha });
    expect((await fetch(`${captcha.verifyUrls.recaptcha}?${query}`, { method: 'POST' })).status).toBe(200);
    expect(captcha.requests.at(-1)!.body).toMatchObject({ response: recaptcha });
  });

  it('answers 500 while down', async () => {
    captcha.setDown(true);
    const token = captcha.issueToken({ provider: 'hcaptcha', secret: SECRET, hostname: 'pages.example' });
    expect((await verify(captcha.verifyUrls.hcaptcha, { secret: SECRET, response: token })).status).toBe(500);
    captcha.setDown(false);
    // The outage did not spend it.
    expect((await verify(captcha.verifyUrls.hcaptcha, { secret: SECRET, response: token })).body).toMatchObject({
      success: true,
    });
  });
});
