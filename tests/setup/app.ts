import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runOnce } from 'graphile-worker';
import { buildApp, type App, type AppDeps } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createDb, type Db } from '../../src/server/db/client.js';
import { SEND_EMAIL_TASK } from '../../src/server/features/mail/emails.js';
import { sendEmailTask } from '../../src/server/features/mail/send-email.task.js';
import { devMailbox, type Mailer } from '../../src/server/lib/mailer.js';
import { createTestDatabase } from './database.js';

const quietLogger = new Logger(() => () => {});

export const APP_HOST = 'localhost:3000';
export const PUBLIC_HOST = '127.0.0.1:3000';
export const fixtureWebRoot = fileURLToPath(new URL('../fixtures/web', import.meta.url));

export interface TestApp extends App {
  config: Config;
  db: Db;
  pool: import('pg').Pool;
  /** Runs every queued job once, as the worker in main.ts would. */
  runJobs(mailer?: Mailer): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Logger options for buildApp (e.g. a level and a stream to read the log from). */
  logger?: AppDeps['logger'];
  /** Called before the app is ready: the place to add a route only a test needs. */
  beforeReady?: (app: App['app'], db: Db) => void;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const db = createDb(database.pool);
  const { app, auth } = await buildApp({ config, db, pool: database.pool, webRoot: fixtureWebRoot, logger: options.logger });
  options.beforeReady?.(app, db);
  await app.ready();
  return {
    app,
    auth,
    config,
    db,
    pool: database.pool,
    async runJobs(mailer = devMailbox(db)) {
      await runOnce({ pgPool: database.pool, taskList: { [SEND_EMAIL_TASK]: sendEmailTask(mailer) }, logger: quietLogger });
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
