import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startSmtpSink } from '../../tests/setup/smtp-sink.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-main-'));
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

it('refuses to start in production without SMTP_URL and SECRET, saying why', { timeout: 70_000 }, () => {
  const run = start({ NODE_ENV: 'production' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Lodestone cannot start.');
  expect(run.stderr).toContain('SMTP_URL: required when NODE_ENV=production');
  expect(run.stderr).toContain('SECRET: required when NODE_ENV=production');
});

it('refuses a bad value before touching the database', { timeout: 70_000 }, () => {
  const run = start({ PORT: 'abc' });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/PORT: .*"abc"/);
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

it('stops at SIGTERM while its mail server keeps the connections open', { timeout: 90_000 }, async () => {
  // A mail server drops an idle connection only after minutes (this sink: never while the test runs).
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-main-'));
  chmodSync(dataDir, 0o755); // run as root, the embedded PostgreSQL runs as 'postgres' and must enter it
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: appUrl,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  let running = true;
  const exited = once(server, 'exit').finally(() => (running = false)) as Promise<[number | null, string | null]>;
  try {
    while (
      running &&
      !(await fetch(`${appUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 200));
    expect(running, 'the server exited before it was ready').toBe(true);
    const post = (pathname: string, body: unknown) =>
      fetch(`${appUrl}/api/auth${pathname}`, {
        method: 'POST',
        headers: { origin: appUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = 'stop-with-smtp@example.com';
    expect((await post('/sign-up/email', { name: 'Ada', email, password: 'a-long-password-1' })).status).toBe(200);
    expect((await post('/request-password-reset', { email, redirectTo: `${appUrl}/reset-password` })).status).toBe(200);
    await sink.until((accepted) => accepted.some((m) => m.to.includes(email)));

    // Supervisors (systemd, Kubernetes) kill a process still running 30 s after SIGTERM.
    server.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(([code]) => ({ code })), sleep(30_000, 'still running')]);
    expect(stopped).toEqual({ code: 0 });
  } finally {
    server.kill('SIGKILL');
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
