import path from 'node:path';
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { DashboardStats, FormDetail, FormListPage } from '@/domain/forms-api';
import { files, forms, leads } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { purgeExpiredForms } from './purge-deleted-forms.task.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

function api(user: SignedUpUser, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { host: APP_HOST, cookie: user.cookie }, payload });
}

const visit = (id: string) => t.app.inject({ method: 'GET', url: `/f/${id}`, headers: { host: PUBLIC_HOST } });

/** Leads written straight to the table: this file is about what deleting does to them, not how they arrive. */
async function addLeads(form: FormDetail, n: number) {
  const [row] = await t.db.select({ workspaceId: forms.workspaceId }).from(forms).where(eq(forms.id, form.id));
  await t.db.insert(leads).values(
    Array.from({ length: n }, (_, i) => ({
      formId: form.id,
      workspaceId: row!.workspaceId,
      email: `lead-${i}@example.com`,
      status: 'verified' as const,
    })),
  );
}

const leadCount = async (formId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.formId, formId))
  )[0]!.n;

describe('deleted pages', () => {
  it('go offline and leave the list and stats, keep their leads, and come back exactly as they were', async () => {
    const owner = await createUser(t.app);
    const kept = await createForm(t.app, owner, { title: 'Kept', publish: true });
    const form = await createForm(t.app, owner, { title: 'Deleted', publish: true });
    await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'inactive' });
    await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'active' });
    await addLeads(form, 3);
    await addLeads(kept, 1);
    const listed = (await api(owner, 'GET', '/api/forms')).json<FormListPage>().items.find((f) => f.id === form.id);
    expect(listed).toMatchObject({ leads: 3, deletedAt: null, purgeAt: null });
    expect((await visit(form.id)).statusCode).toBe(200);
    const asItWas = (await api(owner, 'GET', `/api/forms/${form.id}`)).json<FormDetail>();

    const before = Date.now();
    expect((await api(owner, 'DELETE', `/api/forms/${form.id}`)).statusCode).toBe(204);
    expect((await visit(form.id)).statusCode).toBe(404);
    expect((await api(owner, 'GET', `/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await api(owner, 'DELETE', `/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'active' })).statusCode).toBe(404);
    expect((await api(owner, 'POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(404);
    expect((await api(owner, 'GET', '/api/forms')).json<FormListPage>().items.map((f) => f.id)).toEqual([kept.id]);
    expect((await api(owner, 'GET', '/api/forms?status=active')).json<FormListPage>().items.map((f) => f.id)).toEqual([kept.id]);
    expect((await api(owner, 'GET', '/api/forms/stats')).json<DashboardStats>()).toMatchObject({ totalForms: 1, totalLeads: 1 });
    expect(await leadCount(form.id)).toBe(3);

    const deleted = (await api(owner, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items;
    expect(deleted.map((f) => f.id)).toEqual([form.id]);
    const deletedAt = new Date(deleted[0]!.deletedAt!).getTime();
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(deleted[0]!.purgeAt!).getTime() - deletedAt).toBe(30 * DAY_MS);
    expect(deleted[0]).toMatchObject({ leads: 3, status: 'active', published: true });
    expect((await api(owner, 'GET', '/api/forms?status=deleted&q=kept')).json<FormListPage>().items).toEqual([]);

    const restored = await api(owner, 'POST', `/api/forms/${form.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<FormDetail>()).toEqual(asItWas);
    expect((await visit(form.id)).statusCode).toBe(200);
    expect((await api(owner, 'GET', '/api/forms/stats')).json<DashboardStats>()).toMatchObject({ totalForms: 2, totalLeads: 4 });
    expect((await api(owner, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items).toEqual([]);
    expect((await api(owner, 'POST', `/api/forms/${form.id}/restore`)).statusCode).toBe(404);
  });

  it('restore an inactive page as inactive', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { publish: true });
    await api(owner, 'PATCH', `/api/forms/${form.id}/status`, { status: 'inactive' });
    await api(owner, 'DELETE', `/api/forms/${form.id}`);
    expect((await api(owner, 'POST', `/api/forms/${form.id}/restore`)).json<FormDetail>().status).toBe('inactive');
    expect((await visit(form.id)).statusCode).toBe(410);
  });

  it("do not count toward the Free plan's 3 forms, so restoring one needs a free slot", async () => {
    const owner = await createUser(t.app);
    const first = await createForm(t.app, owner, { title: 'One' });
    await createForm(t.app, owner, { title: 'Two' });
    await createForm(t.app, owner, { title: 'Three' });
    expect((await api(owner, 'POST', '/api/forms', { config: publishableConfig(null, 'Four') })).statusCode).toBe(403);
    await api(owner, 'DELETE', `/api/forms/${first.id}`);
    expect((await api(owner, 'POST', '/api/forms', { config: publishableConfig(null, 'Four') })).statusCode).toBe(201);
    const restore = await api(owner, 'POST', `/api/forms/${first.id}/restore`);
    expect(restore.statusCode).toBe(403);
    expect(restore.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect((await api(owner, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items.map((f) => f.id)).toEqual([
      first.id,
    ]);
  });

  it('cannot be restored or deleted from another workspace', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const form = await createForm(t.app, owner, { publish: true });
    const live = await createForm(t.app, owner, { publish: true });
    await api(owner, 'DELETE', `/api/forms/${form.id}`);
    for (const [method, url] of [
      ['POST', `/api/forms/${form.id}/restore`],
      ['DELETE', `/api/forms/${form.id}`],
      ['DELETE', `/api/forms/${live.id}`],
      ['POST', `/api/forms/${live.id}/restore`],
    ] as const) {
      const res = await api(stranger, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await api(stranger, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items).toEqual([]);
    expect((await api(owner, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items.map((f) => f.id)).toEqual([form.id]);
    expect((await visit(live.id)).statusCode).toBe(200);
  });

  it('are purged with their leads and file 30 days after deletion, and not before', async () => {
    const owner = await createUser(t.app);
    const old = await createForm(t.app, owner, { title: 'Old', publish: true });
    const recent = await createForm(t.app, owner, { title: 'Recent', publish: true });
    await addLeads(old, 2);
    await addLeads(recent, 2);
    await api(owner, 'DELETE', `/api/forms/${old.id}`);
    await api(owner, 'DELETE', `/api/forms/${recent.id}`);
    const now = new Date();
    await t.db
      .update(forms)
      .set({ deletedAt: new Date(now.getTime() - 30 * DAY_MS - 60_000) })
      .where(eq(forms.id, old.id));
    await t.db
      .update(forms)
      .set({ deletedAt: new Date(now.getTime() - 29 * DAY_MS) })
      .where(eq(forms.id, recent.id));
    await t.db.update(files).set({ createdAt: new Date(now.getTime() - 40 * DAY_MS) });
    const [oldFile] = await t.db.select().from(files).where(eq(files.id, old.draft.leadMagnet!.id));

    const storage = localStorage(path.join(t.config.dataDir, 'files'));
    expect(await purgeExpiredForms(t.db, storage, now)).toEqual({ forms: 1, files: 1 });

    expect(await t.db.select().from(forms).where(eq(forms.id, old.id))).toEqual([]);
    expect(await leadCount(old.id)).toBe(0);
    expect(await t.db.select().from(files).where(eq(files.id, oldFile!.id))).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, 'files', oldFile!.storageKey))).toBe(false);
    expect(await leadCount(recent.id)).toBe(2);
    expect((await api(owner, 'GET', '/api/forms?status=deleted')).json<FormListPage>().items.map((f) => f.id)).toEqual([
      recent.id,
    ]);
    expect((await api(owner, 'POST', `/api/forms/${old.id}/restore`)).statusCode).toBe(404);
  });
});
