import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '@/server/db/schema/index';
import { authPost, createUser } from '@tests/kit/owner';
import { uniqueEmail } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { mailsOf } from '@tests/kit/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string) => authPost(t.app, '/request-password-reset', { email, redirectTo: '/reset-password' });

/** Follows the emailed link the way a browser would, and returns where it lands. */
async function openLink(link: string) {
  const url = new URL(link);
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, `http://${APP_HOST}`);
}

async function resetLinkFor(email: string): Promise<string> {
  await t.runJobs();
  const mail = (await mailsOf(t, email))[0];
  expect(mail, `an email to ${email}`).toBeDefined();
  const link = mail!.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link).toBeDefined();
  return link!.replace(/[)\]]+$/, '');
}

describe('forgot password', () => {
  it('emails a one-time link that sets a new password; the old one stops working', async () => {
    const user = await createUser(t.app);
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);

    const link = await resetLinkFor(user.email);
    const mail = (await mailsOf(t, user.email))[0]!;
    expect(mail.subject).toBe('Reset your Lodestone password');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.text).toContain('expires in 60 minutes');

    const landing = await openLink(link);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await authPost(t.app, '/reset-password', { token, newPassword: 'brand-new-secret-9' });
    expect(reset.statusCode).toBe(200);

    const old = await authPost(t.app, '/sign-in/email', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await authPost(t.app, '/sign-in/email', { email: user.email, password: 'brand-new-secret-9' });
    expect(fresh.statusCode).toBe(200);

    const reused = await authPost(t.app, '/reset-password', { token, newPassword: 'yet-another-one-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');
    const reusedLink = await openLink(link);
    expect(reusedLink.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const user = await createUser(t.app);
    const known = await requestReset(user.email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await requestReset(unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await t.runJobs();
    expect(await mailsOf(t, unknownEmail)).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app);
    await requestReset(user.email);
    const link = await resetLinkFor(user.email);
    const token = (await openLink(link)).searchParams.get('token')!;
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await authPost(t.app, '/reset-password', { token, newPassword: 'too-late-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
    const stillOld = await authPost(t.app, '/sign-in/email', { email: user.email, password: user.password });
    expect(stillOld.statusCode).toBe(200);
  });

  it('refuses a too-short new password and keeps the token usable', async () => {
    const user = await createUser(t.app);
    await requestReset(user.email);
    const token = (await openLink(await resetLinkFor(user.email))).searchParams.get('token')!;
    const short = await authPost(t.app, '/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const rows = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(rows).toHaveLength(1);
  });
});
