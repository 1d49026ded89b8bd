import { sql, type SQL } from 'drizzle-orm';
import { run, type Logger as WorkerLogger, Logger, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Db, Executor } from '@/server/db/client';
import { holdWorkerLiveness, SWEEP_INTERVAL_MS } from './job-worker-liveness.js';

// graphile-worker retries a failed job with exponential backoff (about exp(attempt) seconds).
const MAX_ATTEMPTS = 25;

export interface JobOptions {
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Writes that go with the job, run in the same statement as data-modifying CTEs (PostgreSQL runs
   * each once and to completion, read or not): one round trip for the job and what records it.
   */
  alongside?: SQL[];
  /**
   * The `jobKey` is new by construction (it holds a random id), so no waiting job can have it: in
   * a transaction of `transactionQueuingQuietly` the job is then inserted without NOTIFY.
   */
  uniqueKey?: boolean;
}

/**
 * Transactions of `transactionQueuingQuietly`, with the writes of their quiet jobs (each job and
 * what goes with it) not sent yet, and the items of their gathered jobs (`addJobItem`), by task.
 */
interface Unsent {
  writes: SQL[];
  gathered: Map<string, { listKey: string; items: unknown[] }>;
}
const quietTransactions = new WeakMap<Executor, Unsent>();

/**
 * Queues a job through `executor`: pass the transaction that writes the data causing the job, so
 * the job exists if and only if that data was committed. A `jobKey` names the job so that it can be
 * found and removed later (`removeJob`), e.g. an email to a person whose data is being erased.
 */
export async function addJob(executor: Executor, task: string, payload: unknown, options: JobOptions = {}): Promise<void> {
  const unsent = quietTransactions.get(executor);
  if (unsent && (options.jobKey === undefined || options.uniqueKey === true)) {
    const { maxAttempts, runAt, jobKey: key } = options;
    unsent.writes.push(...(options.alongside ?? []), quietJob(task, payload, { maxAttempts, runAt, key }));
    return;
  }
  const writes = namedWrites(options.alongside ?? []);
  await executor.execute(
    sql`${writes.length ? sql`with ${sql.join(writes, sql`, `)} ` : sql``}select ${addJobCall(task, payload, options)}`,
  );
}

/**
 * Queues `item` for a job of `task` whose payload is `{ [listKey]: items }`. In a transaction of
 * `transactionQueuingQuietly`, the items queued between two sends share one job (a follow-up batch's
 * events, one dispatch for all of them: decision 0105); elsewhere each item is a job of its own.
 * Either way the job and `alongside` are written if and only if the transaction commits.
 */
export async function addJobItem(executor: Executor, task: string, listKey: string, item: unknown, alongside: SQL[] = []) {
  const unsent = quietTransactions.get(executor);
  if (!unsent) return addJob(executor, task, { [listKey]: [item] }, { alongside });
  unsent.writes.push(...alongside);
  const gathered = unsent.gathered.get(task);
  if (gathered) gathered.items.push(item);
  else unsent.gathered.set(task, { listKey, items: [item] });
}

/**
 * Writes without a job: in a transaction of `transactionQueuingQuietly` they wait and go with the
 * next send of its queued jobs (one statement); elsewhere they are written at once, as one statement.
 */
export async function addWrites(executor: Executor, writes: SQL[]): Promise<void> {
  if (!writes.length) return;
  const unsent = quietTransactions.get(executor);
  if (unsent) unsent.writes.push(...writes);
  else await executor.execute(sql`with ${sql.join(namedWrites(writes), sql`, `)} select 1`);
}

const quietJob = (task: string, payload: unknown, options: Parameters<typeof quietJobInsert>[3] = {}) =>
  quietJobInsert(task, sql`${JSON.stringify(payload)}::json`, sql`(select 1) as one`, options);

