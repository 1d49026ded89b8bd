import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaSettings } from '@/domain/captcha-api';
import type { FormDetail } from '@/domain/forms-api';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { joinAs } from '@tests/kit/team';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// docs/decisions/0087: a workspace's captcha keys, saved once per provider and reused by its pages.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (user: SignedUpUser, method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

const HCAPTCHA = { siteKey: '10000000-ffff-ffff-ffff-000000000001', secretKey: '0x0000000000000000000000000000000000000000' };
const TURNSTILE = { siteKey: '0x4AAAAAAABkMYinukE8nzY', secretKey: '0x4AAAAAAABkMYinukE8nzYS_real_secretAbCd' };
const RECAPTCHA = { siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', secretKey: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe' };

const settingsOf = async (user: SignedUpUser) => {
  const res = await call(user, 'GET', '/api/captcha');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CaptchaSettings>();
};

describe('a workspace’s captcha keys', () => {
  it('are saved per provider with the secret sealed, shown masked, replaced and removed', async () => {
    const owner = await createUser(t.app);
    expect(await settingsOf(owner)).toEqual({ turnstile: null, hcaptcha: null, recaptcha: null });

    const saved = await call(owner, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(HCAPTCHA.secretKey);
    const settings = saved.json<CaptchaSettings>();
    expect(settings.hcaptcha).toMatchObject({ siteKey: HCAPTCHA.siteKey, maskedSecret: '…0000' });
    expect(settings.turnstile).toBeNull();
    expect(await settingsOf(owner)).toEqual(settings);

    const dump = await t.db.execute(sql`select * from captcha_accounts`);
    expect(JSON.stringify(dump.rows)).not.toContain(HCAPTCHA.secretKey);
    expect(JSON.stringify(dump.rows)).toContain('v1.');

    // Saving again replaces the keys; the other providers' stay as they are.
    expect((await call(owner, 'PUT', '/api/captcha/turnstile', TURNSTILE)).statusCode).toBe(200);
    const replaced = await call(owner, 'PUT', '/api/captcha/hcaptcha', { ...HCAPTCHA, secretKey: 'ES_0123456789abcdefWXYZ' });
    expect(replaced.json<CaptchaSettings>()).toMatchObject({
      hcaptcha: { siteKey: HCAPTCHA.siteKey, maskedSecret: '…WXYZ' },
      turnstile: { siteKey: TURNSTILE.siteKey, maskedSecret: '…AbCd' },
    });

    const removed = await call(owner, 'DELETE', '/api/captcha/hcaptcha');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CaptchaSettings>()).toMatchObject({ hcaptcha: null, turnstile: { siteKey: TURNSTILE.siteKey } });
    expect((await call(owner, 'DELETE', '/api/captcha/hcaptcha')).statusCode).toBe(404);
  });

  it('are not removed while a live page asks for them: it would lose its captcha without a word', async () => {
    const owner = await createUser(t.app);
    expect((await call(owner, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);
    const page = await createForm(t.app, owner, { title: 'Guarded guide', publish: true, config: { captcha: 'hcaptcha' } });
    const refused = await call(owner, 'DELETE', '/api/captcha/hcaptcha');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Live pages ask for hCaptcha: “Guarded guide”. Turn their captcha off or replace these keys instead.',
    );
    expect((await settingsOf(owner)).hcaptcha?.siteKey).toBe(HCAPTCHA.siteKey);

    // Taken offline, the page no longer holds the keys.
    expect((await call(owner, 'PATCH', `/api/forms/${page.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', '/api/captcha/hcaptcha')).statusCode).toBe(200);
  });

  it('checks each provider’s site key shape, loosely enough for real and test keys', async () => {
    const owner = await createUser(t.app);
    const put = (provider: string, body: object) => call(owner, 'PUT', `/api/captcha/${provider}`, body);

    for (const [provider, keys] of [
      ['turnstile', { siteKey: '1x00000000000000000000AA', secretKey: '1x0000000000000000000000000000000AA' }],
      ['turnstile', TURNSTILE],
      ['hcaptcha', HCAPTCHA],
      ['hcaptcha', { siteKey: 'A1B2C3D4-0000-4fff-8aaa-123456789ABC', secretKey: 'ES_abcdef0123456789' }],
      ['recaptcha', RECAPTCHA],
    ] as const)
      expect((await put(provider, keys)).statusCode, `${provider} ${keys.siteKey}`).toBe(200);

    const wrong = [
      ['turnstile', '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', /starts with 0x/],
      ['hcaptcha', '0x4AAAAAAABkMYinukE8nzY', /10000000-ffff/],
      ['recaptcha', HCAPTCHA.siteKey, /starts with 6L/],
    ] as const;
    for (const [provider, siteKey, message] of wrong) {
      const res = await put(provider, { siteKey, secretKey: 'a-secret-key-0123' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string; errors: Record<string, string> }>()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { siteKey: expect.stringMatching(message) as string },
      });
    }
    const noSecret = await put('hcaptcha', { siteKey: HCAPTCHA.siteKey, secretKey: '' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json<{ errors: Record<string, string> }>().errors.secretKey).toBe('Enter the secret key');
    expect((await put('friendlycaptcha', HCAPTCHA)).statusCode).toBe(400);
    // What was refused changed nothing.
    expect((await settingsOf(owner)).recaptcha?.siteKey).toBe(RECAPTCHA.siteKey);
  });

  it('belong to one workspace: another neither sees, removes nor publishes with them (404, refused)', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    expect((await call(owner, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);

    expect((await settingsOf(stranger)).hcaptcha).toBeNull();
    expect((await call(stranger, 'DELETE', '/api/captcha/hcaptcha')).statusCode).toBe(404);
    expect((await settingsOf(owner)).hcaptcha?.siteKey).toBe(HCAPTCHA.siteKey);

    // The stranger's page asking for hCaptcha cannot be published on the owner's keys.
    const page = await createForm(t.app, stranger, { config: { captcha: 'hcaptcha' } });
    const publish = await call(stranger, 'POST', `/api/forms/${page.id}/publish`);
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toMatchObject({
      code: 'NOT_PUBLISHABLE',
      message: 'Add your hCaptcha keys (Settings → Captcha) before publishing, or turn the captcha off.',
      errors: { captcha: expect.stringContaining('hCaptcha') as string },
    });
    // Nor can a page of the stranger's be read or changed through the owner's session.
    expect((await call(owner, 'GET', `/api/forms/${page.id}`)).statusCode).toBe(404);
  });

  it('are saved and removed by owners and admins only', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const [admin, editor, viewer] = [
      await joinAs(t, owner, 'admin'),
      await joinAs(t, owner, 'editor'),
      await joinAs(t, owner, 'viewer'),
    ];

    expect((await call(editor, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);
    expect((await call(editor, 'DELETE', '/api/captcha/hcaptcha')).statusCode).toBe(403);
    // Every member may read which keys exist (the creator's Captcha choice shows it), never the secret.
    const read = await call(viewer, 'GET', '/api/captcha');
    expect(read.json<CaptchaSettings>().hcaptcha?.siteKey).toBe(HCAPTCHA.siteKey);
    expect(read.body).not.toContain(HCAPTCHA.secretKey);
    expect((await call(admin, 'DELETE', '/api/captcha/hcaptcha')).statusCode).toBe(200);
  });
});

describe('publishing a page with a captcha', () => {
  it('is refused until the workspace has that provider’s keys, then the page carries them', async () => {
    const owner = await createUser(t.app);
    const page = await createForm(t.app, owner, { config: { captcha: 'turnstile' } });
    const refused = await call(owner, 'POST', `/api/forms/${page.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors).toEqual({
      captcha: 'Add your Cloudflare Turnstile keys (Settings → Captcha) before publishing, or turn the captcha off.',
    });
    // Keys for another provider do not count.
    expect((await call(owner, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/forms/${page.id}/publish`)).statusCode).toBe(400);

    expect((await call(owner, 'PUT', '/api/captcha/turnstile', TURNSTILE)).statusCode).toBe(200);
    const published = await call(owner, 'POST', `/api/forms/${page.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<FormDetail>().published?.captcha).toBe('turnstile');
  });
});
