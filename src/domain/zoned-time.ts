/** Wall-clock time in a named time zone, without a date library (Intl knows every zone's rules). */

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in `timeZone` (month 1–12). A time skipped by a clock change
 * (02:30 on a spring-forward night) is read with the offset of before the change.
 */
export function wallClockInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - zoneOffset(asUtc, timeZone);
  return new Date(asUtc - zoneOffset(first, timeZone));
}

/** The calendar date `instant` falls on in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const local = new Date(instant.getTime() + zoneOffset(instant.getTime(), timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}
