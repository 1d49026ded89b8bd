import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { joinAs } from '@tests/kit/team';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: Pick<SignedUpUser, 'cookie'>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

/** What a workspace's new pages start from: Lodestone's own, but for `chosen`. */
const starting = (chosen: object) => ({
  privacyPolicyUrl: '',
  language: 'en',
  addressChecks: { typos: true, deliverable: true, disposable: false },
  captcha: 'off',
  ...chosen,
});

const HCAPTCHA = { siteKey: '10000000-ffff-ffff-ffff-000000000001', secretKey: '0x0000000000000000000000000000000000000000' };
const TURNSTILE = { siteKey: '0x4AAAAAAABkMYinukE8nzY', secretKey: '0x4AAAAAAABkMYinukE8nzYS_real_secretAbCd' };

const defaults = (user: SignedUpUser, payload?: object) =>
  call(user, payload ? 'PUT' : 'GET', '/api/workspace/page-defaults', payload);

/** A new account that joined `owner`'s workspace as `role` through an emailed invitation. */
describe('a workspace’s page defaults', () => {
  it('start empty, are read and changed by the owner, and are the workspace’s own', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await defaults(a)).json()).toEqual(starting({}));
    const saved = await defaults(a, { privacyPolicyUrl: '  https://acme.example/privacy ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(starting({ privacyPolicyUrl: 'https://acme.example/privacy' }));
    expect((await defaults(a)).json()).toEqual(starting({ privacyPolicyUrl: 'https://acme.example/privacy' }));
    expect((await defaults(b)).json()).toEqual(starting({}));
    // Cleared, the workspace has none again.
    expect((await defaults(a, { privacyPolicyUrl: '' })).json()).toEqual(starting({}));
    expect((await defaults(a)).json()).toEqual(starting({}));
  });

  it('refuse an address the page’s own field refuses, with the field named, and change nothing', async () => {
    const owner = await createUser(t.app);
    await defaults(owner, { privacyPolicyUrl: 'https://kept.example/privacy' });
    for (const bad of [
      { privacyPolicyUrl: 'javascript:alert(1)' },
      { privacyPolicyUrl: 'mailto:privacy@acme.example' },
      { privacyPolicyUrl: 'acme.example/privacy' },
      { privacyPolicyUrl: `https://acme.example/${'a'.repeat(2000)}` },
      { privacyPolicyUrl: 42 },
      {},
    ]) {
      const res = await defaults(owner, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_ERROR);
    }
    expect((await defaults(owner, { privacyPolicyUrl: 'javascript:alert(1)' })).json()).toMatchObject({
      errors: { privacyPolicyUrl: 'Enter a web address that starts with https:// or http://' },
    });
    expect((await defaults(owner)).json()).toEqual(starting({ privacyPolicyUrl: 'https://kept.example/privacy' }));
  });

  it('are changed by an admin, read but not changed by a viewer', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const [admin, viewer] = [await joinAs(t, owner, 'admin'), await joinAs(t, owner, 'viewer')];
    expect((await defaults(admin, { privacyPolicyUrl: 'https://admin.example/privacy' })).statusCode).toBe(200);
    expect((await defaults(viewer)).json()).toEqual(starting({ privacyPolicyUrl: 'https://admin.example/privacy' }));
    const refused = await defaults(viewer, { privacyPolicyUrl: 'https://viewer.example/privacy' });
    expect(refused.statusCode).toBe(403);
    expect((await defaults(owner)).json()).toEqual(starting({ privacyPolicyUrl: 'https://admin.example/privacy' }));
  });

  it('take the address of the first page published, and keep the one the workspace has', async () => {
    const [owner, other] = [await createUser(t.app), await createUser(t.app)];
    // A saved draft gives nothing: only publishing does.
    await createForm(t.app, owner, { config: { privacyPolicyUrl: 'https://draft.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual(starting({}));
    await createForm(t.app, owner, { publish: true, config: { privacyPolicyUrl: 'https://first.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual(starting({ privacyPolicyUrl: 'https://first.example/privacy' }));
    await createForm(t.app, owner, { publish: true, config: { privacyPolicyUrl: 'https://second.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual(starting({ privacyPolicyUrl: 'https://first.example/privacy' }));
    expect((await defaults(other)).json()).toEqual(starting({}));
  });

  it('hold the language new pages start in: changed only when named, checked, and taken from the first page published in another', async () => {
    const owner = await createUser(t.app);
    const german = await defaults(owner, { privacyPolicyUrl: '', language: 'de' });
    expect(german.json()).toEqual(starting({ privacyPolicyUrl: '', language: 'de' }));
    // A client that knows only the address leaves the language as it was.
    await defaults(owner, { privacyPolicyUrl: 'https://acme.example/privacy' });
    expect((await defaults(owner)).json()).toEqual(
      starting({ privacyPolicyUrl: 'https://acme.example/privacy', language: 'de' }),
    );
    for (const language of ['xx', 'DE', '', 7]) {
      const res = await defaults(owner, { privacyPolicyUrl: '', language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toMatchObject({ errors: { language: 'Choose one of the languages in the list' } });
    }
    expect((await defaults(owner)).json()).toMatchObject({ language: 'de' });

    // A workspace that never chose one takes the language of its first page published in another;
    // a later page in a third language changes nothing.
    const other = await createUser(t.app);
    await createForm(t.app, other, { publish: true, config: { language: 'en' } });
    expect((await defaults(other)).json()).toMatchObject({ language: 'en' });
    await createForm(t.app, other, { publish: true, config: { language: 'fr' } });
    expect((await defaults(other)).json()).toMatchObject({ language: 'fr' });
    await createForm(t.app, other, { publish: true, config: { language: 'ja' } });
    expect((await defaults(other)).json()).toMatchObject({ language: 'fr' });
    // One that chose keeps its choice.
    await createForm(t.app, owner, { publish: true, config: { language: 'sv' } });
    expect((await defaults(owner)).json()).toMatchObject({ language: 'de' });
  });

  it('hold the address checks and the captcha new pages start with, changed only when named, and the workspace’s own', async () => {
    const [owner, other] = [await createUser(t.app), await createUser(t.app)];
    const chosen = { addressChecks: { typos: false, deliverable: true, disposable: true }, captcha: 'hcaptcha' };
    // A captcha the workspace has no keys for is kept: the page says so, and publishing needs them.
    const saved = await defaults(owner, { privacyPolicyUrl: 'https://acme.example/privacy', ...chosen });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(starting({ privacyPolicyUrl: 'https://acme.example/privacy', ...chosen }));
    // A client that names only the address (or the language) leaves both as they were.
    await defaults(owner, { privacyPolicyUrl: '' });
    await defaults(owner, { privacyPolicyUrl: '', language: 'it' });
    expect((await defaults(owner)).json()).toEqual(starting({ language: 'it', ...chosen }));
    // Another workspace neither sees them nor changes them.
    expect((await defaults(other)).json()).toEqual(starting({}));
    await defaults(other, {
      privacyPolicyUrl: '',
      addressChecks: { typos: true, deliverable: false, disposable: false },
      captcha: 'off',
    });
    expect((await defaults(owner)).json()).toEqual(starting({ language: 'it', ...chosen }));
    expect((await defaults(other)).json()).toEqual(
      starting({ addressChecks: { typos: true, deliverable: false, disposable: false } }),
    );
  });

  it('refuse address checks not all named, or a captcha not in the list, and change nothing', async () => {
    const owner = await createUser(t.app);
    const chosen = { addressChecks: { typos: true, deliverable: true, disposable: true }, captcha: 'turnstile' };
    await defaults(owner, { privacyPolicyUrl: '', ...chosen });
    for (const bad of [
      { addressChecks: { disposable: false } },
      { addressChecks: { typos: true, deliverable: true, disposable: 'no' } },
      { addressChecks: true },
      { captcha: 'friendlycaptcha' },
      { captcha: 'Turnstile' },
      { captcha: '' },
    ]) {
      const res = await defaults(owner, { privacyPolicyUrl: 'https://changed.example/privacy', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_ERROR);
    }
    expect((await defaults(owner, { privacyPolicyUrl: '', captcha: 'friendlycaptcha' })).json()).toMatchObject({
      errors: { captcha: 'Choose one of the captchas in the list' },
    });
    expect((await defaults(owner)).json()).toEqual(starting(chosen));
  });

  it('have their address checks and captcha changed by an admin, not by a viewer', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const [admin, viewer] = [await joinAs(t, owner, 'admin'), await joinAs(t, owner, 'viewer')];
    const chosen = { addressChecks: { typos: true, deliverable: true, disposable: true }, captcha: 'recaptcha' };
    expect((await defaults(admin, { privacyPolicyUrl: '', ...chosen })).statusCode).toBe(200);
    const refused = await defaults(viewer, {
      privacyPolicyUrl: '',
      addressChecks: { typos: false, deliverable: false, disposable: false },
      captcha: 'off',
    });
    expect(refused.statusCode).toBe(403);
    expect((await defaults(viewer)).json()).toEqual(starting(chosen));
  });

  it('take the address checks and the captcha of the first page published with others than Lodestone’s, each once', async () => {
    // Publishing gives the privacy-policy address too (above): only the checks and the captcha are read here.
    const checksOf = async (user: SignedUpUser) => {
      const { addressChecks, captcha } = (await defaults(user)).json<{ addressChecks: object; captcha: string }>();
      return { addressChecks, captcha };
    };
    const lodestone = { typos: true, deliverable: true, disposable: false };
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const disposableRefused = { typos: true, deliverable: true, disposable: true };
    // A saved draft gives nothing, nor a page published as Lodestone's defaults, which leaves the choice open.
    await createForm(t.app, owner, { config: { addressChecks: disposableRefused, captcha: 'hcaptcha' } });
    await createForm(t.app, owner, { publish: true });
    expect(await checksOf(owner)).toEqual({ addressChecks: lodestone, captcha: 'off' });
    // A page refused for its captcha's missing keys gives nothing either.
    const keyless = await createForm(t.app, owner, { config: { addressChecks: disposableRefused, captcha: 'hcaptcha' } });
    const refused = await call(owner, 'POST', `/api/forms/${keyless.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string }>().code).toBe(ErrorCode.NOT_PUBLISHABLE);
    expect(await checksOf(owner)).toEqual({ addressChecks: lodestone, captcha: 'off' });

    // The first page that chose otherwise gives its choice, the checks and the captcha each on its own.
    await createForm(t.app, owner, { publish: true, config: { addressChecks: disposableRefused } });
    expect(await checksOf(owner)).toEqual({ addressChecks: disposableRefused, captcha: 'off' });
    expect((await call(owner, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);
    await createForm(t.app, owner, {
      publish: true,
      config: { addressChecks: { typos: false, deliverable: false, disposable: false }, captcha: 'hcaptcha' },
    });
    expect(await checksOf(owner)).toEqual({ addressChecks: disposableRefused, captcha: 'hcaptcha' });
    // Later pages change neither.
    expect((await call(owner, 'PUT', '/api/captcha/turnstile', TURNSTILE)).statusCode).toBe(200);
    await createForm(t.app, owner, {
      publish: true,
      config: { addressChecks: { typos: false, deliverable: true, disposable: false }, captcha: 'turnstile' },
    });
    expect(await checksOf(owner)).toEqual({ addressChecks: disposableRefused, captcha: 'hcaptcha' });

    // A workspace that chose, even Lodestone's own, keeps its choice.
    const chooser = await createUser(t.app);
    await defaults(chooser, { privacyPolicyUrl: '', addressChecks: lodestone, captcha: 'off' });
    expect((await call(chooser, 'PUT', '/api/captcha/hcaptcha', HCAPTCHA)).statusCode).toBe(200);
    await createForm(t.app, chooser, { publish: true, config: { addressChecks: disposableRefused, captcha: 'hcaptcha' } });
    expect(await checksOf(chooser)).toEqual({ addressChecks: lodestone, captcha: 'off' });
  });
});
