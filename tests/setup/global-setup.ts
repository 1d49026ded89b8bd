import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { migrateDatabase } from '@/server/db/migrate';
import { TEMPLATE_DATABASE, withDatabase } from './connection.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminConnection: pg.PoolConfig;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set, otherwise the embedded one in a
 * temporary directory. A template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let admin: pg.PoolConfig;
  let stopEmbedded = async () => {};
  const externalUrl = process.env.TEST_DATABASE_URL;
  if (externalUrl) {
    admin = { connectionString: externalUrl };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'lodestone-test-'));
    chmodSync(dir, 0o755); // the embedded server may run as the postgres user
    const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), () => {});
    admin = embedded.connection;
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await client.query(`create database ${TEMPLATE_DATABASE}`);
  const template = new pg.Pool({ ...withDatabase(admin, TEMPLATE_DATABASE), max: 2 });
  template.on('error', () => {});
  template.on('connect', (c) => c.on('error', () => {}));
  await migrateDatabase(template);
  await template.end();

  project.provide('adminConnection', admin);
  return async () => {
    await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await client.end();
    await stopEmbedded();
  };
}
