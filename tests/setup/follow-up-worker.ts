/**
 * The job queue with the follow-up sweep and email delivery, alone in a process of its own, as
 * main.ts runs them: for tests that kill it mid-sequence. Reads WORKER_DATABASE (a pg config as JSON),
 * WORKER_NAME (its connections' application_name), SMTP_URL, SECRET and PUBLIC_ORIGIN.
 */
import pg from 'pg';
import { createDb } from '@/server/db/client';
import { FOLLOW_UP_SWEEP_TASK, followUpSweepTask } from '@/server/features/follow-ups/index';
import { SEND_EMAIL_TASK } from '@/server/features/mail/emails';
import { emailJobSealer, sealQueuedEmailsWith } from '@/server/features/mail/sealed-email-job';
import { sendEmailTask } from '@/server/features/mail/send-email.task';
import { startJobRunner } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';
import { createTokens } from '@/server/lib/tokens';

const pool = new pg.Pool({
  ...(JSON.parse(process.env.WORKER_DATABASE!) as pg.PoolConfig),
  application_name: process.env.WORKER_NAME!,
});
pool.on('error', () => {});
pool.on('connect', (client) => client.on('error', () => {}));
const db = createDb(pool);
const secret = process.env.SECRET!;
// The sweep queues emails sealed, as createServices sets it up in a server.
sealQueuedEmailsWith(emailJobSealer(secret));
const mailer = smtpMailer(process.env.SMTP_URL!, 'Lodestone <no-reply@example.com>');
const log = { info() {}, debug() {}, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
await startJobRunner(
  pool,
  {
    [FOLLOW_UP_SWEEP_TASK]: followUpSweepTask({
      db,
      tokens: createTokens(secret),
      publicOrigin: process.env.PUBLIC_ORIGIN!,
      secret,
      sendsPerMinute: 600,
    }),
    [SEND_EMAIL_TASK]: sendEmailTask({ mailer, db, sealer: emailJobSealer(secret) }),
  },
  '',
  log,
);
process.stdout.write('ready\n');
