import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { formAbViews, formDailyStats, formDailyVisitors } from '@/server/db/schema';
import { today } from './daily-stats.js';
import { createViewBuffer } from './view-buffer.js';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const statsOf = async (formId: string) => (await t.db.select().from(formDailyStats).where(eq(formDailyStats.formId, formId)))[0];

describe('the view buffer', () => {
  it('writes many views in one flush: every view, and each visitor of the day once', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const views = createViewBuffer(t.db, { warn: (o, m) => console.error(m, o) }, 60_000);
    for (let i = 0; i < 50; i++) views.add(form.id, `visitor-${i % 7}`);
    expect(await statsOf(form.id)).toBeUndefined();
    await views.flush();
    expect(await statsOf(form.id)).toMatchObject({ views: 50, uniqueVisitors: 7 });
    // A visitor seen in an earlier flush is not new again; a new one is.
    views.add(form.id, 'visitor-1');
    views.add(form.id, 'visitor-new');
    await views.close();
    expect(await statsOf(form.id)).toMatchObject({ views: 52, uniqueVisitors: 8 });
    const visitors = await t.db.select().from(formDailyVisitors).where(eq(formDailyVisitors.formId, form.id));
    expect(visitors).toHaveLength(8);
    expect(visitors.every((v) => v.day === today())).toBe(true);
  });

  it('writes the views of a page under an A/B test per test and variant, in the same flush', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const views = createViewBuffer(t.db, { warn: (o, m) => console.error(m, o) }, 60_000);
    const test = Date.UTC(2031, 5, 1, 9, 30, 0, 123);
    for (let i = 0; i < 10; i++) views.add(form.id, `visitor-${i}`, Date.now(), { startedAt: test, variant: i < 3 ? 'b' : 'a' });
    views.add(form.id, 'visitor-x', Date.now(), { startedAt: test + 1, variant: 'b' }); // a test that started again
    views.add(form.id, 'visitor-y'); // no test
    await views.flush();
    views.add(form.id, 'visitor-0', Date.now(), { startedAt: test, variant: 'b' });
    await views.close();
    expect(await statsOf(form.id)).toMatchObject({ views: 13 });
    const rows = await t.db
      .select({ start: formAbViews.testStartedAt, variant: formAbViews.variant, views: formAbViews.views })
      .from(formAbViews)
      .where(eq(formAbViews.formId, form.id));
    expect(rows.map((r) => [r.start.getTime() - test, r.variant, r.views]).sort()).toEqual([
      [0, 'a', 7],
      [0, 'b', 4],
      [1, 'b', 1],
    ]);
  });

  it('skips the views of a page that no longer exists, and still writes the others', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const views = createViewBuffer(t.db, { warn: (o, m) => console.error(m, o) }, 60_000);
    views.add('f_doesnotexist000000000', 'someone');
    views.add(form.id, 'someone');
    await views.flush();
    expect(await statsOf(form.id)).toMatchObject({ views: 1, uniqueVisitors: 1 });
  });
});

describe('views through the published page', () => {
  it('counts N views of browsers through the app, with the right unique count, and app.close() flushes', async () => {
    const app = await createTestApp();
    try {
      const user = await createUser(app.app);
      const form = await createForm(app.app, user, { publish: true });
      const n = 40;
      for (let i = 0; i < n; i++) {
        const res = await app.app.inject({
          method: 'GET',
          url: `/f/${form.id}`,
          remoteAddress: `192.0.2.${i % 5}`,
          headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
        });
        expect(res.statusCode).toBe(200);
      }
      // A HEAD is not a visit.
      await app.app.inject({ method: 'HEAD', url: `/f/${form.id}`, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } });
      await app.app.close(); // graceful shutdown writes what is buffered
      const [row] = await app.db.select().from(formDailyStats).where(eq(formDailyStats.formId, form.id));
      expect(row).toMatchObject({ views: n, uniqueVisitors: 5 });
    } finally {
      await app.close().catch(() => {});
    }
  });
});
