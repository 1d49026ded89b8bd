/**
 * Numbers and dates as Lodestone's own words show them (US English), each format made once:
 * `toLocaleString` with a locale builds a new formatter on every call (about 10 µs for a number and
 * 100 µs for a date in V8), which a list paid once per cell and the plans table on every load. Each is made on first use: making
 * one loads ICU's data for it, which costs a screen that shows no such format nothing.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const numbers = once(() => new Intl.NumberFormat('en-US'));
const moments = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const days = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const longDays = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const utcMoments = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }));

/** "12,345" */
export const formatCountUs = (n: number): string => numbers().format(n);

/** "Nov 30, 2026, 3:11 PM", in the reader's time zone. */
export const formatMomentUs = (value: Date | string): string => moments().format(new Date(value));

/** "Nov 30, 2026", in the reader's time zone. */
export const formatDayUs = (value: Date | string): string => days().format(new Date(value));

/** "November 30, 2026", in the reader's time zone. */
export const formatLongDayUs = (value: Date | string): string => longDays().format(new Date(value));

/** "November 30, 2026 at 3:11 PM UTC": for an email, whose reader's time zone is not known. */
export const formatUtcMomentUs = (value: Date | string): string => `${utcMoments().format(new Date(value))} UTC`;
