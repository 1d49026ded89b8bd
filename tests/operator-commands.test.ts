import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_OWNER } from './kit/demo-workspace.js';
import { buildServerCopy } from './kit/built-server.js';
import { listensOn } from './kit/server-process.js';

/*
 * Operator commands beside a running server (house rule 10, docs/decisions/0065): `npm run seed` and
 * `npm run plan` on the DATA_DIR of a server that runs (built as `npm run build` builds it, serving the web fixture) do
 * their work in its embedded PostgreSQL and leave it running; a second server on that DATA_DIR
 * refuses to start instead of stopping the first one's database; with no server, a command starts
 * PostgreSQL for itself and stops it again.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));
const TSX = ['--import', 'tsx'];

let work: string;
let dataDir: string;
let entry: string;
let server: { port: number; child: ChildProcess; output(): string; exited: Promise<number | null> } | undefined;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function envFor(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
}

function health(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', headers: { host: `localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** An operator command (scripts/<name>.ts, as `npm run <name>` runs it), to its end. */
async function command(name: string, args: string[] = []) {
  const run = spawnNode([...TSX, `scripts/${name}.ts`, ...args], { ...envFor(await freePort()), npm_lifecycle_event: name });
  const code = await Promise.race([run.exited, sleep(120_000, 'timed out')]);
  return { code, output: run.output() };
}

/** Queries the server's database through the embedded PostgreSQL's socket in DATA_DIR, as an operator would with psql. */
async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ host: path.join(dataDir, 'postgres'), port: 5432, user: 'postgres', database: 'lodestone' });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const postmasterRunning = () => existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'lodestone-operator-'));
  chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as the postgres user
  dataDir = path.join(work, 'data');
  const root = path.join(work, 'app');
  entry = buildServerCopy(root);
  const port = await freePort();
  const run = spawnNode([entry], envFor(port));
  server = { port, ...run };
  const deadline = Date.now() + 90_000;
  while ((await health(port).catch(() => null))?.status !== 200 || !listensOn(run.child.pid, port)) {
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${run.output()}`);
    await sleep(100);
  }
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, sleep(30_000)]);
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

it(
  'seeds, then sets a plan, in the running server’s database while the server keeps answering',
  { timeout: 240_000 },
  async () => {
    const { port } = server!;
    expect(listensOn(server!.child.pid, port), server!.output()).toBe(true);
    const seeded = await command('seed');
    expect(seeded.output).toContain('pages,');
    expect(seeded.code).toBe(0);
    expect(server!.child.exitCode, server!.output()).toBeNull();
    expect(await health(port)).toEqual({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
    const [owner] = await sql<{ id: string }>('select id from users where email = $1', [DEMO_OWNER.email]);
    expect(owner).toBeDefined();

    const planned = await command('plan', [DEMO_OWNER.email, 'business']);
    expect(planned.output).toContain('is on Business now.');
    expect(planned.code).toBe(0);
    expect(await health(port)).toEqual({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
    const plans = await sql<{ plan: string }>(
      'select o.plan from organizations o join members m on m.organization_id = o.id where m.user_id = $1',
      [owner!.id],
    );
    expect(plans).toEqual([{ plan: 'business' }]);
    expect(server!.child.exitCode).toBeNull();
  },
);

it('refuses a second server on the same DATA_DIR, saying why, and the first keeps answering', { timeout: 120_000 }, async () => {
  const second = spawnNode([entry], envFor(await freePort()));
  const code = await Promise.race([second.exited, sleep(90_000, 'timed out')]);
  expect(code).toBe(1);
  expect(second.output()).toContain('Another Lodestone server');
  expect(await health(server!.port)).toEqual({ status: 200, body: JSON.stringify({ status: 'ok', database: 'up' }) });
});

it('with no server running, a command starts PostgreSQL for itself and stops it again', { timeout: 120_000 }, async () => {
  server!.child.kill('SIGTERM');
  expect(await server!.exited).toBe(0);
  expect(postmasterRunning()).toBe(false);

  const planned = await command('plan', [DEMO_OWNER.email, 'free']);
  expect(planned.output).toContain('is on Free now.');
  expect(planned.code).toBe(0);
  expect(postmasterRunning()).toBe(false);
  expect(readFileSync(path.join(dataDir, 'postgres', 'server.log'), 'utf8')).toContain('database system is shut down');
});
