import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { FormDetail } from '@/domain/forms-api';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// PUT /api/forms/:id/notifications: how the owner hears of a page's new leads.

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user: SignedUpUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) }, payload });
const setNotify = (formId: string, ownerNotify: unknown, user: SignedUpUser | null = owner) =>
  call('PUT', `/api/forms/${formId}/notifications`, user, { ownerNotify });
const detailOf = async (formId: string) => (await call('GET', `/api/forms/${formId}`, owner)).json<FormDetail>();

describe('the lead notifications setting', () => {
  it("is 'digest' by default, changes at once without publishing, and GET /api/forms/:id returns it", async () => {
    const form = await createForm(t.app, owner, { publish: true });
    expect(form.ownerNotify).toBe('digest');
    const res = await setNotify(form.id, 'each');
    expect(res.statusCode).toBe(200);
    expect(res.json<FormDetail>()).toMatchObject({ id: form.id, ownerNotify: 'each', publishedAt: form.publishedAt });
    const detail = await detailOf(form.id);
    expect(detail.ownerNotify).toBe('each');
    // The page itself did not change: not its draft, its published version or its edit time.
    expect(detail.updatedAt).toBe(form.updatedAt);
    expect(detail.published).toEqual(form.published);
    expect((await setNotify(form.id, 'off')).json<FormDetail>().ownerNotify).toBe('off');
  });

  it('refuses an unknown value with a VALIDATION_ERROR naming the field, and keeps the setting', async () => {
    const form = await createForm(t.app, owner);
    await setNotify(form.id, 'each');
    for (const bad of ['weekly', '', null, 3]) {
      const res = await setNotify(form.id, bad);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ code: string; message: string; errors: Record<string, string> }>();
      expect(body.code).toBe(ErrorCode.VALIDATION_ERROR);
      expect(body.errors).toEqual({ ownerNotify: 'Choose each, digest or off' });
      expect(body.message).toBe('ownerNotify: Choose each, digest or off');
    }
    expect((await detailOf(form.id)).ownerNotify).toBe('each');
  });

  it("is 404 for another workspace's page and for a deleted one, and 401 signed out, changing nothing", async () => {
    const form = await createForm(t.app, owner);
    const theirs = await setNotify(form.id, 'off', other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await setNotify(form.id, 'off', null)).statusCode).toBe(401);
    expect((await setNotify('no-such-form', 'off')).statusCode).toBe(404);
    expect((await detailOf(form.id)).ownerNotify).toBe('digest');

    expect((await call('DELETE', `/api/forms/${form.id}`, owner)).statusCode).toBe(204);
    expect((await setNotify(form.id, 'off')).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document with its three values', async () => {
    const doc = (await call('GET', '/api/openapi.json', null)).json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody: { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> } }
        >
      >;
    }>();
    const body = doc.paths['/api/forms/{id}/notifications']!.put!.requestBody.content['application/json']!.schema;
    expect(body.properties.ownerNotify!.enum).toEqual(['each', 'digest', 'off']);
  });
});
