import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the deploy tests make their databases (global-setup.ts picks it). */
    deployAdminUrl: string;
  }
}

/** Where each database made is recorded until dropped: the global teardown drops what a crashed test file left. */
export const databaseDir = (runDir: string) => path.join(runDir, 'databases');

export interface FreshDatabase {
  name: string;
  /** DATABASE_URL for the servers. */
  url: string;
  /** A small pool for the test's own reads. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** An empty database: no tables, no migrations; the servers migrate it as they start. */
export async function createFreshDatabase(): Promise<FreshDatabase> {
  const name = `lodestone_deploy_${randomBytes(5).toString('hex')}`;
  const adminUrl = inject('deployAdminUrl');
  const record = path.join(databaseDir(inject('deployRunDir')), name);
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, '');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
        rmSync(record, { force: true });
      } finally {
        await c.end();
      }
    },
  };
}
