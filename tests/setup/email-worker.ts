/**
 * The job queue with email delivery, alone in a process of its own, as main.ts runs it: for tests
 * that kill it mid-job. Reads WORKER_DATABASE (a pg config as JSON), WORKER_NAME (its connections'
 * application_name), SMTP_URL and SECRET.
 */
import pg from 'pg';
import { createDb } from '@/server/db/client';
import { SEND_EMAIL_TASK } from '@/server/features/mail/emails';
import { emailJobSealer } from '@/server/features/mail/sealed-email-job';
import { sendEmailTask } from '@/server/features/mail/send-email.task';
import { startJobRunner } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';

const pool = new pg.Pool({
  ...(JSON.parse(process.env.WORKER_DATABASE!) as pg.PoolConfig),
  application_name: process.env.WORKER_NAME!,
});
// The test kills the database's sessions of other processes: their errors are expected.
pool.on('error', () => {});
pool.on('connect', (client) => client.on('error', () => {}));
const db = createDb(pool);
const mailer = smtpMailer(process.env.SMTP_URL!, 'Lodestone <no-reply@example.com>');
const log = { info() {}, debug() {}, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
await startJobRunner(
  pool,
  { [SEND_EMAIL_TASK]: sendEmailTask({ mailer, db, sealer: emailJobSealer(process.env.SECRET!) }) },
  '',
  log,
);
process.stdout.write('ready\n');
