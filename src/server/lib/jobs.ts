import { sql } from 'drizzle-orm';
import { run, type Logger as WorkerLogger, Logger, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Executor } from '../db/client.js';

// graphile-worker retries a failed job with exponential backoff (about exp(attempt) seconds).
const MAX_ATTEMPTS = 25;

/**
 * Queues a job through `executor`: pass the transaction that writes the data causing the job, so
 * the job exists if and only if that data was committed.
 */
export async function addJob(executor: Executor, task: string, payload: unknown): Promise<void> {
  await executor.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, max_attempts => ${MAX_ATTEMPTS})`,
  );
}

export interface JobRunner {
  stop(): Promise<void>;
}

export async function startJobRunner(
  pool: pg.Pool,
  taskList: TaskList,
  crontab: string,
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void; debug(msg: string): void },
): Promise<JobRunner> {
  const logger: WorkerLogger = new Logger(() => (level, message) => {
    if (level === 'error') log.error(message);
    else if (level === 'warning') log.warn(message);
    else if (level === 'info') log.info(message);
    else log.debug(message);
  });
  const runner: Runner = await run({
    pgPool: pool,
    taskList,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 1000,
    crontab,
    logger,
  });
  return { stop: () => runner.stop() };
}
