import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildServerCopy } from '@tests/kit/built-server';
import { uniqueEmail } from '@tests/kit/data';
import { call, publishPage, type ServerProcess, signUpOwner, startServerProcess, submitLead } from '@tests/kit/server-process';
import { type SmtpSink, startSmtpSink } from '@tests/setup/smtp-sink';

/*
 * docs/decisions/0069: the embedded PostgreSQL killed under a running server (kill -9 of its
 * postmaster, as the out-of-memory killer does) is noticed and restarted by the server, which is
 * healthy again by itself; where it cannot be restarted the server exits 1 for its supervisor
 * (docs/decisions/0069).
 */

let work: string;
let entry: string;
let sink: SmtpSink;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'lodestone-pg-recovery-'));
  chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as the postgres user
  entry = buildServerCopy(path.join(work, 'app'));
  sink = await startSmtpSink();
}, 120_000);

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

afterAll(async () => {
  await sink?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(entry, dataDir, { SMTP_URL: sink.url });
  servers.push(server);
  return server;
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

/** The running postmaster's pid, or null while a restart has removed its pid file. */
const currentPostmasterPid = (dataDir: string) => {
  try {
    return postmasterPid(dataDir);
  } catch {
    return null;
  }
};

/**
 * Polls until a new postmaster (not `killed`) runs and /healthz answers 200; fails after `limitMs`
 * with the statuses seen and the server's log. Right after the kill, /healthz can still answer 200
 * through a backend the dead postmaster left behind, so health alone does not prove the restart.
 */
async function untilRestarted(server: ServerProcess, dataDir: string, killed: number, limitMs: number): Promise<void> {
  const seen: number[] = [];
  const deadline = performance.now() + limitMs;
  for (;;) {
    const status = (await call(server, { path: '/healthz' }).catch(() => null))?.status ?? 0;
    if (seen.at(-1) !== status) seen.push(status);
    const pid = currentPostmasterPid(dataDir);
    if (status === 200 && pid !== null && pid !== killed) return;
    if (performance.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`not healthy after ${limitMs} ms (statuses ${seen.join(', ')}):\n${server.output()}`);
    }
    await sleep(50);
  }
}

const mailTo = (to: string) => sink.until((accepted) => accepted.some((m) => m.to.includes(to)));

it(
  'restarts its embedded PostgreSQL after a kill -9 and takes sign-ups and sends their emails again, with nothing lost',
  { timeout: 120_000 },
  async () => {
    const dataDir = path.join(work, 'data-killed');
    const server = await start(dataDir);
    const owner = await signUpOwner(server);
    const formId = await publishPage(server, owner);
    const before = uniqueEmail('before-kill');
    expect((await submitLead(server, formId, before)).status).toBe(303);
    await mailTo(before);

    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    await untilRestarted(server, dataDir, killed, 30_000);
    expect(server.output()).toMatch(/embedded PostgreSQL stopped unexpectedly/);

    const after = uniqueEmail('after-restart');
    expect((await submitLead(server, formId, after)).status).toBe(303);
    await mailTo(after); // the job runner took the follow-up and its email

    const client = new pg.Client({ host: path.join(dataDir, 'postgres'), port: 5432, user: 'postgres', database: 'lodestone' });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>('select email from leads where form_id = $1', [formId]);
      expect(rows.map((r) => r.email).sort()).toEqual([before, after].sort());
    } finally {
      await client.end();
    }
    expect(server.child.exitCode).toBeNull();
  },
);

it('exits 1 with the reason when its embedded PostgreSQL cannot be started again', { timeout: 120_000 }, async () => {
  const dataDir = path.join(work, 'data-broken');
  const server = await start(dataDir);
  // PostgreSQL refuses to start with a configuration file it cannot read.
  appendFileSync(path.join(dataDir, 'postgres/postgresql.conf'), '\nthis line is not a setting\n');
  process.kill(postmasterPid(dataDir), 'SIGKILL');
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/Lodestone stops: the embedded PostgreSQL could not be restarted after \d+ attempts/);
  expect(server.output()).toContain('syntax error in file');
});
