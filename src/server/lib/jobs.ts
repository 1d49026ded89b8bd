import { sql, type SQL } from 'drizzle-orm';
import { run, type Logger as WorkerLogger, Logger, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Executor } from '../db/client.js';
import { holdWorkerLiveness, SWEEP_INTERVAL_MS } from './job-worker-liveness.js';

// graphile-worker retries a failed job with exponential backoff (about exp(attempt) seconds).
const MAX_ATTEMPTS = 25;

/**
 * Queues a job through `executor`: pass the transaction that writes the data causing the job, so
 * the job exists if and only if that data was committed. A `jobKey` names the job so that it can be
 * found and removed later (`removeJob`), e.g. an email to a person whose data is being erased.
 */
export async function addJob(
  executor: Executor,
  task: string,
  payload: unknown,
  options: { jobKey?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<void> {
  await executor.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, max_attempts => ${options.maxAttempts ?? MAX_ATTEMPTS}, job_key => ${options.jobKey ?? null}::text, run_at => ${options.runAt?.toISOString() ?? null}::timestamptz)`,
  );
}

/**
 * `addJob` as an SQL expression (one `graphile_worker.add_job` call), for a statement that queues
 * the job together with the data causing it, e.g. in a data-modifying CTE: the statement is atomic,
 * so the job exists if and only if that data was committed. `payload` is SQL yielding json.
 */
export function addJobCall(task: string, payload: SQL, options: { maxAttempts?: number } = {}): SQL {
  return sql`graphile_worker.add_job(${task}, ${payload}, max_attempts => ${options.maxAttempts ?? MAX_ATTEMPTS})`;
}

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

export interface JobRunner {
  stop(): Promise<void>;
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
  { sweepIntervalMs = SWEEP_INTERVAL_MS, concurrency = 2 }: { sweepIntervalMs?: number; concurrency?: number } = {},
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
      pgPool: pool,
      taskList,
      concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      crontab,
      logger,
      preset: liveness.preset,
    });
  } catch (err) {
    await liveness.stop();
    throw err;
  }
  liveness.startSweeping(sweepIntervalMs);
  return {
    async stop() {
      await runner.stop();
      await liveness.stop();
    },
  };
}
