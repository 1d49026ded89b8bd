import { loadConfig } from '@/server/config';
import { createDb } from '@/server/db/client';
import { openDatabase } from '@/server/db/database';
import { migrateDatabase } from '@/server/db/migrate';
import { billingDeps, PlanCommandError, setPlanAsOperator } from '@/server/features/billing/index';

/**
 * `npm run plan -- <workspace> <free|pro|business>`: an operator sets a workspace's plan on a server
 * without billing (no BILLING_*). <workspace> is its id, its slug or its only owner's email. It
 * uses the database `npm start` would (DATA_DIR's embedded PostgreSQL, or DATABASE_URL). Beside a
 * running server it works in that server's embedded PostgreSQL and leaves it running (decision 0065).
 */
const [reference, plan] = process.argv.slice(2);
if (!reference || !plan) {
  console.error('Usage: npm run plan -- <workspace id, slug or owner email> <free|pro|business>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config, (msg) => console.log(`[plan] ${msg}`), 'command');
let exitCode = 0;
try {
  await migrateDatabase(database.pool);
  console.log(await setPlanAsOperator(billingDeps(config, createDb(database.pool)), reference, plan));
} catch (err) {
  if (!(err instanceof PlanCommandError)) throw err;
  console.error(err.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
