import { fileURLToPath } from 'node:url';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { createDb } from '@/server/db/client';
import { openDatabase } from '@/server/db/database';
import { migrateDatabase } from '@/server/db/migrate';
import { createStorage } from '@/server/lib/create-storage';
import { DemoWorkspaceExists, seedDemoWorkspace } from '@tests/kit/demo-workspace';
import { APP_HOST, PUBLIC_HOST } from '@tests/kit/hosts';

/**
 * `npm run seed`: fills the database that `npm start` would use (DATA_DIR's embedded PostgreSQL, or
 * DATABASE_URL) with a demo workspace. Beside a running server it works in that server's embedded
 * PostgreSQL and leaves it running (decision 0065). Emails that the API queues (none for these pages)
 * go out from the running server, or with the next `npm start`.
 */
const say = (msg: string) => console.log(`[seed] ${msg}`);
// The in-process app answers on the hosts the kit's requests name; links are computed when served, never stored.
const config = loadConfig({ ...process.env, APP_URL: `http://${APP_HOST}`, PUBLIC_URL: `http://${PUBLIC_HOST}` });
const database = await openDatabase(config, say, 'command');
let exitCode = 0;
try {
  await migrateDatabase(database.pool);
  const db = createDb(database.pool);
  const storage = await createStorage(config);
  // The seed serves no page: the small fixture web root spares it a build of the web app.
  const webRoot = fileURLToPath(new URL('../tests/fixtures/web', import.meta.url));
  const { app, services } = await buildApp({ config, db, pool: database.pool, storage, webRoot });
  await app.ready();
  try {
    const summary = await seedDemoWorkspace(app, db, services.tokens);
    say(
      `${summary.pages.length} pages, ${summary.leads} leads on ${summary.days} days of the last 90, ${summary.payments} payments`,
    );
    for (const page of summary.pages) say(`  ${page.kind.padEnd(18)} ${page.id}  ${page.title}`);
    say(
      `sign in at ${process.env.APP_URL ?? `http://localhost:${config.port}`}/sign-in as ${summary.owner.email} / ${summary.owner.password}`,
    );
  } finally {
    await app.close();
  }
} catch (err) {
  if (!(err instanceof DemoWorkspaceExists)) throw err;
  console.error(`[seed] ${err.message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
