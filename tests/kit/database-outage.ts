import pg from 'pg';
import { withDatabase } from '@tests/setup/connection';
import type { TestApp } from '@tests/setup/app';

/**
 * Turns a test app's own database away (as when its PostgreSQL is stopped: no connection is let in,
 * and those open are cut) or lets it answer again. Only ever the test's own database.
 */
export function databaseOutage(t: Pick<TestApp, 'pool'>) {
  const options = t.pool.options;
  const database = String(options.database ?? new URL(String(options.connectionString)).pathname.slice(1));
  return async function databaseUp(up: boolean) {
    const admin = new pg.Client(withDatabase(options, 'postgres'));
    await admin.connect();
    try {
      await admin.query(`alter database ${database} allow_connections ${up}`);
      if (!up) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
      }
    } finally {
      await admin.end();
    }
  };
}
