import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServerCopy } from '@tests/kit/built-server';
import { uniqueEmail } from '@tests/kit/data';
import { PUBLIC_HOST } from '@tests/kit/hosts';
import { type PrivatePostgres, startPrivatePostgres } from '@tests/kit/private-postgres';
import {
  call,
  publishPage,
  republishTitle,
  type ServerProcess,
  signUpOwner,
  startServerProcess,
  submitLead,
} from '@tests/kit/server-process';
import { type SmtpSink, startSmtpSink } from '@tests/setup/smtp-sink';

/*
 * docs/decisions/0069: the external database (DATABASE_URL) restarts under a running server. Its
 * pools reconnect, the page cache listens again, and the job runner, which graphile-worker shuts
 * down when it cannot record a job's outcome, is started again (docs/decisions/0069).
 */

let work: string;
let entry: string;
let sink: SmtpSink;
let database: PrivatePostgres;
let server: ServerProcess | undefined;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'lodestone-external-restart-'));
  chmodSync(work, 0o755); // run as root, PostgreSQL runs as the postgres user
  entry = buildServerCopy(path.join(work, 'app'));
  sink = await startSmtpSink();
  database = await startPrivatePostgres(path.join(work, 'postgres'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.stop().catch(() => undefined);
  await sink?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function health(): Promise<{ status: number; body: string }> {
  return (await call(server!, { path: '/healthz' }).catch(() => null)) ?? { status: 0, body: '' };
}

async function until(what: string, done: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms:\n${server!.output()}`);
    await sleep(50);
  }
}

/** Resolves once an email to `to` was accepted; fails after 30 s with the server's log. */
async function mailTo(to: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no email to ${to} within 30 s:\n${server!.output()}`)), 30_000);
  });
  try {
    await Promise.race([sink.until((accepted) => accepted.some((m) => m.to.includes(to))), late]);
  } finally {
    clearTimeout(timer);
  }
}
const page = async (formId: string) => (await call(server!, { path: `/f/${formId}`, host: PUBLIC_HOST })).body;

it(
  'reconnects after its external database restarted: healthy again, the page cache follows changes, jobs run again',
  { timeout: 120_000 },
  async () => {
    server = await startServerProcess(entry, path.join(work, 'data'), {
      DATABASE_URL: database.url('lodestone'),
      SMTP_URL: sink.url,
    });
    const owner = await signUpOwner(server);
    const formId = await publishPage(server, owner, 'Before the restart');
    expect(await page(formId)).toContain('Before the restart');
    const before = uniqueEmail('before-restart');
    expect((await submitLead(server, formId, before)).status).toBe(303);
    await mailTo(before);

    // A job in flight across the restart: the sign-up's email, which the mail server holds.
    const during = uniqueEmail('during-restart');
    const held = sink.stallNextTo(during);
    expect((await submitLead(server, formId, during)).status).toBe(303);
    const mail = await held;

    await database.stop('fast');
    // The job finishes while the database is away: its outcome cannot be written.
    mail.accept();
    const down = await health();
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toMatchObject({ database: 'down' });
    await database.start();
    await until('/healthz 200', async () => (await health()).status === 200);

    // Notifications reach the page cache again: a change published now is what visitors see.
    expect(await page(formId)).toContain('Before the restart');
    await republishTitle(server, owner, formId, 'After the restart');
    expect(await page(formId)).toContain('After the restart');

    const after = uniqueEmail('after-restart');
    expect((await submitLead(server, formId, after)).status).toBe(303);
    await mailTo(after); // the job runner took the follow-up and its email

    const client = new pg.Client({ connectionString: database.url('lodestone') });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>('select email from leads where form_id = $1', [formId]);
      expect(rows.map((r) => r.email).sort()).toEqual([before, during, after].sort());
    } finally {
      await client.end();
    }
  },
);
