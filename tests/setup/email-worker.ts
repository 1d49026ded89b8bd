/**
 * The job queue with email delivery, alone in a process of its own, as main.ts runs it: for tests
 * that kill it mid-job. Reads WORKER_DATABASE (a pg config as JSON), WORKER_NAME (its connections'
 * application_name), SMTP_URL and SECRET.
 */
import pg from 'pg';
import { createDb } from '../../src/server/db/client.js';
import { SEND_EMAIL_TASK } from '../../src/server/features/mail/emails.js';
import { emailJobSealer } from '../../src/server/features/mail/sealed-email-job.js';
import { sendEmailTask } from '../../src/server/features/mail/send-email.task.js';
import { startJobRunner } from '../../src/server/lib/jobs.js';
import { smtpMailer } from '../../src/server/lib/mailer.js';

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
