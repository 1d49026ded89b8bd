import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/client.js';
import { openDatabase } from './db/database.js';
import { migrateDatabase } from './db/migrate.js';
import { CLEANUP_FILES_CRONTAB } from './features/files/index.js';
import { PURGE_DELETED_FORMS_CRONTAB } from './features/forms/index.js';
import { OWNER_LEAD_DIGEST_CRONTAB } from './features/lead-notifications/index.js';
import { PURGE_EXPIRED_EXPORTS_CRONTAB } from './features/lead-export/index.js';
import { PURGE_EMAIL_DELIVERIES_CRONTAB } from './features/mail/index.js';
import { PURGE_IDEMPOTENCY_KEYS_CRONTAB } from './features/public-api/index.js';
import { PURGE_EXPIRED_LEADS_CRONTAB } from './features/retention/index.js';
import { PURGE_VISITOR_TRACES_CRONTAB } from './features/view-counting/index.js';
import { PURGE_WEBHOOK_EVENTS_CRONTAB } from './features/webhooks/index.js';
import { startJobRunner } from './lib/jobs.js';
import { devMailbox, smtpMailer } from './lib/mailer.js';
import { localStorage } from './lib/storage.js';
import { createTaskList } from './tasks.js';
import path from 'node:path';

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

/**
 * Jobs run at once in this server (decision 0027): a submission's follow-up and its email each take
 * a job, so 2 at a time fell behind the submissions; each running job holds one pooled connection.
 */
const JOB_CONCURRENCY = 16;

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
    // One SMTP connection per job that may be sending: with a distant mail server, a few connections
    // capped the emails a second however many jobs ran.
    const mailer = config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom, { connections: JOB_CONCURRENCY })
      : devMailbox(config.mailFrom);
    const storage = localStorage(path.join(config.dataDir, 'files'));
    const { app } = await buildApp({ config, db, pool: database.pool, storage, logger });
    const crontab = [
      CLEANUP_FILES_CRONTAB,
      PURGE_DELETED_FORMS_CRONTAB,
      PURGE_EMAIL_DELIVERIES_CRONTAB,
      PURGE_VISITOR_TRACES_CRONTAB,
      PURGE_EXPIRED_LEADS_CRONTAB,
      OWNER_LEAD_DIGEST_CRONTAB,
      PURGE_EXPIRED_EXPORTS_CRONTAB,
      PURGE_WEBHOOK_EVENTS_CRONTAB,
      PURGE_IDEMPOTENCY_KEYS_CRONTAB,
    ].join('\n');
    const jobDb = createDb(database.jobPool);
    const jobs = await startJobRunner(database.jobPool, createTaskList(config, jobDb, mailer, storage), crontab, app.log, {
      concurrency: JOB_CONCURRENCY,
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

main().catch((err: unknown) => {
  console.error('Lodestone failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
