import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runOnce, type TaskList } from 'graphile-worker';
import { buildApp, type App, type AppDeps } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { createDb, type Db } from '@/server/db/client';
import { devMailbox, type Mailer } from '@/server/lib/mailer';
import { BATCHED_COMPLETION } from '@/server/lib/jobs';
import { createStorage } from '@/server/lib/create-storage';
import type { Storage } from '@/server/lib/storage';
import { createTaskList } from '@/server/tasks';
import { startDns, type DnsStandIn } from '@tests/stand-ins/dns';
import { createTestDatabase } from './database.js';

const quietLogger = new Logger(() => () => {});

export { APP_HOST, PUBLIC_HOST } from '@tests/kit/hosts';
export const fixtureWebRoot = fileURLToPath(new URL('../fixtures/web', import.meta.url));

export interface RunJobsOptions {
  /** Where emails go; the dev mailbox by default. */
  mailer?: Mailer;
  /** More tasks than sending email, e.g. one that queues emails itself. */
  tasks?: TaskList;
}

export interface TestApp extends App {
  config: Config;
  db: Db;
  pool: import('pg').Pool;
  /** Where the app and its jobs keep uploads: DATA_DIR/files, or the bucket that S3_* names. */
  storage: Storage;
  /**
   * Runs the queued jobs as the worker in main.ts would, until none is due, so jobs queued by a job
   * run too (a job that failed waits for its retry). A Mailer alone is accepted as before.
   */
  runJobs(options?: RunJobsOptions | Mailer): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Logger options for buildApp (e.g. a level and a stream to read the log from). */
  logger?: AppDeps['logger'];
  /** Called before the app is ready: the place to add a route only a test needs. */
  beforeReady?: (app: App['app'], db: Db) => void;
  /** Wraps the configured store, e.g. to make its disk full for one key. */
  storage?: (configured: Storage) => Storage;
}

// A sign-up looks its email's domain up in the DNS (features/address-checks), as custom domains do:
// a test app asks a DNS of its own that knows no name (so it sees no internet and refuses no one),
// never the machine's, unless the test names one in DNS_SERVERS.
let emptyDns: Promise<DnsStandIn> | undefined;

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dnsServers = env.DNS_SERVERS ?? (await (emptyDns ??= startDns({}, { unref: true }))).address;
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET: 'test-secret-test-secret-test-secret-0123',
    DNS_SERVERS: dnsServers,
    ...env,
  });
  const db = createDb(database.pool);
  const configured = await createStorage(config);
  const storage = options.storage ? options.storage(configured) : configured;
  const { app, auth, services } = await buildApp({
    config,
    db,
    pool: database.pool,
    storage,
    webRoot: fixtureWebRoot,
    logger: options.logger,
  });
  options.beforeReady?.(app, db);
  await app.ready();
  return {
    app,
    auth,
    services,
    config,
    db,
    pool: database.pool,
    storage,
    async runJobs(options = {}) {
      const { mailer = devMailbox(config.mailFrom), tasks = {} } = 'send' in options ? { mailer: options } : options;
      // Jobs may queue jobs (a submission's follow-up queues its email): run until none is left.
      const taskList = { ...createTaskList(services, mailer), ...tasks };
      await runOnce({ pgPool: database.pool, taskList, logger: quietLogger, preset: { worker: BATCHED_COMPLETION } });
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
