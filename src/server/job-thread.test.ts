import { expect, it, vi } from 'vitest';
import { startJobThread } from './job-thread.js';

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
