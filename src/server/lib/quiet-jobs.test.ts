import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, type Db } from '@/server/db/client';
import { statementsDuring } from '@tests/kit/statements';
import { addJob, ensureTask, sendQueuedJobs, transactionQueuingQuietly } from './jobs.js';

// Jobs queued in a transaction of `transactionQueuingQuietly` are inserted without NOTIFY (notifying
// transactions commit one at a time), all in one statement with their writes (decision 0039), and
// the runners are woken once, after the commit.

let database: TestDatabase;
let db: Db;
let listener: pg.Client;
const heard: string[] = [];
const TASK = 'quiet_jobs_test';
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
  await ensureTask(db, TASK);
  listener = new pg.Client(database.pool.options);
  await listener.connect();
  listener.on('notification', (msg) => heard.push(msg.payload!));
  await listener.query('listen "jobs:insert"');
});
afterAll(async () => {
  await listener.end();
  await database.drop();
});

/** The notifications on 'jobs:insert' since the last call, once all sent so far have arrived. */
async function notifications(): Promise<string[]> {
  await db.$client.query(`select pg_notify('jobs:insert', 'end')`);
  while (!heard.includes('end')) await new Promise((resolve) => setTimeout(resolve, 10));
  return heard.splice(0).filter((payload) => payload !== 'end');
}

const jobs = async (marker: string) =>
  (
    await db.execute<{ key: string | null; payload: { n: number }; task: string }>(sql`
      select j.key, j.payload, t.identifier as task from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
      where j.payload->>'marker' = ${marker} order by (j.payload->>'n')::int`)
  ).rows;

describe('a transaction queuing quietly', () => {
  it('inserts its jobs without a notification each, and sends one nudge after the commit', async () => {
    await notifications();
    await transactionQueuingQuietly(db, async (tx) => {
      await addJob(tx, TASK, { marker: 'quiet', n: 1 });
      await addJob(tx, TASK, { marker: 'quiet', n: 2 }, { jobKey: 'quiet:unique-2', uniqueKey: true });
      await addJob(tx, TASK, { marker: 'quiet', n: 3 }, { jobKey: 'quiet:unique-3', uniqueKey: true });
    });
    const rows = await jobs('quiet');
    expect(rows.map((r) => [r.key, r.payload.n, r.task])).toEqual([
      [null, 1, TASK],
      ['quiet:unique-2', 2, TASK],
      ['quiet:unique-3', 3, TASK],
    ]);
    const heardNow = await notifications();
    expect(heardNow).toHaveLength(1);
    expect(JSON.parse(heardNow[0]!)).toMatchObject({ count: 1 });
  });

  it('sends its jobs and their writes in one statement, once the work is done', async () => {
    await db.execute(sql`create table if not exists quiet_jobs_notes (n int primary key)`);
    const seen = await statementsDuring(() =>
      transactionQueuingQuietly(db, async (tx) => {
        for (const n of [1, 2, 3])
          await addJob(tx, TASK, { marker: 'together', n }, { alongside: [sql`insert into quiet_jobs_notes values (${n})`] });
      }),
    );
    const sent = seen.slice(seen.indexOf('begin') + 1, seen.indexOf('commit'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.split('insert into graphile_worker._private_jobs')).toHaveLength(4);
    expect((await jobs('together')).map((r) => r.payload.n)).toEqual([1, 2, 3]);
    expect((await db.execute<{ n: number }>(sql`select n from quiet_jobs_notes order by n`)).rows).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
  });

  it('lets the work read what its jobs wrote once it sent them (sendQueuedJobs)', async () => {
    await db.execute(sql`create table if not exists quiet_jobs_notes (n int primary key)`);
    const read = await transactionQueuingQuietly(db, async (tx) => {
      await addJob(tx, TASK, { marker: 'read-back', n: 1 }, { alongside: [sql`insert into quiet_jobs_notes values (10)`] });
      const before = (await tx.execute(sql`select n from quiet_jobs_notes where n = 10`)).rows.length;
      await sendQueuedJobs(tx);
      const after = (await tx.execute(sql`select n from quiet_jobs_notes where n = 10`)).rows.length;
      return { before, after };
    });
    expect(read).toEqual({ before: 0, after: 1 });
    expect(await jobs('read-back')).toHaveLength(1);
  });

  it('fails whole when one of the writes sent together fails: no job and no write of the others', async () => {
    await db.execute(sql`create table if not exists quiet_jobs_notes (n int primary key)`);
    await db.execute(sql`insert into quiet_jobs_notes values (20) on conflict do nothing`);
    await expect(
      transactionQueuingQuietly(db, async (tx) => {
        await addJob(tx, TASK, { marker: 'one-fails', n: 1 }, { alongside: [sql`insert into quiet_jobs_notes values (21)`] });
        await addJob(tx, TASK, { marker: 'one-fails', n: 2 }, { alongside: [sql`insert into quiet_jobs_notes values (20)`] });
      }),
    ).rejects.toThrow();
    expect(await jobs('one-fails')).toEqual([]);
    expect((await db.execute(sql`select n from quiet_jobs_notes where n = 21`)).rows).toEqual([]);
  });

  it('keeps add_job (and its replacing) for a key that may name a waiting job', async () => {
    await transactionQueuingQuietly(db, async (tx) => {
      await addJob(tx, TASK, { marker: 'keyed', n: 1 }, { jobKey: 'keyed:same' });
      await addJob(tx, TASK, { marker: 'keyed', n: 2 }, { jobKey: 'keyed:same' });
    });
    const rows = await db.execute<{ n: number }>(
      sql`select (payload->>'n')::int as n from graphile_worker._private_jobs where key = 'keyed:same'`,
    );
    expect(rows.rows).toEqual([{ n: 2 }]);
  });

  it('queues nothing and wakes nobody when it rolls back', async () => {
    await notifications();
    await expect(
      transactionQueuingQuietly(db, async (tx) => {
        await addJob(tx, TASK, { marker: 'rolled-back', n: 1 });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await jobs('rolled-back')).toEqual([]);
    expect(await notifications()).toEqual([]);
  });

  it('leaves jobs queued outside it to add_job, with its notification', async () => {
    await notifications();
    await db.transaction((tx) => addJob(tx, TASK, { marker: 'loud', n: 1 }, { jobKey: 'loud:1', uniqueKey: true }));
    expect(await jobs('loud')).toHaveLength(1);
    expect(await notifications()).toHaveLength(1);
  });
});
