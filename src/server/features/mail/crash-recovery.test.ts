import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorkerProcess } from '@tests/kit/worker-process';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import { databaseOutage } from '@tests/kit/database-outage';
import { holdWorkerLiveness } from '@/server/lib/job-worker-liveness';
import { startJobRunner, type JobRunner } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';
import { queueEmail, SEND_EMAIL_TASK } from './emails.js';
import { emailJobSealer } from './sealed-email-job.js';
import { sendEmailTask } from './send-email.task.js';

const WORKER_NAME = 'lodestone-email-worker';
const quiet = { info() {}, debug() {}, warn() {}, error() {} };

let t: TestApp;
let sink: SmtpSink;
let child: ChildProcess | undefined;
let restarted: JobRunner | undefined;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await restarted?.stop();
  await sink.close();
  await t.close();
});

const job = (to: string) =>
  ({
    template: 'leadConfirm',
    to,
    props: { businessName: 'Acme', leadMagnetName: 'The Guide', code: '123456', confirmUrl: 'http://127.0.0.1:3000/confirm?t=x' },
  }) as const;

const startWorker = () => startWorkerProcess(t, 'email-worker.ts', WORKER_NAME, { SMTP_URL: sink.url });

it(
  'after kill -9 mid-send, a new worker sends every pending email within a minute, none twice',
  { timeout: 60_000 },
  async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `crash-${i}@example.com`);
    // Both workers (concurrency 2) end up mid-send, so nothing else is in flight when the process dies.
    const stalled = Promise.all([sink.stallNextTo('crash-3@example.com'), sink.stallNextTo('crash-4@example.com')]);
    await t.db.transaction(async (tx) => {
      for (const to of addresses) await queueEmail(tx, job(to));
    });

    child = await startWorker();
    await stalled; // the workers have sent crash-3 and crash-4 in full and wait for the server's answer
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    // PostgreSQL ends the dead process's sessions as soon as it reads their closed sockets.
    await waitUntil(async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${WORKER_NAME}`,
      );
      return rows[0]!.n === 0;
    });
    const { rows: locked } = await t.db.execute(sql`select id from graphile_worker.jobs where locked_by is not null`);
    // The two mid-send and those its local queue had taken but not started yet (decision 0030):
    // graphile-worker alone would leave them all locked for 4 hours.
    expect(locked.length).toBeGreaterThanOrEqual(2);
    expect(sink.accepted.flatMap((m) => m.to).sort()).toEqual([
      'crash-0@example.com',
      'crash-1@example.com',
      'crash-2@example.com',
    ]);

    // A server starting again (or any other server sharing the database) frees them and sends them.
    const tasks = {
      [SEND_EMAIL_TASK]: sendEmailTask({
        mailer: smtpMailer(sink.url, 'Lodestone <no-reply@example.com>'),
        db: t.db,
        sealer: emailJobSealer(t.config.secret),
      }),
    };
    restarted = await startJobRunner(t.pool, tasks, '', quiet);
    await sink.until((accepted) => addresses.every((a) => accepted.some((m) => m.to.includes(a))));
    await restarted.stop();
    restarted = undefined;

    const recipients = sink.accepted.flatMap((m) => m.to).sort();
    expect(recipients).toEqual([...addresses].sort()); // each address exactly once
    const messageIds = sink.accepted.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(addresses.length);
    expect(messageIds.every((id) => /^<[0-9a-f-]{36}@example\.com>$/.test(id ?? ''))).toBe(true);
    const { rows: left } = await t.db.execute(sql`select id from graphile_worker.jobs`);
    expect(left).toEqual([]);
    const { rows: deliveries } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from email_deliveries`);
    expect(deliveries[0]!.n).toBe(addresses.length);
  },
);

