import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, type Db } from '@/server/db/client';
import { NUDGE_SPACING_MS, nudgeJobRunners, nudgeJobRunnersSoon } from './jobs.js';

let database: TestDatabase;
let db: Db;
let listener: pg.Client;
const heard: number[] = [];
/** When each of `heard` arrived (performance.now()). */
const heardAt: number[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
  listener = new pg.Client(database.pool.options);
  await listener.connect();
  listener.on('notification', (msg) => {
    heard.push((JSON.parse(msg.payload!) as { count: number }).count);
    heardAt.push(performance.now());
  });
  await listener.query('listen "jobs:insert"');
});
afterAll(async () => {
  await listener.end();
  await database.drop();
});

/** Until the notifications sent so far have arrived: one of our own, on the same channel, comes last. */
async function settled(): Promise<number[]> {
  const before = heard.length;
  await db.$client.query(`select pg_notify('jobs:insert', '{"count":0}')`);
  while (!heard.slice(before).includes(0)) await new Promise((resolve) => setTimeout(resolve, 10));
  const counts = heard.filter((n) => n !== 0);
  heard.length = 0;
  heardAt.length = 0;
  return counts;
}

describe('nudging the job runners', () => {
  it('sends one nudge for a lone caller, and one after another for callers one at a time', async () => {
    await nudgeJobRunners(db);
    await nudgeJobRunners(db);
    expect(await settled()).toEqual([1, 1]);
  });

  it('wakes the runners for many callers at once with a few nudges that count every caller', async () => {
    await Promise.all(Array.from({ length: 40 }, () => nudgeJobRunners(db)));
    const counts = await settled();
    expect(counts.length).toBeLessThanOrEqual(3);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('gives a caller that came while a nudge was on its way the next one, not the one sent before its call', async () => {
    const order: string[] = [];
    const first = nudgeJobRunners(db).then(() => order.push('first'));
    const second = nudgeJobRunners(db).then(() => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(await settled()).toEqual([1, 1]);
  });

  it('wakes the runners for a stream of sign-ups at once, then at most once in each 50 ms, counting every caller', async () => {
    await settled();
    const started = performance.now();
    for (let i = 0; i < 10; i++) nudgeJobRunnersSoon(db);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([1, 9]); // the first at once, the other nine together
    expect(heardAt[1]! - started).toBeGreaterThanOrEqual(NUDGE_SPACING_MS - 1); // once the spacing was up
    heard.length = 0;
    heardAt.length = 0;

    await new Promise((resolve) => setTimeout(resolve, NUDGE_SPACING_MS)); // a quiet spell: the next goes at once
    const lone = performance.now();
    nudgeJobRunnersSoon(db);
    await expect.poll(() => heard.length).toBe(1);
    expect(heardAt[0]! - lone).toBeLessThan(NUDGE_SPACING_MS);
    expect(await settled()).toEqual([1]);
  });
});
