import { Worker } from 'node:worker_threads';
import type pg from 'pg';

// The main thread's side of the job thread (job-thread.ts is the thread's): this file imports nothing
// heavy, so main.ts can spawn the thread before it loads the rest of the server (decision 0056).

/** What the server's main thread hands its job thread when it starts it. */
export interface JobThreadData {
  role: 'jobs';
}

type Level = 'info' | 'warn' | 'error' | 'debug';
type Log = Record<Level, (msg: string) => void>;
export type FromJobThread = { ready: true } | { failed: string } | { log: Level; msg: string };
/** The thread's runner starts on `start` (where the database is: a pool cannot cross threads); 'stop' ends it. */
export type ToJobThread = { start: pg.PoolConfig } | 'stop';

export interface JobThread {
  /** Lets the running jobs finish, then ends the thread. */
  stop(): Promise<void>;
}

export interface SpawnedJobThread extends JobThread {
  /** Starts the runner against the (migrated) database at `connection`; resolves once it runs. */
  start(connection: pg.PoolConfig): Promise<JobThread>;
}

/**
 * Runs the job queue in a thread of its own (decision 0037), started from `entry`: a module that calls
 * `runJobThread` (job-thread-main.ts for the server, decision 0056). The thread has its own event
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
  return spawnJobThread(entry, log, onExit).start(connection);
}

/**
 * `startJobThread` in two steps (decision 0056): the thread is spawned at once and loads its modules
 * (a second copy of the server's, most of a second) while the main thread starts the database and
 * migrates it; `start` then hands it the database. `stop` may come at any time, before `start` too.
 */
export function spawnJobThread(entry: URL, log: Log, onExit: (why: string) => void): SpawnedJobThread {
  const data: JobThreadData = { role: 'jobs' };
  // Run by tsx (`npm run dev`), the module is TypeScript, and `--import tsx` does not reach worker
  // threads on Node 20: the thread registers tsx itself before it imports the module.
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry.href)}))`, {
        eval: true,
        workerData: data,
      })
    : new Worker(entry, { workerData: data });
  const tell = (message: ToJobThread) => worker.postMessage(message);
  // Known from the start: a thread that already ended (a crash) must not keep a stop waiting.
  const exited = new Promise((r) => worker.once('exit', r));
  let ready = false;
  let stopping = false;
  let failure: string | undefined;
  let waiting: { resolve(): void; reject(err: Error): void } | undefined;
  const handle: JobThread = {
    async stop() {
      stopping = true;
      tell('stop');
      await exited;
    },
  };
  // Once: a thread that fails also ends ('error', then 'exit'). Before the runner runs, the failure is
  // the answer to `start`; after, `onExit` tells it.
  const fail = (why: string) => {
    if (failure !== undefined) return;
    failure = why;
    if (ready) onExit(why);
    else waiting?.reject(new Error(why));
  };
  worker.on('message', (message: FromJobThread) => {
    if ('log' in message) log[message.log](message.msg);
    else if ('failed' in message) fail(message.failed);
    else {
      ready = true;
      waiting?.resolve();
    }
  });
  worker.on('error', (err) => fail(`the job runner failed: ${err.message}`));
  worker.on('exit', (code) => {
    if (!stopping) fail(`the job runner's thread ended (exit code ${code})`);
  });
  return {
    ...handle,
    start(connection) {
      tell({ start: connection });
      return new Promise<JobThread>((resolve, reject) => {
        if (failure !== undefined) reject(new Error(failure));
        else if (ready) resolve(handle);
        else waiting = { resolve: () => resolve(handle), reject };
      });
    },
  };
}
