import { setTimeout as sleep } from 'node:timers/promises';
import type { OwnedPostgres } from './embedded.js';

/**
 * How the server watches the embedded PostgreSQL it owns (docs/decisions/0069). Its postmaster is
 * not this process's child (pg_ctl starts it detached), so no exit event tells of its death: the
 * watchdog looks every `pollMs`, and at once when a pooled connection is lost.
 */
export interface WatchdogLimits {
  pollMs: number;
  /** The wait before each attempt to start it again: as many attempts as delays. */
  retryDelaysMs: number[];
  /** Restarts allowed within `windowMs`; one more death in that time is a crash loop, and the server exits. */
  maxRestarts: number;
  windowMs: number;
}

export const WATCHDOG_LIMITS: WatchdogLimits = {
  pollMs: 1000,
  // A postmaster's orphaned backends can hold its shared memory for a moment after it died, and
  // PostgreSQL refuses to start until they are gone: the first attempts come quickly.
  retryDelaysMs: [0, 500, 1000, 2000, 4000],
  maxRestarts: 5,
  windowMs: 10 * 60_000,
};

export interface Watchdog {
  /** Looks now rather than at the next poll (a connection to the database was lost). */
  check(): void;
  /** Stops watching, after a restart under way has ended. */
  stop(): Promise<void>;
}

/**
 * Restarts `postgres` whenever its postmaster is found gone; calls `giveUp` with the reason (once,
 * and watches no more) when it cannot be started again or keeps dying: the server then exits
 * non-zero, for its supervisor to restart it.
 */
export function watchEmbeddedPostgres(
  postgres: OwnedPostgres,
  log: (msg: string) => void,
  giveUp: (why: string) => void,
  limits: WatchdogLimits = WATCHDOG_LIMITS,
): Watchdog {
  let stopped = false;
  let restarting: Promise<void> | undefined;
  const restarts: number[] = [];

  const fail = (why: string) => {
    stopped = true;
    clearInterval(timer);
    giveUp(why);
  };

  async function recover(): Promise<void> {
    const began = performance.now();
    while (restarts.length && began - restarts[0]! > limits.windowMs) restarts.shift();
    if (restarts.length >= limits.maxRestarts) {
      return fail(
        `the embedded PostgreSQL stopped unexpectedly ${restarts.length + 1} times within ${minutes(limits.windowMs)}; it is not restarted again`,
      );
    }
    log('embedded PostgreSQL stopped unexpectedly; restarting it (its crash recovery replays the write-ahead log)');
    let last: unknown;
    for (const [i, delay] of limits.retryDelaysMs.entries()) {
      if (delay) await sleep(delay);
      if (stopped) return;
      try {
        await postgres.restart();
        restarts.push(performance.now());
        log(`embedded PostgreSQL restarted ${Math.round(performance.now() - began)} ms after it was found stopped`);
        return;
      } catch (err) {
        last = err;
        log(`restarting the embedded PostgreSQL failed (attempt ${i + 1} of ${limits.retryDelaysMs.length}): ${message(err)}`);
      }
    }
    fail(`the embedded PostgreSQL could not be restarted after ${limits.retryDelaysMs.length} attempts: ${message(last)}`);
  }

  const check = () => {
    if (stopped || restarting || postgres.running()) return;
    restarting = recover().finally(() => (restarting = undefined));
  };
  const timer = setInterval(check, limits.pollMs);
  timer.unref();

  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await restarting;
    },
  };
}

const minutes = (ms: number) => `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