it('a server starting or sweeping leaves the jobs of a live worker on another server alone', { timeout: 60_000 }, async () => {
  const addresses = ['busy-0@example.com', 'busy-1@example.com'];
  const held = Promise.all(addresses.map((a) => sink.stallNextTo(a)));
  await t.db.transaction(async (tx) => {
    for (const to of addresses) await queueEmail(tx, job(to));
  });
  child = await startWorker();
  const busy = await held; // both workers of the other server are mid-send
  const lockedBy = async () =>
    (await t.db.execute<{ locked_by: string }>(sql`select locked_by from graphile_worker.jobs order by id`)).rows.map(
      (r) => r.locked_by,
    );
  const before = await lockedBy();
  expect(before).toHaveLength(2);
  expect(before.every(Boolean)).toBe(true);

  const other = await holdWorkerLiveness(t.pool, quiet);
  expect(await other.sweep()).toEqual([]);
  await other.stop();
  expect(await lockedBy()).toEqual(before);

  for (const mail of busy) mail.accept();
  await sink.until((accepted) => addresses.every((a) => accepted.some((m) => m.to.includes(a))));
  expect(
    sink.accepted
      .flatMap((m) => m.to)
      .filter((to) => to.startsWith('busy-'))
      .sort(),
  ).toEqual(addresses);
  child.kill('SIGKILL');
  await once(child, 'exit');
  child = undefined;
});

it('a server whose lock connection dropped takes its lock again and lists its worker pool again', async () => {
  // Workers of the processes the tests above killed may still be listed: this test counts only its own.
  await t.db.execute(sql`delete from job_workers`);
  const runner = await startJobRunner(t.pool, {}, '', quiet);
  try {
    const workers = async () =>
      (
        await t.db.execute<{ worker_id: string; lock_key: string }>(
          sql`select worker_id, lock_key from job_workers order by worker_id`,
        )
      ).rows;
    await waitUntil(async () => (await workers()).length === 1);
    const listed = await workers();
    const lockKey = listed[0]!.lock_key;
    const lockHolder = sql`select pid from pg_locks where locktype = 'advisory' and objsubid = 1 and granted
      and database = (select oid from pg_database where datname = current_database())
      and (classid::bigint << 32) | objid::bigint = ${lockKey}::bigint`;
    const [holder] = (await t.db.execute<{ pid: number }>(lockHolder)).rows;
    expect(holder).toBeDefined();

    await t.db.execute(sql`select pg_terminate_backend(${holder!.pid})`);
    // Meanwhile another server's sweep finds the workers without a lock and unlists them.
    const other = await holdWorkerLiveness(t.pool, quiet);
    await waitUntil(async () => (await other.sweep()).length > 0 || (await workers()).length === 1);
    await other.stop();

    await waitUntil(async () => (await workers()).length === 1 && (await t.db.execute(lockHolder)).rows.length === 1);
    expect(await workers()).toEqual(listed);
  } finally {
    await runner.stop();
  }
  expect((await t.db.execute(sql`select worker_id from job_workers`)).rows).toEqual([]); // a clean stop unlists
});

it('a runner that stopped by itself with a job in hand leaves the job to the next runner, which runs it', async () => {
  await t.db.execute(sql`delete from job_workers`);
  const databaseUp = databaseOutage(t);
  let runs = 0;
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  const taskList = {
    held: async () => {
      runs += 1;
      if (runs === 1) await gate;
    },
  };
  const first = await startJobRunner(t.pool, taskList, '', quiet);
  const second: { runner?: JobRunner } = {};
  try {
    await t.db.execute(sql`select graphile_worker.add_job('held', '{}'::json)`);
    await waitUntil(async () => runs === 1);
    // The database goes away while the job runs: its outcome cannot be written, and the runner stops.
    await databaseUp(false);
    letGo();
    // It comes back while the runner is still stopping (as after a quick restart of PostgreSQL).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await databaseUp(true);
    await first.ended;
    // The job is still marked as the stopped runner's; the next runner frees it and runs it.
    second.runner = await startJobRunner(t.pool, taskList, '', quiet);
    await waitUntil(async () => runs === 2);
    await waitUntil(
      async () => (await t.db.execute(sql`select 1 from graphile_worker.jobs where task_identifier = 'held'`)).rows.length === 0,
    );
  } finally {
    await databaseUp(true);
    await second.runner?.stop();
    await first.stop().catch(() => undefined);
  }
});

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}
