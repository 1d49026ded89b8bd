import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom } from '@tests/kit/owner';
import { uniqueEmail } from '@tests/kit/data';
import { createTestApp, type TestApp } from '@tests/setup/app';

// With APP_URL on https the session cookies are `__Host-`: Secure, Path=/ and no Domain, so a
// sibling host (pages.example.com) cannot set one the app would read (docs/decisions/0011).

const APP = 'app.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: `https://${APP}`, PUBLIC_URL: 'https://pages.example.com' });
});
afterAll(() => t.close());

const post = (path: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { host: APP, origin: `https://${APP}`, ...(cookie ? { cookie } : {}) },
    payload,
  });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { host: APP, cookie } });

async function signUp(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  const res = await post('/sign-up/email', { name, email, password: 'correct-horse-42' });
  expect(res.statusCode).toBe(200);
  return { email, setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []) };
}

describe('session cookies on https', () => {
  it('are __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ and carry no Domain', async () => {
    const { setCookie } = await signUp('Victim');
    const session = setCookie.find((c) => c.startsWith('__Host-better-auth.session_token='));
    expect(session, setCookie.join('\n')).toBeDefined();
    for (const cookie of setCookie) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
    }
  });

  it('are the only ones read: a tossed unprefixed or __Secure- session cookie neither replaces nor opens a session', async () => {
    const victim = await signUp('Victim');
    const attacker = await signUp('Attacker');
    const attackerToken = cookieFrom(attacker.setCookie).match(/__Host-better-auth\.session_token=([^;]+)/)![1]!;
    const victimCookie = cookieFrom(victim.setCookie);

    // What a script on pages.example.com can set with Domain=example.com: sent first (longer path).
    for (const name of ['better-auth.session_token', '__Secure-better-auth.session_token']) {
      const tossed = `${name}=${attackerToken}`;
      const both = await me(`${tossed}; ${victimCookie}`);
      expect(both.statusCode, name).toBe(200);
      expect(both.json().user.email, name).toBe(victim.email);
      expect((await me(tossed)).statusCode, name).toBe(401);
    }
  });
});
