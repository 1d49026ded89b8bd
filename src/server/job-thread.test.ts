import { expect, it, vi } from 'vitest';
import { startJobThread, threadLog } from './job-thread.js';

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
