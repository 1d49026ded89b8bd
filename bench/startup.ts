import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { freePort, ROOT, tempDir } from './lib.js';

/*
 * npm run bench:startup: how long the production server takes to start on a database that exists
 * and is migrated, from its process's start to GET /healthz answering 200 and to its "app at" line.
 * The server runs as `npm start` runs it with NODE_ENV=production (node scripts/start.mjs, which runs
 * dist/server/main.js without building; one row goes through `npm start` itself), on:
 * - the embedded PostgreSQL, in a DATA_DIR that a first start (initdb and migrations, not counted in
 *   the figures; shown on its own) made;
 * - an external PostgreSQL: DATABASE_URL when set (the bench makes a database of its own in it and
 *   drops it after), otherwise another embedded PostgreSQL that the bench starts and reaches by
 *   DATABASE_URL, as a server elsewhere would be.
 * Each start is followed by SIGTERM; the time to exit and the exit code are shown too.
 *
 * The CPU time is the server process's (both its threads; not PostgreSQL's) until /healthz answered:
 * it varies less than the wall time with what else the machine runs, so the load average is printed
 * beside the figures. STARTUP_BENCH_CHRT=1 runs the server at a real-time priority (`chrt -f 10`,
 * as root), which on a busy shared machine comes close to what an idle one gives.
 * STARTUP_BENCH_RUNS: starts per row (default 5). Reference: 2 s (docs/decisions/0056).
 */

const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 5);
const REFERENCE_MS = 2000;
const CHRT = process.env.STARTUP_BENCH_CHRT === '1';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

interface Start {
  healthMs: number;
  appAtMs: number | undefined;
  cpuMs: number | undefined;
  stopMs: number;
  exitCode: number | null;
}

/** User and system time of process `pid` so far (every thread), from /proc. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the server with `command`, waits for /healthz, then stops it with SIGTERM. */
async function startOnce(command: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const urls = { APP_URL: `http://localhost:${port}`, PUBLIC_URL: `http://127.0.0.1:${port}` };
  const argv = CHRT ? ['chrt', '-f', '10', ...command] : command;
  const began = performance.now();
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env, ...urls, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let appAtMs: number | undefined;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (appAtMs === undefined && output.includes('[lodestone] app at ')) appAtMs = performance.now() - began;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.on('exit', (code) => ((exitCode = code), resolve())));

  let healthMs: number | undefined;
  while (healthMs === undefined) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before it answered:\n${output}`);
    if (performance.now() - began > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 120 s:\n${output}`);
    }
    if (await answers(`${urls.APP_URL}/healthz`)) healthMs = performance.now() - began;
    else await sleep(10);
  }
  const cpuMs = cpuMsOf(child.pid!);
  const stopping = performance.now();
  child.kill('SIGTERM');
  await exited;
  return { healthMs, appAtMs, cpuMs, stopMs: performance.now() - stopping, exitCode: exitCode ?? null };
}

/** An external PostgreSQL to start against: DATABASE_URL, or an embedded one standing in for it. */
async function externalDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const name = `lodestone_startup_${randomBytes(4).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async close() {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = tempDir('lodestone-startup-pg-');
  const server = await startEmbeddedPostgres(path.join(dir, 'postgres'), () => undefined);
  const admin = new pg.Client(server.connection);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    // Its Unix socket, as libpq's `host` parameter names it.
    url: `postgres://postgres@localhost:5432/${name}?host=${encodeURIComponent(String(server.connection.host))}`,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const spread = (values: number[]) =>
  `${ms(median(values)).padStart(9)} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

async function row(label: string, command: string[], env: Record<string, string>, runs: number, countCpu = true) {
  const starts: Start[] = [];
  for (let i = 0; i < runs; i += 1) starts.push(await startOnce(command, env));
  const defined = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined);
  const cpu = countCpu ? defined(starts.map((s) => s.cpuMs)) : []; // through npm, the pid is npm's
  const appAt = defined(starts.map((s) => s.appAtMs));
  const codes = [...new Set(starts.map((s) => s.exitCode))].join(', ');
  console.log(
    [
      label.padEnd(34),
      String(runs).padStart(4),
      spread(starts.map((s) => s.healthMs)).padStart(24),
      (appAt.length ? spread(appAt) : '—').padStart(24),
      (cpu.length ? ms(median(cpu)) : '—').padStart(10),
      ms(median(starts.map((s) => s.stopMs))).padStart(9),
      codes.padStart(5),
    ].join('  '),
  );
}

if (!existsSync(path.join(ROOT, 'dist/server/main.js')) || !existsSync(path.join(ROOT, 'dist/web/index.html'))) {
  console.log('building first (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

const production = {
  NODE_ENV: 'production',
  SECRET: randomBytes(32).toString('base64url'),
  // Nothing is sent while the server starts: the mail server is not asked.
  SMTP_URL: 'smtp://127.0.0.1:2525',
};
const startScript = [process.execPath, 'scripts/start.mjs'];
const workDir = tempDir('lodestone-startup-');
const external = await externalDatabase();
try {
  const embedded = { ...production, DATA_DIR: path.join(workDir, 'data') };
  const first = await startOnce(startScript, embedded);
  const firstExternal = await startOnce(startScript, { ...production, DATA_DIR: workDir, DATABASE_URL: external.url });

  const load = loadavg().map((l) => l.toFixed(1));
  console.log(
    `\nLodestone start-up: the compiled server with NODE_ENV=production, on a migrated database${CHRT ? ', at real-time priority (chrt -f 10)' : ''}`,
  );
  console.log(`load average ${load.join(' ')} on ${cpus().length} cores\n`);
  console.log(
    [
      ''.padEnd(34),
      'runs',
      'to /healthz 200, median (min–max)'.padStart(24),
      'to "app at", median (min–max)'.padStart(24),
      'CPU time'.padStart(10),
      'SIGTERM→exit'.padStart(9),
      'exit',
    ].join('  '),
  );
  await row('embedded PostgreSQL (DATA_DIR)', startScript, embedded, RUNS);
  await row(
    process.env.DATABASE_URL ? 'external PostgreSQL (DATABASE_URL)' : 'external PostgreSQL (stand-in)',
    startScript,
    { ...production, DATA_DIR: workDir, DATABASE_URL: external.url },
    RUNS,
  );
  await row(
    'the same, through `npm start`',
    ['npm', 'start', '--silent'],
    { ...production, DATA_DIR: workDir, DATABASE_URL: external.url },
    Math.min(RUNS, 3),
    false,
  );
  console.log(
    `\nfirst starts, not counted above: embedded (initdb, migrations) ${ms(first.healthMs)}, external (migrations) ${ms(firstExternal.healthMs)}`,
  );
  console.log(`reference: ${ms(REFERENCE_MS)} to /healthz on a migrated database (docs/decisions/0056)`);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await external.close();
  rmSync(workDir, { recursive: true, force: true });
}
