import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPost, cookieFrom, createUser } from '@tests/kit/owner';
import { mailsOf } from '@tests/kit/mailbox';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// docs/decisions/0043: account settings through better-auth's own endpoints, as /settings/account calls them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie } });
const signIn = async (email: string, password: string, ip: string) =>
  authPost(t.app, '/sign-in/email', { email, password }, {}, ip);

describe('changing the email address', () => {
  it('sends a one-time link to the new address, and changes nothing until it is opened', async () => {
    const user = await createUser(t.app, { name: 'Eve Mail' });
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await authPost(
      t.app,
      '/change-email',
      { newEmail, callbackURL: '/settings/account?email=changed' },
      { cookie: user.cookie },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await get('/api/me', user.cookie)).json().user.email).toBe(user.email);

    const [mail] = await mailsOf(t, newEmail, 'Confirm your new Lodestone email address');
    expect(mail!.text).toContain(`You asked to sign in to Lodestone as ${newEmail} from now on`);
    expect(await mailsOf(t, user.email, 'Confirm your new Lodestone email address')).toEqual([]);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0].replace(/[)\]]+$/, ''));

    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: link.host } });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/settings/account?email=changed');
    expect((await signIn(user.email, user.password, '10.98.0.1')).statusCode).toBe(401);
    expect((await signIn(newEmail, user.password, '10.98.0.2')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: link.host } });
    expect(again.headers.location).not.toBe('/settings/account?email=changed'); // used once
  });

  it('to an address another account holds tells nobody so, and changes nothing', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const asked = await authPost(
      t.app,
      '/change-email',
      { newEmail: other.email, callbackURL: '/settings/account' },
      { cookie: user.cookie },
    );
    expect(asked.statusCode).toBe(200);
    expect(await mailsOf(t, other.email, 'Confirm your new Lodestone email address')).toEqual([]);
    expect((await get('/api/me', user.cookie)).json().user.email).toBe(user.email);
  });

  it('is the only verification email: nobody can make Lodestone send one to an address', async () => {
    const user = await createUser(t.app);
    const res = await authPost(t.app, '/send-verification-email', { email: user.email });
    expect(res.statusCode).toBe(404);
    expect(await mailsOf(t, user.email)).toEqual([]);
  });
});

describe('changing the password', () => {
  it('needs the current one, and can sign out every other device at once', async () => {
    const user = await createUser(t.app);
    const elsewhere = cookieFrom((await signIn(user.email, user.password, '10.98.1.1')).headers['set-cookie']);
    const wrong = await authPost(
      t.app,
      '/change-password',
      { currentPassword: 'not-my-password-1', newPassword: 'a-new-password-22', revokeOtherSessions: true },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect((await get('/api/me', elsewhere)).statusCode).toBe(200);

    const changed = await authPost(
      t.app,
      '/change-password',
      { currentPassword: user.password, newPassword: 'a-new-password-22', revokeOtherSessions: true },
      { cookie: user.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/me', elsewhere)).statusCode).toBe(401);
    const current = cookieFrom(changed.headers['set-cookie']) || user.cookie;
    expect((await get('/api/me', current)).statusCode).toBe(200);
    expect((await signIn(user.email, 'a-new-password-22', '10.98.1.2')).statusCode).toBe(200);
  });
});

describe('active sessions', () => {
  it('are listed, and one or all of the others can be ended', async () => {
    const user = await createUser(t.app);
    const phone = cookieFrom((await signIn(user.email, user.password, '10.98.2.1')).headers['set-cookie']);
    const laptop = cookieFrom((await signIn(user.email, user.password, '10.98.2.2')).headers['set-cookie']);
    const list = (await get('/api/auth/list-sessions', user.cookie)).json<{ token: string; ipAddress: string }[]>();
    expect(list).toHaveLength(3);
    const phoneSession = list.find((s) => s.ipAddress === '10.98.2.1')!;
    expect((await authPost(t.app, '/revoke-session', { token: phoneSession.token }, { cookie: user.cookie })).statusCode).toBe(
      200,
    );
    expect((await get('/api/me', phone)).statusCode).toBe(401);
    expect((await get('/api/me', laptop)).statusCode).toBe(200);
    expect((await authPost(t.app, '/revoke-other-sessions', {}, { cookie: user.cookie })).statusCode).toBe(200);
    expect((await get('/api/me', laptop)).statusCode).toBe(401);
    expect((await get('/api/me', user.cookie)).statusCode).toBe(200);
  });
});
