import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { createTestDatabase } from '@tests/setup/database';
import { startSmtpSink } from '@tests/setup/smtp-sink';
import { createDb } from './db/client.js';
import { emailJobSealer, queueEmail, sealQueuedEmailsWith } from './features/mail/index.js';
import { threadLog } from './job-thread.js';
import { startJobThread } from './start-job-thread.js';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

it('tells once when the job thread ends unasked, and a stop after it returns at once', async () => {
  const ended: string[] = [];
  const thread = await startJobThread(
    new URL('../../tests/fixtures/job-thread/ends-unasked.mjs', import.meta.url),
    {},
    quiet,
    (why) => ended.push(why),
  );
  await vi.waitFor(() => expect(ended).toEqual(["the job runner's thread ended (exit code 3)"]));
  // The server stops everything when told: the thread's part must not wait for an exit long past.
  await thread.stop();
  expect(ended).toHaveLength(1);
});

it("posts the lines the server's logger keeps at its level, and drops the others in the thread", () => {
  const posted: string[] = [];
  const post = ({ log, msg }: { log: string; msg: string }) => posted.push(`${log}: ${msg}`);
  const atWarn = threadLog(post, 'warn');
  atWarn.debug('fetched a job');
  atWarn.info('Completed task 1');
  atWarn.warn('a job failed, will retry');
  atWarn.error('the queue is unreachable');
  expect(posted).toEqual(['warn: a job failed, will retry', 'error: the queue is unreachable']);

  posted.length = 0;
  const atDebug = threadLog(post, 'debug');
  atDebug.debug('fetched a job');
  atDebug.info('Completed task 1');
  expect(posted).toEqual(['debug: fetched a job', 'info: Completed task 1']);

  posted.length = 0;
  threadLog(post, 'silent').error('unseen');
  expect(posted).toEqual([]);
});

it('stops when asked while its mail server keeps the connections open', { timeout: 60_000 }, async () => {
  // A mail server drops an idle connection only after a minute or more (this sink: after 60 s).
  const sink = await startSmtpSink();
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-jobs-'));
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SECRET: 'test-secret-test-secret-test-secret-0123', SMTP_URL: sink.url };
  process.env.JOB_THREAD_ENV = JSON.stringify(env);
  try {
    const thread = await startJobThread(
      new URL('../../tests/fixtures/job-thread/runs-jobs.ts', import.meta.url),
      database.pool.options,
      quiet,
      () => undefined,
    );
    sealQueuedEmailsWith(emailJobSealer(env.SECRET)); // as the app does, with the thread's secret
    await queueEmail(createDb(database.pool), {
      template: 'passwordReset',
      to: 'stop-with-smtp@example.com',
      props: { name: 'Ada', url: 'http://localhost:3000/r/abc', expiresInMinutes: 60 },
    });
    await sink.until((accepted) => accepted.some((m) => m.to.includes('stop-with-smtp@example.com')));
    // Supervisors (systemd, Kubernetes) kill a server still running 30 s after SIGTERM; the thread's
    // stop is part of the server's.
    const stopped = await Promise.race([thread.stop().then(() => 'stopped'), sleep(30_000, 'still running')]);
    expect(stopped).toBe('stopped');
  } finally {
    delete process.env.JOB_THREAD_ENV;
    await sink.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
