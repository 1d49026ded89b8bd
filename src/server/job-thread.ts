import path from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Config } from './config.js';
import { createDb } from './db/client.js';
import { openJobPool } from './db/database.js';
import { PURGE_ACCOUNTS_CRONTAB } from './features/account/index.js';
import { END_GRACE_PERIODS_CRONTAB } from './features/billing/index.js';
import { CLEANUP_FILES_CRONTAB } from './features/files/index.js';
import { CLEANUP_IMAGES_CRONTAB } from './features/images/index.js';
import { PURGE_DELETED_FORMS_CRONTAB } from './features/forms/index.js';
import { OWNER_LEAD_DIGEST_CRONTAB } from './features/lead-notifications/index.js';
import { PURGE_EXPIRED_EXPORTS_CRONTAB } from './features/lead-export/index.js';
import { PURGE_EMAIL_DELIVERIES_CRONTAB } from './features/mail/index.js';
import { RELEASE_HELD_LEADS_CRONTAB } from './features/plan-limits/index.js';
import { PURGE_IDEMPOTENCY_KEYS_CRONTAB } from './features/public-api/index.js';
import { PURGE_EXPIRED_LEADS_CRONTAB } from './features/retention/index.js';
import { PURGE_VISITOR_TRACES_CRONTAB } from './features/view-counting/index.js';
import { PURGE_WEBHOOK_EVENTS_CRONTAB } from './features/webhooks/index.js';
import { startJobRunner } from './lib/jobs.js';
import { devMailbox, smtpMailer } from './lib/mailer.js';
import { localStorage } from './lib/storage.js';
import { createTaskList } from './tasks.js';

/**
 * Jobs run at once in this server (decision 0027): a submission's follow-up and its email each take
 * a job, so 2 at a time fell behind the submissions; each running job holds one pooled connection.
 */
export const JOB_CONCURRENCY = 16;

const CRONTAB = [
  CLEANUP_FILES_CRONTAB,
  CLEANUP_IMAGES_CRONTAB,
  PURGE_DELETED_FORMS_CRONTAB,
  PURGE_EMAIL_DELIVERIES_CRONTAB,
  PURGE_VISITOR_TRACES_CRONTAB,
  PURGE_EXPIRED_LEADS_CRONTAB,
  OWNER_LEAD_DIGEST_CRONTAB,
  PURGE_EXPIRED_EXPORTS_CRONTAB,
  PURGE_WEBHOOK_EVENTS_CRONTAB,
  PURGE_IDEMPOTENCY_KEYS_CRONTAB,
  PURGE_ACCOUNTS_CRONTAB,
  END_GRACE_PERIODS_CRONTAB,
  RELEASE_HELD_LEADS_CRONTAB,
].join('\n');

/** What the server's main thread hands its job thread. */
export interface JobThreadData {
  role: 'jobs';
  /** Where the database is (a pool cannot cross threads). */
  connection: pg.PoolConfig;
}

type Level = 'info' | 'warn' | 'error' | 'debug';
type Log = Record<Level, (msg: string) => void>;
type FromJobThread = { ready: true } | { failed: string } | { log: Level; msg: string };

export interface JobThread {
  /** Lets the running jobs finish, then ends the thread. */
  stop(): Promise<void>;
}

/**
 * Runs the job queue in a thread of its own (decision 0037), started from `entry`: the server's main
 * module, which calls `runJobThread` when it is not the main thread. The thread has its own event
 * loop, so under a burst of requests its jobs (the sign-ups' follow-ups and emails) are not queued
 * behind the requests' callbacks, and the operating system shares the cores between the two threads
 * and PostgreSQL. Its log lines go to `log`. Resolves once the runner runs; `onExit` is called if the
 * thread ends without being asked to.
 */
export function startJobThread(
  entry: URL,
  connection: pg.PoolConfig,
  log: Log,
  onExit: (why: string) => void,
): Promise<JobThread> {
  const data: JobThreadData = { role: 'jobs', connection };
  // Run by tsx (`npm run dev`), the module is TypeScript, and `--import tsx` does not reach worker
  // threads on Node 20: the thread registers tsx itself before it imports the module.
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry.href)}))`, {
        eval: true,
        workerData: data,
      })
    : new Worker(entry, { workerData: data });
  // Known from the start: a thread that already ended (a crash) must not keep a stop waiting.
  const exited = new Promise((r) => worker.once('exit', r));
  let started = false;
  let stopping = false;
  let failed = false;
  return new Promise((resolve, reject) => {
    // Once: a thread that fails also ends ('error', then 'exit').
    const fail = (why: string) => {
      if (failed) return;
      failed = true;
      if (started) onExit(why);
      else reject(new Error(why));
    };
    worker.on('message', (message: FromJobThread) => {
      if ('log' in message) log[message.log](message.msg);
      else if ('failed' in message) fail(message.failed);
      else {
        started = true;
        resolve({
          async stop() {
            stopping = true;
            worker.postMessage('stop');
            await exited;
          },
        });
      }
    });
    worker.on('error', (err) => fail(`the job runner failed: ${err.message}`));
    worker.on('exit', (code) => {
      if (!stopping) fail(`the job runner's thread ended (exit code ${code})`);
    });
  });
}

// pino's levels, which the server's logger filters by (config.logLevel).
const LEVEL_RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * The thread's log: the lines the server's logger keeps at `threshold` are posted to the main
 * thread; the others are dropped here, so a busy queue does not post (and the main thread does not
 * receive) a line per job that nobody will see.
 */
export function threadLog(post: (line: { log: Level; msg: string }) => void, threshold: string): Log {
  const line = (level: Level) =>
    LEVEL_RANK[level]! >= (LEVEL_RANK[threshold] ?? 0) ? (msg: string) => post({ log: level, msg }) : () => undefined;
  return { info: line('info'), warn: line('warn'), error: line('error'), debug: line('debug') };
}

/** The job thread's side of `startJobThread`. */
export async function runJobThread({ connection }: JobThreadData, config: Config): Promise<void> {
  const port = parentPort!;
  const send = (message: FromJobThread) => port.postMessage(message);
  const log = threadLog(send, config.logLevel);
  const pool = openJobPool(connection, log.warn);
  // One SMTP connection per job that may be sending: with a distant mail server, a few connections
  // capped the emails a second however many jobs ran.
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, { connections: JOB_CONCURRENCY })
    : devMailbox(config.mailFrom);
  const storage = localStorage(path.join(config.dataDir, 'files'));
  try {
    const taskList = createTaskList(config, createDb(pool), mailer, storage);
    const runner = await startJobRunner(pool, taskList, CRONTAB, log, { concurrency: JOB_CONCURRENCY });
    port.once('message', () => {
      // The mail server's pooled connections stay open until it drops them (a minute or more): closed
      // here, or the thread, and the server's stop with it, would wait for that.
      void runner
        .stop()
        .then(() => pool.end())
        .finally(() => {
          mailer.close?.();
          port.close();
        });
    });
    send({ ready: true });
  } catch (err) {
    await pool.end().catch(() => undefined);
    send({ failed: `the job runner could not start: ${err instanceof Error ? err.message : String(err)}` });
    port.close();
  }
}
