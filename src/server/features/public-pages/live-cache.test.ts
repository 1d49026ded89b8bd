import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, fixtureWebRoot, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { buildApp, type App } from '@/server/app';
import { createDb, type Db } from '@/server/db/client';
import { loadLiveForm, peekLiveForm } from '@/server/features/submissions';

// Two servers on one database: what one does to a page, the other's visitors see within the
// notification's delay (polled, bounded), and the one that did it shows at once.
let a: TestApp;
let b: App & { db: Db; pool: pg.Pool };
let owner: SignedUpUser;

beforeAll(async () => {
  a = await createTestApp();
  const pool = new pg.Pool({ ...a.pool.options, max: 3 });
  pool.on('error', () => {});
  const db = createDb(pool);
  b = { ...(await buildApp({ config: a.config, db, pool, webRoot: fixtureWebRoot })), db, pool };
  await b.app.ready();
  owner = await createUser(a.app);
  await a.db.execute(sql`update organizations set plan = 'pro'`);
  // Both listen before anything is cached.
  for (let i = 0; i < 200 && !(listening(a.db) && listening(b.db)); i++) await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  await b.app.close();
  await b.pool.end();
  await a.close();
});

const listening = (db: Db) => {
  // A lookup of an id that cannot exist is cached only while listening.
  void loadLiveForm(db, 'AAAAAAAAAAAA');
  return peekLiveForm(db, 'AAAAAAAAAAAA') !== undefined;
};
const page = (app: App['app'], id: string) =>
  app.inject({ method: 'GET', url: `/f/${id}`, headers: { host: PUBLIC_HOST, 'user-agent': 'test' } });
const ownerApi = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  a.app.inject({ method, url, headers: { host: APP_HOST, cookie: owner.cookie }, payload });
const onB = (id: string) => ({ timeout: 10_000, message: `server B did not follow ${id}` });
const titleOn = async (app: App['app'], id: string) => {
  const res = await page(app, id);
  return res.statusCode === 200 ? /<title>([^<]*)<\/title>/.exec(res.body)?.[1] : res.statusCode;
};

describe('the live page cache on two servers', () => {
  it('serves a new version, an offline page, a deleted page and a restored one as the database says', async () => {
    const form = await createForm(a.app, owner, { title: 'First title', publish: true });
    expect(await titleOn(a.app, form.id)).toBe('First title');
    expect(await titleOn(b.app, form.id)).toBe('First title');
    await expect // cached on B (a view that overlapped the publication's notification is not kept)
      .poll(async () => (await titleOn(b.app, form.id), peekLiveForm(b.db, form.id)), { timeout: 10_000 })
      .toMatchObject({ id: form.id, version: 1 });

    // A new version.
    const saved = await ownerApi('PUT', `/api/forms/${form.id}`, { config: { ...form.draft, title: 'Second title' } });
    expect(saved.statusCode).toBe(200);
    expect((await ownerApi('POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
    expect(await titleOn(a.app, form.id)).toBe('Second title'); // at once where it was done
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe('Second title');

    // Offline: 410 at once on A, and on B within the notification's delay.
    expect((await ownerApi('PATCH', `/api/forms/${form.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    expect(await titleOn(a.app, form.id)).toBe(410);
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe(410);
    // ...and its form no longer takes a submission on either.
    const post = await b.app.inject({
      method: 'POST',
      url: `/f/${form.id}`,
      headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=x%40example.com',
    });
    expect(post.statusCode).toBe(410);

    // Online again, then deleted: 404.
    expect((await ownerApi('PATCH', `/api/forms/${form.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect(await titleOn(a.app, form.id)).toBe('Second title');
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe('Second title');
    expect((await ownerApi('DELETE', `/api/forms/${form.id}`)).statusCode).toBe(204);
    expect(await titleOn(a.app, form.id)).toBe(404);
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe(404);

    // Restored from Recently deleted: served again.
    expect((await ownerApi('POST', `/api/forms/${form.id}/restore`)).statusCode).toBe(200);
    expect(await titleOn(a.app, form.id)).toBe('Second title');
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe('Second title');
  });

  it('follows a writer that is not the API (a job, a script): the trigger tells every server', async () => {
    const form = await createForm(a.app, owner, { title: 'Direct', publish: true });
    expect(await titleOn(a.app, form.id)).toBe('Direct');
    expect(await titleOn(b.app, form.id)).toBe('Direct');
    await a.db.execute(sql`update forms set status = 'inactive' where id = ${form.id}`);
    await expect.poll(() => titleOn(a.app, form.id), onB(form.id)).toBe(410);
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe(410);
    await a.db.execute(sql`delete from forms where id = ${form.id}`);
    await expect.poll(() => titleOn(b.app, form.id), onB(form.id)).toBe(404);
  });

  it('empties itself when its notification connection is lost, and caches again once it listens again', async () => {
    const form = await createForm(a.app, owner, { title: 'Reconnect', publish: true });
    expect(await titleOn(b.app, form.id)).toBe('Reconnect');
    // A read that overlapped any notification (this page's own publication may still be on its way)
    // is not kept, so B caches the page on a later view.
    await expect
      .poll(async () => (await titleOn(b.app, form.id), peekLiveForm(b.db, form.id)), { timeout: 10_000 })
      .toBeDefined();
    // Every listening connection of this database is cut (both servers'), as a failover would.
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    await expect.poll(() => peekLiveForm(b.db, form.id), { timeout: 10_000 }).toBeUndefined();
    // A change made while nobody listened is still seen: nothing stale survived the reconnection.
    await a.db.execute(sql`update forms set status = 'inactive' where id = ${form.id}`);
    await expect.poll(() => listening(b.db), { timeout: 10_000 }).toBe(true);
    expect(await titleOn(b.app, form.id)).toBe(410);
    expect(peekLiveForm(b.db, form.id)).toEqual({ status: 410, language: 'en' });
  });
});
