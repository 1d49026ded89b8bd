/**
 * When to try again after a failed delivery (webhooks, email tools): the delays after the 1st, 2nd, …
 * failure, about 3 days in all, each spread by ±20% so a receiver back from an outage is not hit
 * by every waiting delivery in the same second.
 */
export const RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
  14 * 3600,
  14 * 3600,
  16 * 3600,
];

/** The whole schedule, without jitter: 71.6 hours. */
export const RETRY_WINDOW_SECONDS = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);

const JITTER = 0.2;

/**
 * The time of the next attempt after `failedAttempts` failures (1 after the first), or null when
 * the schedule has run out. `random` is injectable so tests can pin the jitter.
 */
export function nextAttemptAt(failedAttempts: number, now: Date, random: () => number = Math.random): Date | null {
  const base = RETRY_DELAYS_SECONDS[failedAttempts - 1];
  if (base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * random();
  return new Date(now.getTime() + Math.round(base * factor * 1000));
}
