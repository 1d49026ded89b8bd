import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPost, cookieFrom, createUser } from '@tests/kit/owner';
import { uniqueEmail } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: { host: APP_HOST, ...(cookie ? { cookie } : {}) } });

describe('accounts', () => {
  it('signs up with a session cookie that is httpOnly and SameSite=Lax, and gives the owner a workspace', async () => {
    const email = uniqueEmail();
    const res = await authPost(t.app, '/sign-up/email', { name: 'Grace Hopper', email, password: 'compiler-1952' });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = setCookie.find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // APP_URL is http here

    const who = await me(cookieFrom(res.headers['set-cookie']));
    expect(who.statusCode).toBe(200);
    const body = who.json();
    expect(body.user).toMatchObject({ name: 'Grace Hopper', email });
    expect(body.workspace.name).toBe("Grace Hopper's workspace");
  });

  it('gives every account its own workspace', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const [wa, wb] = await Promise.all([me(a.cookie), me(b.cookie)]);
    expect(wa.json().workspace.id).toBeTruthy();
    expect(wa.json().workspace.id).not.toBe(wb.json().workspace.id);
    const again = await me(a.cookie);
    expect(again.json().workspace.id).toBe(wa.json().workspace.id);
  });

  it('refuses a duplicate sign-up with a clear code and changes nothing', async () => {
    const user = await createUser(t.app);
    const res = await authPost(t.app, '/sign-up/email', { name: 'Impostor', email: user.email, password: 'another-pass-1' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^USER_ALREADY_EXISTS/);
    const signIn = await authPost(t.app, '/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.name).toBe(user.name);
  });

  it('refuses a short password with a message and creates no account', async () => {
    const email = uniqueEmail();
    const res = await authPost(t.app, '/sign-up/email', { name: 'Short', email, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect(res.body).not.toMatch(/\bat .*\.(m?js|ts):\d+/); // no stack trace
    const signIn = await authPost(t.app, '/sign-in/email', { email, password: 'short' });
    expect(signIn.statusCode).toBe(401);
  });

  it('signs in with the right password only, and signs out', async () => {
    const user = await createUser(t.app);
    const wrong = await authPost(t.app, '/sign-in/email', { email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');

    const ok = await authPost(t.app, '/sign-in/email', { email: user.email, password: user.password });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieFrom(ok.headers['set-cookie']);
    expect((await me(cookie)).statusCode).toBe(200);

    const out = await authPost(t.app, '/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers malformed input with 400, a code and a message, never a stack trace', async () => {
    const missing = await authPost(t.app, '/sign-up/email', { email: 'not-an-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    for (const res of [missing, broken]) expect(res.body).not.toMatch(/\bat .*\.(m?js|ts):\d+/);
  });

  it('answers 401 with a code to an owner API call without a session', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  });

  it('rate limits sign-in attempts per client address', async () => {
    const email = uniqueEmail('brute');
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { host: APP_HOST, origin: `http://${APP_HOST}` },
        payload: { email, password: 'guess-guess-guess' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('203.0.113.7')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // another address is not affected
    expect((await attempt('203.0.113.8')).statusCode).toBe(401);
  });
});

describe('sign-ups from one address', () => {
  it('are 30 a minute, counted afresh each minute however steadily they come', async () => {
    const signUp = (ip: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: ip,
        headers: { host: APP_HOST, origin: `http://${APP_HOST}` },
        payload: { name: `Office ${i}`, email: uniqueEmail(`office${i}`), password: 'office-pass-123' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signUp('198.51.100.30', i)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await signUp('198.51.100.30', 31);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses[30]).toBe(429);
    // Another address is not affected; and once the minute is over, the office may go on.
    expect((await signUp('198.51.100.31', 0)).statusCode).toBe(200);
    await t.db.execute(sql`update rate_limit_hits set window_start = window_start - interval '61 seconds'`);
    expect((await signUp('198.51.100.30', 32)).statusCode).toBe(200);
  });
});

describe('session checks', () => {
  it('are not rate limited: every page load asks who is signed in', async () => {
    const user = await createUser(t.app);
    let last = 0;
    for (let i = 0; i < 120; i++) {
      last = (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          remoteAddress: '203.0.113.50',
          headers: { host: APP_HOST, cookie: user.cookie },
        })
      ).statusCode;
      if (last !== 200) break;
    }
    expect(last).toBe(200);
  });
});
