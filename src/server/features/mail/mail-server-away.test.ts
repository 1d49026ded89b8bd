import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import { startJobRunner, type JobRunner } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';
import { queueEmail, SEND_EMAIL_TASK } from './emails.js';
import { MAIL_SERVER_AWAY } from './mail-server-watch.js';
import { emailJobSealer } from './sealed-email-job.js';
import { sendEmailTask } from './send-email.task.js';

// The mail server goes away (its port refuses connections) while emails are queued: they wait, and
// once it listens again they all go out, each once, without waiting for their next backoff.

const quiet = { info() {}, debug() {}, warn() {}, error() {} };
let t: TestApp;
let sink: SmtpSink;
let runner: JobRunner | undefined;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await runner?.stop();
  await sink.close();
  await t.close();
});

const job = (to: string) =>
  ({
    template: 'leadConfirm',
    to,
    props: { businessName: 'Acme', leadMagnetName: 'The Guide', code: '123456', confirmUrl: 'http://127.0.0.1:3000/confirm?t=x' },
  }) as const;

async function waitUntil(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const emailJobs = async () =>
  (
    await t.db.execute<{ attempts: number; last_error: string | null; due: boolean }>(
      sql`select attempts, last_error, run_at <= now() as due from graphile_worker.jobs where task_identifier = ${SEND_EMAIL_TASK}`,
    )
  ).rows;

it('emails queued while the mail server is away go out once it is back, each once, without waiting for their backoff', async () => {
  const addresses = Array.from({ length: 6 }, (_, i) => `away-${i}@example.com`);
  await sink.stop();
  await t.db.transaction(async (tx) => {
    for (const to of addresses) await queueEmail(tx, job(to));
  });
  const tasks = {
    [SEND_EMAIL_TASK]: sendEmailTask({
      mailer: smtpMailer(sink.url, 'Lodestone <no-reply@example.com>'),
      db: t.db,
      sealer: emailJobSealer(t.config.secret),
      probeDelaysMs: [100],
    }),
  };
  runner = await startJobRunner(t.pool, tasks, '', quiet);
  // Each has been tried and failed (the first with the refused connection, the others at once).
  await waitUntil(async () => (await emailJobs()).every((j) => j.attempts >= 1 && j.last_error !== null));
  const failed = await emailJobs();
  expect(failed).toHaveLength(addresses.length);
  expect(failed.some((j) => j.last_error?.includes(MAIL_SERVER_AWAY))).toBe(true);
  expect(sink.accepted).toEqual([]);
  // An outage that went on: graphile-worker's backoff puts the next try of each an hour away.
  await t.db.execute(
    sql`update graphile_worker._private_jobs set attempts = 8, run_at = now() + interval '1 hour' where locked_at is null`,
  );

  await sink.restart();
  await sink.until((accepted) => addresses.every((a) => accepted.some((m) => m.to.includes(a))));
  await waitUntil(async () => (await emailJobs()).length === 0);
  await runner.stop();
  runner = undefined;

  expect(sink.accepted.flatMap((m) => m.to).sort()).toEqual([...addresses].sort()); // each once
  const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from email_deliveries`);
  expect(rows[0]!.n).toBe(addresses.length);
}, 30_000);
