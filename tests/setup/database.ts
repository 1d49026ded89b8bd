import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from './connection.js';

export interface TestDatabase {
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the template; dropped by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = inject('adminConnection');
  const name = `lodestone_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await client.end();
  const pool = new pg.Pool({ ...withDatabase(admin, name), max: 5 });
  // Dropping the database at the end terminates connections that are still closing; that is expected.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client(admin);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
