import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/client.js';
import { openDatabase } from './db/database.js';
import { migrateDatabase } from './db/migrate.js';
import { runJobThread, startJobThread, type JobThreadData } from './job-thread.js';
import { localStorage } from './lib/storage.js';

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

async function main() {
  const config = readConfig();
  const logger = { level: config.logLevel };
  const say = (msg: string) => console.log(`[lodestone] ${msg}`);

  const database = await openDatabase(config, say);
  const stops: Array<() => Promise<void>> = [() => database.close()];
  const stop = async () => {
    for (const s of stops) await s().catch((err: unknown) => console.error(err));
  };
  try {
    await migrateDatabase(database.pool);
    const db = createDb(database.pool);
    const storage = localStorage(path.join(config.dataDir, 'files'));
    const { app } = await buildApp({ config, db, pool: database.pool, storage, logger });
    // The job queue runs in a thread of its own, from this module (the branch at the end).
    const jobs = await startJobThread(new URL(import.meta.url), database.connection, app.log, (why) => {
      console.error(`Lodestone stops: ${why}`);
      void stop().then(() => process.exit(1));
    });
    stops.unshift(() => jobs.stop());
    stops.unshift(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    say(`app at ${config.appUrl.origin}, published pages at ${config.publicUrl.origin}`);
    if (!config.smtpUrl) say(`emails go to the dev mailbox: ${config.appUrl.origin}/dev/mail`);
  } catch (err) {
    await stop();
    throw err;
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, stopping`);
    void stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error('Lodestone failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
} else {
  // This module in the job thread that main() starts (job-thread.ts).
  void runJobThread(workerData as JobThreadData, readConfig());
}
