import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import type pg from 'pg';
import { createDb } from './client.js';

// From src/server/db, or from the bundled server in dist/server (npm start).
const migrationsFolder = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../../migrations' : '../../../migrations', import.meta.url),
);
// Any constant works; it only has to be the same for every Lodestone server sharing a database.
const MIGRATION_LOCK = 7_406_011;

/** Applies our migrations and the job queue's. Servers starting together take turns. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(createDb(pool), { migrationsFolder });
    await runWorkerMigrations({ pgPool: pool });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
