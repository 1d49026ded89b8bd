import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { formDailyVisitors, visitorSalts } from '@/server/db/schema';
import { createVisitorHasher, purgeVisitorTraces } from './visitor-hash.js';
import { recordView } from './record-view.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const saltOf = async (day: string) => (await t.db.select().from(visitorSalts).where(eq(visitorSalts.day, day)))[0]?.salt;

describe('the visitor hash', () => {
  it('is one value per visitor, page and day, under a random salt of the day that every server shares', async () => {
    const one = createVisitorHasher(t.db);
    const other = createVisitorHasher(t.db); // another server on the same database
    const noon = at('2031-03-01T12:00:00Z');
    const [a, b] = await Promise.all([
      one('page1', '203.0.113.7', 'Firefox', noon),
      other('page1', '203.0.113.7', 'Firefox', noon),
    ]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(await one('page1', '203.0.113.8', 'Firefox', noon)).not.toBe(a);
    expect(await one('page2', '203.0.113.7', 'Firefox', noon)).not.toBe(a);
    expect(await one('page1', '203.0.113.7', 'Chrome', noon)).not.toBe(a);

    const salt = await saltOf('2031-03-01');
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(32);
    const nextDay = await one('page1', '203.0.113.7', 'Firefox', at('2031-03-02T00:00:01Z'));
    expect(nextDay).not.toBe(a);
    expect(await saltOf('2031-03-02')).not.toBe(salt);
  });

  it('does not come from SECRET: with the salt deleted, the same visit hashes differently', async () => {
    const day = at('2031-04-01T08:00:00Z');
    const before = await createVisitorHasher(t.db)('page1', '198.51.100.1', 'Safari', day);
    await t.db.delete(visitorSalts).where(eq(visitorSalts.day, '2031-04-01'));
    const after = await createVisitorHasher(t.db)('page1', '198.51.100.1', 'Safari', day);
    expect(after).not.toBe(before);
  });
});

describe('the hourly purge of visitor traces', () => {
  it('deletes the salts and visitor rows of days before yesterday, and keeps the rest', async () => {
    const form = await createForm(t.app, await createUser(t.app), { publish: true });
    const hash = createVisitorHasher(t.db);
    const days = ['2031-05-01', '2031-05-02', '2031-05-03'];
    for (const day of days) {
      const now = at(`${day}T10:00:00Z`);
      await recordView(t.db, form.id, await hash(form.id, '192.0.2.1', 'Firefox', now), now);
    }
    const visitorDays = async () =>
      (
        await t.db.select({ day: formDailyVisitors.day }).from(formDailyVisitors).where(eq(formDailyVisitors.formId, form.id))
      ).map((r) => r.day);
    expect((await visitorDays()).sort()).toEqual(days);

    // 2031-05-03 00:17: the salt of 05-01 began 48 hours ago.
    await purgeVisitorTraces(t.db, at('2031-05-03T00:17:00Z'));
    expect(await saltOf('2031-05-01')).toBeUndefined();
    expect(await saltOf('2031-05-02')).toBeDefined();
    expect(await saltOf('2031-05-03')).toBeDefined();
    expect((await visitorDays()).sort()).toEqual(['2031-05-02', '2031-05-03']);

    // The day's counts stay: they were summed when the views came.
    const { rows } = await t.db.execute<{ day: string; unique_visitors: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, unique_visitors from form_daily_stats where form_id = ${form.id} order by day`,
    );
    expect(rows).toEqual(days.map((day) => ({ day, unique_visitors: 1 })));
  });
});
