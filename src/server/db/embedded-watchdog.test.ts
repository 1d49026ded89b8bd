import { expect, it, vi } from 'vitest';
import type { OwnedPostgres } from './embedded.js';
import { watchEmbeddedPostgres, type WatchdogLimits } from './embedded-watchdog.js';

/*
 * The watchdog's limits (docs/decisions/0069), on a stand-in for the embedded PostgreSQL: the real
 * one killed and restarted is embedded-recovery.test.ts's.
 */

const LIMITS: WatchdogLimits = { pollMs: 5, retryDelaysMs: [0, 5, 5], maxRestarts: 2, windowMs: 60_000 };

/** A PostgreSQL that is down after each `kill()` until restarted; `failing` restarts reject. */
function standIn(failing = false) {
  let up = true;
  const postgres: OwnedPostgres & { restarts: number; kill(): void } = {
    restarts: 0,
    running: () => up,
    async restart() {
      if (failing) throw new Error('FATAL:  could not open file "global/pg_control"');
      postgres.restarts += 1;
      up = true;
    },
    kill: () => (up = false),
  };
  return postgres;
}

it('restarts a PostgreSQL found stopped, and gives up on one that keeps dying', async () => {
  const postgres = standIn();
  const giveUp = vi.fn();
  const lines: string[] = [];
  const watchdog = watchEmbeddedPostgres(postgres, (msg) => lines.push(msg), giveUp, LIMITS);
  for (const restarts of [1, 2]) {
    postgres.kill();
    await vi.waitFor(() => expect(postgres.restarts).toBe(restarts));
  }
  expect(giveUp).not.toHaveBeenCalled();
  postgres.kill(); // a third death within the window
  await vi.waitFor(() => expect(giveUp).toHaveBeenCalledOnce());
  expect(giveUp.mock.calls[0]![0]).toMatch(/stopped unexpectedly 3 times within 1 minute;/);
  expect(postgres.restarts).toBe(2);
  expect(lines.filter((l) => l.includes('stopped unexpectedly; restarting it'))).toHaveLength(2);
  await watchdog.stop();
});

it('gives up with PostgreSQL’s own words after the last attempt to start it fails', async () => {
  const postgres = standIn(true);
  const giveUp = vi.fn();
  const lines: string[] = [];
  const watchdog = watchEmbeddedPostgres(postgres, (msg) => lines.push(msg), giveUp, LIMITS);
  watchdog.check(); // nothing to do while it runs
  postgres.kill();
  watchdog.check();
  await vi.waitFor(() => expect(giveUp).toHaveBeenCalledOnce());
  expect(giveUp.mock.calls[0]![0]).toBe(
    'the embedded PostgreSQL could not be restarted after 3 attempts: FATAL:  could not open file "global/pg_control"',
  );
  expect(lines.filter((l) => l.startsWith('restarting the embedded PostgreSQL failed'))).toHaveLength(3);
  await watchdog.stop();
});

it('restarts nothing once stopped', async () => {
  const postgres = standIn();
  const watchdog = watchEmbeddedPostgres(postgres, () => undefined, vi.fn(), LIMITS);
  await watchdog.stop();
  postgres.kill();
  watchdog.check();
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(postgres.restarts).toBe(0);
});
