import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, type Db } from '@/server/db/client';
import { addJob, startJobRunner } from './jobs.js';

// The runner vacuums the job table itself after every so many finished jobs (decision 0097), so a
// burst's deleted jobs do not slow each fetch until autovacuum's next visit.

const quiet = { info() {}, debug() {}, warn() {}, error() {} };
const TASK = 'vacuum_test';
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
});
afterAll(async () => {
  await database.drop();
});

/** Manual vacuums of the job table so far (autovacuum's are counted apart). */
const vacuums = async () =>
  Number(
    (
      await database.pool.query(
        `select vacuum_count from pg_stat_user_tables where schemaname = 'graphile_worker' and relname = '_private_jobs'`,
      )
    ).rows[0]?.vacuum_count ?? 0,
  );

async function runJobs(count: number, vacuumAfterJobs: number) {
  let done = 0;
  const runner = await startJobRunner(database.pool, { [TASK]: async () => void done++ }, '', quiet, { vacuumAfterJobs });
  try {
    for (let n = 0; n < count; n++) await addJob(db, TASK, { n });
    for (let waited = 0; done < count && waited < 15_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(count);
  } finally {
    await runner.stop();
  }
}

it('does not vacuum the job table while fewer jobs than its threshold finished', async () => {
  const before = await vacuums();
  await runJobs(6, 1000);
  expect(await vacuums()).toBe(before);
});

it('vacuums the job table once as many jobs as its threshold finished, and its stop waits for the vacuum', async () => {
  const before = await vacuums();
  await runJobs(6, 3);
  // The stop settled the vacuum under way: its count is reported by then.
  expect(await vacuums()).toBeGreaterThan(before);
});