/**
 * Runs `work` in a transaction whose jobs (`addJob`, without a key or with a `uniqueKey`) are
 * inserted without NOTIFY, then wakes the job runners once it committed (`nudgeJobRunners`). For
 * work that queues jobs often (a sign-up's follow-up): notifying transactions commit one at a time
 * (see `quietJobInsert`). Like `quietJobInsert`, a task must have run or been registered once.
 *
 * Such a job and its `alongside` writes are not sent at once: they wait, and all that waits goes to
 * the database in one statement when `work` is done (decision 0039). `addJob` resolves before its
 * job is written, so `work` that reads what such a job writes calls `sendQueuedJobs(tx)` first, and
 * must not queue two writes to the same row between two sends (one statement may change a row once).
 */
export async function transactionQueuingQuietly<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    quietTransactions.set(tx, { writes: [], gathered: new Map() });
    const done = await work(tx);
    await sendQueuedJobs(tx);
    return done;
  });
  await nudgeJobRunners(db).catch(() => undefined);
  return result;
}

/**
 * Sends the jobs of a `transactionQueuingQuietly` transaction that are waiting, with their writes,
 * as one statement of data-modifying CTEs (PostgreSQL runs each once, to completion).
 */
export async function sendQueuedJobs(tx: Executor): Promise<void> {
  const unsent = quietTransactions.get(tx);
  if (!unsent) return;
  for (const [task, { listKey, items }] of unsent.gathered) unsent.writes.push(quietJob(task, { [listKey]: items }));
  unsent.gathered.clear();
  if (!unsent.writes.length) return;
  await tx.execute(sql`with ${sql.join(namedWrites(unsent.writes.splice(0)), sql`, `)} select 1`);
}

/** Data-modifying statements as the CTEs of one statement: w0 as (...), w1 as (...), … */
const namedWrites = (writes: SQL[]) => writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);

/** The `graphile_worker.add_job(...)` expression, for a statement that queues a job among other things. */
export function addJobCall(task: string, payload: unknown, options: Omit<JobOptions, 'alongside'> = {}): SQL {
  return sql`graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, max_attempts => ${options.maxAttempts ?? MAX_ATTEMPTS}, job_key => ${options.jobKey ?? null}::text, run_at => ${options.runAt?.toISOString() ?? null}::timestamptz)`;
}

/**
 * A data-modifying CTE body that queues one job per row of `source` (a CTE of the same statement)
 * WITHOUT the NOTIFY that `graphile_worker.add_job` sends. PostgreSQL serialises the commits of
 * every transaction that notifies, disk flush included (a database-wide lock held until after the
 * commit), so under load `add_job` let one submission commit per fsync however many arrived
 * together (decision 0027). This inserts the row `add_jobs` would for a job with no key, no queue
 * and default priority; call `nudgeJobRunners` after the commit so idle workers look at once (busy
 * ones fetch the next job anyway, and the runner polls every second). graphile-worker is pinned
 * (0.16.6): its private table's columns are checked by the tests that run these jobs.
 * The task's row must exist (`ensureTask`); without it the statement fails whole (task_id is NOT NULL).
 */
export function quietJobInsert(
  task: string,
  payload: SQL,
  source: SQL,
  options: { maxAttempts?: number; runAt?: Date; key?: string } = {},
): SQL {
  return sql`
    insert into graphile_worker._private_jobs (job_queue_id, task_id, payload, run_at, max_attempts, key, priority, flags)
    select null, (select t.id from graphile_worker._private_tasks t where t.identifier = ${task}), ${payload},
      coalesce(${options.runAt?.toISOString() ?? null}::timestamptz, now()), ${options.maxAttempts ?? MAX_ATTEMPTS}::smallint,
      ${options.key ?? null}::text, 0, null
    from ${source}
    returning id`;
}

/** Registers a task's identifier as `add_job` does on first use (idempotent). */
export async function ensureTask(executor: Executor, task: string): Promise<void> {
  await executor.execute(sql`insert into graphile_worker._private_tasks (identifier) values (${task}) on conflict do nothing`);
}

/** True when `err` is the failure of `quietJobInsert` on a task not registered yet. */
export const isMissingTask = (err: unknown): boolean => {
  const cause = (err as { cause?: { code?: string; column?: string } })?.cause ?? (err as { code?: string; column?: string });
  return cause?.code === '23502' && cause.column === 'task_id';
};

