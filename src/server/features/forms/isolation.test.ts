import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import type { FormDetail } from '@/domain/forms-api';

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let form: FormDetail;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  form = await createForm(t.app, owner, { publish: true });
});
afterAll(() => t.close());

const requests = () => {
  const fileId = form.draft.leadMagnet!.id;
  return [
    { method: 'GET', url: `/api/forms/${form.id}` },
    { method: 'PUT', url: `/api/forms/${form.id}`, payload: { config: { ...form.draft, title: 'Hijacked' } } },
    { method: 'POST', url: `/api/forms/${form.id}/publish` },
    { method: 'PATCH', url: `/api/forms/${form.id}/status`, payload: { status: 'inactive' } },
    { method: 'DELETE', url: `/api/forms/${form.id}` },
    { method: 'POST', url: `/api/forms/${form.id}/restore` },
    { method: 'POST', url: `/api/forms/${form.id}/duplicate` },
    { method: 'GET', url: `/api/files/${fileId}` },
  ] as const;
};

describe('workspace isolation', () => {
  it("gives another workspace's owner 404 for every form and file operation, and changes nothing", async () => {
    for (const r of requests()) {
      const res = await t.app.inject({ ...r, headers: { host: APP_HOST, cookie: stranger.cookie } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(mine.json<FormDetail>()).toMatchObject({ status: 'active', name: form.name, draft: { title: form.draft.title } });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/forms', headers: { host: APP_HOST, cookie: stranger.cookie } });
    expect(theirs.json().items).toEqual([]);
  });

  it("does not let a form point at another workspace's file", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: { host: APP_HOST, cookie: stranger.cookie },
      payload: { config: publishableConfig(form.draft.leadMagnet) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ leadMagnet: 'Please upload a PDF file' });
  });

  it('answers 401 to a signed-out caller', async () => {
    for (const r of [
      ...requests(),
      { method: 'GET', url: '/api/forms' },
      { method: 'GET', url: '/api/forms/stats' },
      { method: 'POST', url: '/api/files' },
    ] as const) {
      const res = await t.app.inject({ ...r, headers: { host: APP_HOST } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    }
  });
});
