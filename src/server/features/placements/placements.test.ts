import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { joinAs } from '@tests/kit/team';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { MAX_PLACEMENTS_PER_PAGE, PLACEMENT_ID, type Placement, placementMessages } from '@/domain/placements';
import { placements } from '@/server/db/schema/index';

// The owner API of a page's placements: read by every member, changed by those who edit pages,
// another workspace's page or placement is not found.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: SignedUpUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, cookie: who.cookie, origin: t.config.appUrl.origin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const list = async (who: SignedUpUser, formId: string) => {
  const res = await call(who, 'GET', `/api/forms/${formId}/placements`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Placement[] }>().items;
};

describe('a page’s placements', () => {
  it('are created with the settings’ defaults, listed oldest first, changed and deleted', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { publish: true });
    expect(await list(owner, form.id)).toEqual([]);

    const created = await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: ' Blog popup ', display: 'popup' });
    expect(created.statusCode, created.body).toBe(201);
    const popup = created.json<Placement>();
    expect(popup.id).toMatch(PLACEMENT_ID);
    expect(popup.formId).toBe(form.id);
    expect(popup.settings).toMatchObject({
      name: 'Blog popup',
      display: 'popup',
      trigger: 'load',
      delaySeconds: 5,
      closedDays: 7,
    });
    const bar = (
      await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: 'Bar', display: 'bar' })
    ).json<Placement>();
    expect((await list(owner, form.id)).map((p) => p.id)).toEqual([popup.id, bar.id]);

    const changed = await call(owner, 'PUT', `/api/forms/${form.id}/placements/${popup.id}`, {
      name: 'Exit popup',
      display: 'popup',
      trigger: 'exit',
      showOn: ['/blog/*'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const updated = changed.json<Placement>();
    expect(updated.settings).toMatchObject({ name: 'Exit popup', trigger: 'exit', showOn: ['/blog/*'], delaySeconds: 5 });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(popup.updatedAt));
    expect(updated.createdAt).toBe(popup.createdAt);

    expect((await call(owner, 'DELETE', `/api/forms/${form.id}/placements/${bar.id}`)).statusCode).toBe(204);
    expect(await list(owner, form.id)).toEqual([updated]);
    expect((await call(owner, 'DELETE', `/api/forms/${form.id}/placements/${bar.id}`)).statusCode).toBe(404);
  });

  it('refuse bad settings with each field’s message and change nothing', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner);
    const placement = (
      await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: 'Popup', display: 'popup' })
    ).json<Placement>();
    for (const body of [
      { name: '  ', display: 'popup' },
      { name: 'X', display: 'banner' },
      { name: 'X', display: 'popup', showOn: ['blog'] },
      { name: 'X', display: 'popup', delaySeconds: -1 },
      { name: 'X', display: 'popup', hideOn: Array.from({ length: 21 }, (_, i) => `/p${i}`) },
    ]) {
      for (const res of [
        await call(owner, 'POST', `/api/forms/${form.id}/placements`, body),
        await call(owner, 'PUT', `/api/forms/${form.id}/placements/${placement.id}`, body),
      ]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    }
    const named = await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: '', display: 'popup' });
    expect(named.json().errors).toEqual({ name: placementMessages.name });
    const pattern = await call(owner, 'POST', `/api/forms/${form.id}/placements`, {
      name: 'X',
      display: 'popup',
      showOn: ['blog'],
    });
    expect(pattern.json().errors).toEqual({ 'showOn.0': placementMessages.pattern });
    expect(await list(owner, form.id)).toEqual([placement]);
  });

  it(`are at most ${MAX_PLACEMENTS_PER_PAGE} per page`, async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner);
    const rows = Array.from({ length: MAX_PLACEMENTS_PER_PAGE }, (_, i) => ({
      id: `plc_limit${String(i).padStart(11, '0')}`,
      workspaceId: '',
      formId: form.id,
      settings: { name: `P${i}`, display: 'popup' } as never,
    }));
    const first = (
      await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: 'First', display: 'popup' })
    ).json<Placement>();
    const [row] = await t.db.select({ workspaceId: placements.workspaceId }).from(placements).where(eq(placements.id, first.id));
    await t.db.insert(placements).values(rows.slice(1).map((r) => ({ ...r, workspaceId: row!.workspaceId })));
    const refused = await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: 'One more', display: 'bar' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: placementMessages.tooMany });
    expect(await list(owner, form.id)).toHaveLength(MAX_PLACEMENTS_PER_PAGE);
  });

  it('of another workspace are not found, whatever the method', async () => {
    const [owner, stranger] = [await createUser(t.app), await createUser(t.app)];
    const form = await createForm(t.app, owner);
    const theirs = await createForm(t.app, stranger);
    const placement = (
      await call(owner, 'POST', `/api/forms/${form.id}/placements`, { name: 'Popup', display: 'popup' })
    ).json<Placement>();
    const body = { name: 'Taken', display: 'bar' };
    expect((await call(stranger, 'GET', `/api/forms/${form.id}/placements`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/forms/${form.id}/placements`, body)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/api/forms/${form.id}/placements/${placement.id}`, body)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/forms/${form.id}/placements/${placement.id}`)).statusCode).toBe(404);
    // Their own page does not reach another page's placement either.
    expect((await call(stranger, 'PUT', `/api/forms/${theirs.id}/placements/${placement.id}`, body)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/forms/${theirs.id}/placements/${placement.id}`)).statusCode).toBe(404);
    expect(await list(owner, form.id)).toEqual([placement]);
  });

  it('are read by a viewer and changed only by roles that edit pages', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const form = await createForm(t.app, owner);
    const [editor, viewer] = [await joinAs(t, owner, 'editor'), await joinAs(t, owner, 'viewer')];
    const made = await call(editor, 'POST', `/api/forms/${form.id}/placements`, { name: 'Popup', display: 'popup' });
    expect(made.statusCode, made.body).toBe(201);
    const placement = made.json<Placement>();
    expect(await list(viewer, form.id)).toEqual([placement]);
    expect((await call(viewer, 'POST', `/api/forms/${form.id}/placements`, { name: 'No', display: 'bar' })).statusCode).toBe(403);
    expect(
      (await call(viewer, 'PUT', `/api/forms/${form.id}/placements/${placement.id}`, { name: 'No', display: 'bar' })).statusCode,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/forms/${form.id}/placements/${placement.id}`)).statusCode).toBe(403);
    expect(await list(owner, form.id)).toEqual([placement]);
  });
});
