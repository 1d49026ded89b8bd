import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, type Db } from '@/server/db/client';
import { nudgeJobRunners } from './jobs.js';

let database: TestDatabase;
let db: Db;
let listener: pg.Client;
const heard: number[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
  listener = new pg.Client(database.pool.options);
  await listener.connect();
  listener.on('notification', (msg) => heard.push((JSON.parse(msg.payload!) as { count: number }).count));
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
});
