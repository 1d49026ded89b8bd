/**
 * The app alone in a process of its own, on a test database, listening on 127.0.0.1 (a free port,
 * printed as `port N`): for tests that kill a server mid-load. Reads SERVER_DATABASE (a pg config as
 * JSON) and SECRET. The public face answers on Host 127.0.0.1:3000 (PUBLIC_URL's test default).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { createDb } from '@/server/db/client';

const pool = new pg.Pool({ ...(JSON.parse(process.env.SERVER_DATABASE!) as pg.PoolConfig), max: 10 });
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lodestone-crash-')),
  SECRET: process.env.SECRET!,
  LOG_LEVEL: 'silent',
});
const webRoot = fileURLToPath(new URL('../fixtures/web', import.meta.url));
const { app } = await buildApp({ config, db: createDb(pool), pool, webRoot, logger: { level: config.logLevel } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