/**
 * Wakes idle job runners (graphile-worker LISTENs on 'jobs:insert') after jobs were queued by
 * `quietJobInsert`. A transaction that only notifies writes no WAL, so it waits for no disk and
 * holds the notify lock only for an instant. Calls that arrive while a nudge is on its way share
 * the next one (sent once that one is back, so it follows every caller's commit): under load one
 * statement wakes the runners for many submissions, and a lone caller still sends its own.
 */
export function nudgeJobRunners(executor: Executor, callers = 1): Promise<void> {
  let state = nudges.get(executor);
  if (!state) nudges.set(executor, (state = { sending: null, next: null, waiting: 0 }));
  const s = state;
  s.waiting += callers;
  if (!s.sending) return sendNudge(executor, s);
  s.next ??= s.sending
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      s.next = null;
      return sendNudge(executor, s);
    });
  return s.next;
}

interface NudgeState {
  sending: Promise<void> | null;
  next: Promise<void> | null;
  /** Callers since the last nudge went out: the runners to wake. */
  waiting: number;
}
const nudges = new WeakMap<Executor, NudgeState>();

function sendNudge(executor: Executor, s: NudgeState): Promise<void> {
  const count = s.waiting;
  s.waiting = 0;
  const sending = executor
    .execute(sql`select pg_notify('jobs:insert', ${JSON.stringify({ r: Math.random(), count })})`)
    .then(() => undefined)
    .finally(() => {
      if (s.sending === sending) s.sending = null;
    });
  s.sending = sending;
  return sending;
}

/** The least time between two nudges of `nudgeJobRunnersSoon`. */
export const NUDGE_SPACING_MS = 50;

/**
 * `nudgeJobRunners` for callers that queue jobs many times a second (each sign-up), without
 * waiting: the first call after a quiet spell nudges at once, and the calls within NUDGE_SPACING_MS
 * of a nudge share the next, sent when that time is up. Under a spike the runners are woken twenty
 * times a second, not once a sign-up, and find the jobs waiting together (fewer fetches, bigger
 * batches); a lone sign-up's job is looked at as soon as it was committed. A nudge lost with the
 * process costs nothing: the runners poll every second.
 */
export function nudgeJobRunnersSoon(executor: Executor): void {
  let state = spaced.get(executor);
  if (!state) spaced.set(executor, (state = { timer: null, last: -Infinity, waiting: 0 }));
  const s = state;
  s.waiting += 1;
  if (s.timer) return;
  const send = () => {
    s.timer = null;
    s.last = performance.now();
    const callers = s.waiting;
    s.waiting = 0;
    nudgeJobRunners(executor, callers).catch(() => undefined);
  };
  const wait = s.last + NUDGE_SPACING_MS - performance.now();
  if (wait <= 0) send();
  else s.timer = setTimeout(send, wait).unref();
}
const spaced = new WeakMap<Executor, { timer: NodeJS.Timeout | null; last: number; waiting: number }>();

/**
 * Removes a queued job by its key. A job a worker holds right now cannot be deleted: graphile-worker
 * lets it finish and never retries it. True only when a waiting job was deleted.
 */
export async function removeJob(executor: Executor, jobKey: string): Promise<boolean> {
  const result = await executor.execute<{ id: string | null; locked_at: string | null }>(
    sql`select id, locked_at from graphile_worker.remove_job(${jobKey})`,
  );
  return result.rows.some((row) => row.id !== null && row.locked_at === null);
}

/**
 * The runner takes jobs in batches (decision 0030): one query locks up to twice `concurrency` waiting
 * jobs for this process, and the jobs that finish together are deleted by one query, instead of a
 * query and a commit per job for each. Jobs taken but not started are handed back at a clean stop,
 * and freed by the liveness sweep after a crash, like running ones.
 */
const LOCAL_QUEUE = (concurrency: number) => ({ localQueue: { size: 2 * concurrency }, ...BATCHED_COMPLETION });

/**
 * Finished jobs are deleted (failed ones rescheduled) in batches, and a stopping runner writes its
 * last batch before it resolves. (Unbatched, graphile-worker 0.17 writes them without waiting, so a
 * `runOnce` could return before its last job was marked.)
 */
