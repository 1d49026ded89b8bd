import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Database } from './db/database.js';
import { drainHttp } from './drain-http.js';
import { spawnJobThread } from './start-job-thread.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Lodestone cannot start.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** Thrown at a step of the start-up after SIGTERM or SIGINT: the server stops instead of serving. */
const STOPPED_WHILE_STARTING = Symbol('stopped while starting');

async function main() {
  const config = readConfig();
  const logger = { level: config.logLevel };
  const say = (msg: string) => console.log(`[lodestone] ${msg}`);

  // Signals are heard from the start: one that comes while PostgreSQL starts stops it too, instead
  // of killing this process and leaving the embedded PostgreSQL running.
  let signalled: NodeJS.Signals | undefined;
  let signalledAt = 0;
  let serving = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // Ctrl-C under `npm start` comes twice at once (from the terminal, and forwarded by npm).
      if (performance.now() - signalledAt > 500)
        say(`${signal} received again: still stopping (at most ${config.shutdownTimeoutMs / 1000} s in all)`);
      return;
    }
    signalled = signal;
    signalledAt = performance.now();
    say(`${signal} received, stopping`);
    if (serving) stopAndExit(0, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const checkpoint = () => {
    if (signalled) throw STOPPED_WHILE_STARTING;
  };

  // Spawned first, so that it loads its modules while PostgreSQL starts and migrates (decision 0056).
  // Its log lines go to the console until the app's logger exists.
  let jobLog: Record<'info' | 'warn' | 'error' | 'debug', (msg: string) => void> = console;
  const jobThread = spawnJobThread(
    new URL(import.meta.url.endsWith('.ts') ? './job-thread-main.ts' : './job-thread-main.js', import.meta.url),
    {
      info: (msg) => jobLog.info(msg),
      warn: (msg) => jobLog.warn(msg),
      error: (msg) => jobLog.error(msg),
      debug: (msg) => jobLog.debug(msg),
    },
    (why) => {
      console.error(`Lodestone stops: ${why}`);
      stopAndExit(1, 'the job thread ended');
    },
  );
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  // HTTP first (new connections refused, requests in flight answered), then the job thread (running
  // jobs finish), then the database: each waits for the one before, which may still use it.
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const step = (work: Promise<void>) => work.catch((err: unknown) => console.error(err));
      if (app) await step(drainHttp(app));
      await step(jobThread.stop());
      if (database) await step(database.close());
    })());
  /** Stops, then exits with `code`; past SHUTDOWN_TIMEOUT it exits with 1 whatever is still running. */
  const stopAndExit = (code: number, why: string) => {
    const began = performance.now();
    setTimeout(() => {
      console.error(
        `[lodestone] still stopping ${config.shutdownTimeoutMs / 1000} s after ${why} (a request or a job is not done): exiting anyway`,
      );
      // The embedded PostgreSQL is detached from this process: stop it, briefly, rather than leave it running.
      void Promise.race([database?.halt(), sleep(5_000)])
        .catch(() => undefined)
        .finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    void stop().then(() => {
      say(`stopped in ${Math.round(performance.now() - began)} ms`);
      process.exit(code);
    });
  };

  try {
    // The server's modules (most of the start-up's work) are imported here rather than by this
    // module, so they load while the job thread loads its own and PostgreSQL starts (decision 0056).
    const appModules = Promise.all([import('./app.js'), import('./db/client.js'), import('./lib/create-storage.js')]);
    appModules.catch(() => undefined); // awaited below
    const [{ openDatabase }, { migrateDatabase }] = await Promise.all([import('./db/database.js'), import('./db/migrate.js')]);
    // The embedded PostgreSQL is restarted if it dies; where it cannot be, the server exits 1 for its
    // supervisor to restart it rather than answer 500 until someone notices (decision 0069).
    database = await openDatabase(config, say, 'server', (why) => {
      console.error(`Lodestone stops: ${why}`);
      stopAndExit(1, 'the database could not be restarted');
    });
    checkpoint();
    await migrateDatabase(database.pool);
    checkpoint();
    // The runner starts on the migrated database while the app is built.
    const jobsRunning = jobThread.start(database.connection);
    jobsRunning.catch(() => undefined); // awaited below, after the app is built
    const [{ buildApp }, { createDb }, { createStorage }] = await appModules;
    const db = createDb(database.pool);
    const storage = await createStorage(config);
    ({ app } = await buildApp({ config, db, pool: database.pool, storage, logger }));
    jobLog = app.log;
    await jobsRunning;
    checkpoint();
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if (err === STOPPED_WHILE_STARTING) return stopAndExit(0, signalled!);
    await stop();
    throw err;
  }
  serving = true;
  say(`app at ${config.appUrl.origin}, published pages at ${config.publicUrl.origin}`);
  if (!config.smtpUrl) say(`emails go to the dev mailbox: ${config.appUrl.origin}/dev/mail`);
  if (signalled) stopAndExit(0, signalled); // it came while the server started listening
}

main().catch((err: unknown) => {
  console.error('Lodestone failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
