import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { Role } from '@/domain/team';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
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

const defaults = (user: SignedUpUser, payload?: object) =>
  call(user, payload ? 'PUT' : 'GET', '/api/workspace/page-defaults', payload);

/** A new account that joined `owner`'s workspace as `role` through an emailed invitation. */
async function joinAs(owner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  expect((await call(owner, 'POST', '/api/team/invitations', { email: member.email, role })).statusCode).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(member, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}

describe('a workspace’s page defaults', () => {
  it('start empty, are read and changed by the owner, and are the workspace’s own', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await defaults(a)).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
    const saved = await defaults(a, { privacyPolicyUrl: '  https://acme.example/privacy ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ privacyPolicyUrl: 'https://acme.example/privacy', language: 'en' });
    expect((await defaults(a)).json()).toEqual({ privacyPolicyUrl: 'https://acme.example/privacy', language: 'en' });
    expect((await defaults(b)).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
    // Cleared, the workspace has none again.
    expect((await defaults(a, { privacyPolicyUrl: '' })).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
    expect((await defaults(a)).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
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
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: 'https://kept.example/privacy', language: 'en' });
  });

  it('are changed by an admin, read but not changed by a viewer', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const [admin, viewer] = [await joinAs(owner, 'admin'), await joinAs(owner, 'viewer')];
    expect((await defaults(admin, { privacyPolicyUrl: 'https://admin.example/privacy' })).statusCode).toBe(200);
    expect((await defaults(viewer)).json()).toEqual({ privacyPolicyUrl: 'https://admin.example/privacy', language: 'en' });
    const refused = await defaults(viewer, { privacyPolicyUrl: 'https://viewer.example/privacy' });
    expect(refused.statusCode).toBe(403);
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: 'https://admin.example/privacy', language: 'en' });
  });

  it('take the address of the first page published, and keep the one the workspace has', async () => {
    const [owner, other] = [await createUser(t.app), await createUser(t.app)];
    // A saved draft gives nothing: only publishing does.
    await createForm(t.app, owner, { config: { privacyPolicyUrl: 'https://draft.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
    await createForm(t.app, owner, { publish: true, config: { privacyPolicyUrl: 'https://first.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: 'https://first.example/privacy', language: 'en' });
    await createForm(t.app, owner, { publish: true, config: { privacyPolicyUrl: 'https://second.example/privacy' } });
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: 'https://first.example/privacy', language: 'en' });
    expect((await defaults(other)).json()).toEqual({ privacyPolicyUrl: '', language: 'en' });
  });

  it('hold the language new pages start in: changed only when named, checked, and taken from the first page published in another', async () => {
    const owner = await createUser(t.app);
    const german = await defaults(owner, { privacyPolicyUrl: '', language: 'de' });
    expect(german.json()).toEqual({ privacyPolicyUrl: '', language: 'de' });
    // A client that knows only the address leaves the language as it was.
    await defaults(owner, { privacyPolicyUrl: 'https://acme.example/privacy' });
    expect((await defaults(owner)).json()).toEqual({ privacyPolicyUrl: 'https://acme.example/privacy', language: 'de' });
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
});