export const BATCHED_COMPLETION = { completeJobBatchDelay: 0, failJobBatchDelay: 0 };

/**
 * Jobs finished by one runner between two vacuums of the queue's table (decision 0097). A burst
 * leaves the deleted jobs at the head of the index every fetch walks; vacuumed this often, each
 * fetch walks a few hundred at most, and an idle server's PostgreSQL is not woken for it.
 */
export const VACUUM_AFTER_JOBS = 500;

/**
 * Vacuums the job table after every `after` jobs `runner` finished, one vacuum at a time, skipped
 * when another server's is under way (`skip_locked`). A vacuum that fails (a role that may not) is
 * logged and the next is tried as usual; autovacuum still visits the table on its own schedule.
 */
function vacuumAfterChurn(pool: pg.Pool, runner: Runner, log: Log, after = VACUUM_AFTER_JOBS) {
  let finished = 0;
  let vacuum: Promise<void> | undefined;
  runner.events.on('job:complete', () => {
    if (++finished < after || vacuum) return;
    finished = 0;
    vacuum = pool
      .query('vacuum (skip_locked) graphile_worker._private_jobs')
      .then(
        () => undefined,
        (err: unknown) => log.warn(`vacuuming the job queue failed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => (vacuum = undefined));
  });
  /** The vacuum under way, if any, settled. */
  return { settled: () => vacuum ?? Promise.resolve() };
}

export interface JobRunner {
  stop(): Promise<void>;
  /**
   * Settles, with why, if the runner stops by itself: graphile-worker shuts its worker pool down when
   * it cannot write a job's outcome (a database that restarted or went away, decision 0069), and
   * then takes no more jobs. Its liveness lock is let go by then; the caller starts a new runner.
   */
  ended: Promise<string>;
}

type Log = { info(msg: string): void; warn(msg: string): void; error(msg: string): void; debug(msg: string): void };

/**
 * Runs the job queue in this process. Jobs left locked by a worker that died (kill -9, a lost
 * machine) on this or any other server are freed at start and within `sweepIntervalMs` after.
 * `concurrency`: jobs run at once; each holds a pooled connection while its transaction is open.
 */
export async function startJobRunner(
  pool: pg.Pool,
  taskList: TaskList,
  crontab: string,
  log: Log,
  {
    sweepIntervalMs = SWEEP_INTERVAL_MS,
    concurrency = 2,
    vacuumAfterJobs = VACUUM_AFTER_JOBS,
  }: { sweepIntervalMs?: number; concurrency?: number; vacuumAfterJobs?: number } = {},
): Promise<JobRunner> {
  const logger: WorkerLogger = new Logger(() => (level, message) => {
    if (level === 'error') log.error(message);
    else if (level === 'warning') log.warn(message);
    else if (level === 'info') log.info(message);
    else log.debug(message);
  });
  const liveness = await holdWorkerLiveness(pool, log);
  let runner: Runner;
  try {
    await liveness.sweep();
    runner = await run({
      ...liveness.runOptions,
      taskList,
      concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      crontab,
      logger,
      preset: { worker: LOCAL_QUEUE(concurrency) },
    });
  } catch (err) {
    await liveness.stop();
    throw err;
  }
  liveness.startSweeping(sweepIntervalMs);
  const vacuums = vacuumAfterChurn(pool, runner, log, vacuumAfterJobs);
  let stopping: Promise<void> | undefined;
  const ended = runner.promise.then(
    () => 'its worker pool shut down',
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  return {
    ended: ended.then(async (why) => {
      // Asked to stop, it never settles: nothing ended by itself.
      if (stopping) return new Promise<string>(() => undefined);
      // Its jobs may still be locked by it: left listed, the next runner's first sweep frees them.
      stopping = liveness.abandon().catch(() => undefined);
      await stopping;
      return why;
    }),
    stop: () =>
      (stopping ??= (async () => {
        // One that stopped by itself a moment ago says so; there is nothing more to stop.
        await runner.stop().catch((err: unknown) => {
          if (!String(err).includes('already stopped')) throw err;
        });
        await vacuums.settled();
        await liveness.stop();
      })()),
  };
}
