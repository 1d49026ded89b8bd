import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import type pg from 'pg';
import type { Config } from './config.js';
import { createDb } from './db/client.js';
import { openJobPool } from './db/database.js';
import { PURGE_ACCOUNTS_CRONTAB } from './features/account/index.js';
import { END_GRACE_PERIODS_CRONTAB } from './features/billing/index.js';
import { CLEANUP_FILES_CRONTAB } from './features/files/index.js';
import { CLEANUP_IMAGES_CRONTAB } from './features/images/index.js';
import { FOLLOW_UP_SWEEP_CRONTAB } from './features/follow-ups/index.js';
import { PURGE_DELETED_FORMS_CRONTAB } from './features/forms/index.js';
import { OWNER_LEAD_DIGEST_CRONTAB } from './features/lead-notifications/index.js';
import { PURGE_EXPIRED_EXPORTS_CRONTAB } from './features/lead-export/index.js';
import { PURGE_EMAIL_DELIVERIES_CRONTAB } from './features/mail/index.js';
import { RELEASE_HELD_LEADS_CRONTAB } from './features/plan-limits/index.js';
import { PURGE_IDEMPOTENCY_KEYS_CRONTAB } from './features/public-api/index.js';
import { PURGE_EXPIRED_LEADS_CRONTAB } from '@/server/features/workspace-privacy';
import { PURGE_VISITOR_TRACES_CRONTAB } from '@/server/features/page-counts';
import { PURGE_WEBHOOK_EVENTS_CRONTAB } from './features/webhooks/index.js';
import { RECHECK_DOMAINS_CRONTAB } from './features/custom-domains/index.js';
import { RECHECK_SENDING_DOMAINS_CRONTAB } from './features/sending-domains/index.js';
import { type JobRunner, startJobRunner } from './lib/jobs.js';
import { devMailbox, smtpMailer } from './lib/mailer.js';
import type { FromJobThread, JobThreadData, ToJobThread } from './start-job-thread.js';
import { createServices } from './services.js';
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
  RECHECK_DOMAINS_CRONTAB,
  RECHECK_SENDING_DOMAINS_CRONTAB,
  FOLLOW_UP_SWEEP_CRONTAB,
].join('\n');

/** The waits before each attempt to start a runner that stopped by itself again; the last repeats. */
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

type Level = 'info' | 'warn' | 'error' | 'debug';
type Log = Record<Level, (msg: string) => void>;

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

/** The job thread's side of `spawnJobThread` (start-job-thread.ts). */
export async function runJobThread(_data: JobThreadData, config: Config): Promise<void> {
  const port = parentPort!;
  const send = (message: FromJobThread) => port.postMessage(message);
  let startWith: (connection: pg.PoolConfig | null) => void = () => undefined;
  const started = new Promise<pg.PoolConfig | null>((resolve) => (startWith = resolve));
  let stopAsked: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stopAsked = resolve));
  // One listener for the thread's life: a 'stop' may come at any time, even while the runner starts.
  port.on('message', (message: ToJobThread) => {
    if (message === 'stop') {
      stopAsked();
      startWith(null);
    } else startWith(message.start);
  });
  const connection = await started;
  if (!connection) return port.close(); // stopped before it was started
  const log = threadLog(send, config.logLevel);
  const pool = openJobPool(connection, log.warn);
  // One SMTP connection per job that may be sending: with a distant mail server, a few connections
  // capped the emails a second however many jobs ran.
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, { connections: JOB_CONCURRENCY })
    : devMailbox(config.mailFrom);
  let runner: JobRunner;
  let startRunner: () => Promise<JobRunner>;
  try {
    const taskList = createTaskList(await createServices(config, createDb(pool)), mailer);
    startRunner = () => startJobRunner(pool, taskList, CRONTAB, log, { concurrency: JOB_CONCURRENCY });
    runner = await startRunner();
  } catch (err) {
    await pool.end().catch(() => undefined);
    mailer.close?.();
    send({ failed: `the job runner could not start: ${err instanceof Error ? err.message : String(err)}` });
    return port.close();
  }
  send({ ready: true });
  let stopping = false;
  // A wait between attempts ends at the stop, or its timer would keep the thread (and the server's stop) waiting.
  const waits = new AbortController();
  const stopNoted = stopped.then(() => {
    stopping = true;
    waits.abort();
  });
  // A runner that stopped by itself (the database restarted or went away) is replaced until the
  // server stops: retried with a growing wait while the database is away (decision 0069).
  const replacing = (async () => {
    for (;;) {
      const why = await Promise.race([runner.ended, stopNoted.then(() => null)]);
      if (why === null || stopping) return;
      log.warn(`the job runner stopped (${why}); starting it again`);
      for (let attempt = 0; ; attempt += 1) {
        const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)];
        await sleep(delay, undefined, { signal: waits.signal }).catch(() => undefined);
        if (stopping) return;
        try {
          runner = await startRunner();
          log.info('the job runner runs again');
          break;
        } catch (err) {
          log.warn(`the job runner could not start again yet (${err instanceof Error ? err.message : String(err)})`);
        }
      }
    }
  })();
  // graphile-worker's graceful stop: no new jobs are taken, and the running ones finish (decision 0056).
  await stopped;
  await replacing;
  try {
    await runner.stop();
    await pool.end();
  } catch (err) {
    log.error(`the job runner did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    // The mail server's pooled connections stay open until it drops them (a minute or more): closed
    // here, or the thread, and the server's stop with it, would wait for that.
    mailer.close?.();
    port.close();
  }
}
