import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { nudgeJobRunners } from '@/server/lib/jobs';
import { isMailServerAway, type Mailer } from '@/server/lib/mailer';
import { SEND_EMAIL_TASK } from './emails.js';

/** The delays between two probes of a mail server that went away: quick at first, then every 30 s. */
export const PROBE_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** The error an email job fails with, without trying, while its mail server is away. */
export const MAIL_SERVER_AWAY = 'The mail server cannot be reached; the email waits until it answers again.';

export interface MailServerWatch {
  /** True from a send that found the mail server away until a probe finds it back. */
  readonly away: boolean;
  /** A send failed with `err`; `log` tells of the outage and of the return. */
  failed(err: unknown, log: Log): void;
  /** A send went through. */
  sent(log: Log): void;
}

type Log = { info(message: string): void; warn(message: string): void };

/**
 * Watches the mail server for the email jobs of one job runner (decision 0068). A send that finds it
 * away (refused, unreachable, silent, 421) marks it away: the email jobs that come up meanwhile fail
 * at once, without a connection (graphile-worker retries each with its backoff), and the server is
 * probed after 1, 2, 5, 10 s, then every 30 s. Once it answers, every email waiting on a failed
 * attempt is due again, so the queue goes out within a probe of the server's return, not at its
 * next backoff (hours away after a long outage). Each still goes through `deliverEach`: none twice.
 *
 * Emails that failed in an earlier process are released at the first send that goes through.
 */
export function watchMailServer(
  db: Db,
  mailer: Mailer,
  { probeDelaysMs = PROBE_DELAYS_MS }: { probeDelaysMs?: number[] } = {},
): MailServerWatch {
  let away = false;
  let releasePending = true;

  const release = async (log: Log) => {
    releasePending = false;
    try {
      const { rows } = await db.execute<{ id: string }>(sql`
        select id from graphile_worker.reschedule_jobs(
          array(select id from graphile_worker.jobs
                where task_identifier = ${SEND_EMAIL_TASK} and attempts > 0 and attempts < max_attempts
                  and locked_at is null and run_at > now()),
          run_at => now())`);
      if (rows.length) {
        log.info(`${rows.length} waiting email(s) are due again`);
        await nudgeJobRunners(db);
      }
    } catch {
      releasePending = true; // the database is away too: the next send that goes through releases them
    }
  };

  const probe = (attempt: number, log: Log) => {
    const delay = probeDelaysMs[Math.min(attempt, probeDelaysMs.length - 1)]!;
    setTimeout(() => {
      mailer.probe!().then(
        () => {
          away = false;
          log.info('the mail server answers again');
          void release(log);
        },
        () => probe(attempt + 1, log),
      );
    }, delay).unref();
  };

  return {
    get away() {
      return away;
    },
    failed(err, log) {
      if (away || !mailer.probe || !isMailServerAway(err)) return;
      away = true;
      // The code only: a server's words may quote an address.
      log.warn(`the mail server is away (${(err as { code?: string }).code ?? 'no answer'}); emails wait for it`);
      probe(0, log);
    },
    sent(log) {
      if (releasePending) void release(log);
    },
  };
}

const watches = new WeakMap<Mailer, MailServerWatch>();

/**
 * The one watch of `mailer`'s server in this thread, shared by everything that sends through it (the
 * email jobs, the follow-ups that send before they commit): an outage one of them finds, all heed.
 * `options` apply when the watch is made, by its first caller.
 */
export function mailServerWatchOf(db: Db, mailer: Mailer, options: { probeDelaysMs?: number[] } = {}): MailServerWatch {
  let watch = watches.get(mailer);
  if (!watch) watches.set(mailer, (watch = watchMailServer(db, mailer, options)));
  return watch;
}
