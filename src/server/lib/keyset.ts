import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { validationError } from './http-errors.js';

/**
 * Keyset pagination on (timestamp, id), newest first. The cursor keeps the timestamp as PostgreSQL
 * printed it, to the microsecond: a JavaScript Date would round it to the millisecond and rows
 * inside that millisecond would be skipped or repeated at a page boundary.
 */
export const cursorTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface KeysetPosition {
  time: string;
  id: string;
}

export const encodeCursor = ({ time, id }: KeysetPosition) => Buffer.from(JSON.stringify([time, id])).toString('base64url');

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * True for a time PostgreSQL printed: the shape, and a date and time that exist (no 30 February,
 * no hour 24, no second 60). A well-formed but impossible one would fail the cast in SQL: a 500.
 */
function isRealTime(time: string): boolean {
  const parts = TIME.exec(time)?.slice(1).map(Number);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/**
 * The one place cursors are read. `isId` checks the id part and the time must exist, so a forged
 * cursor is a 400 and never a failed cast in SQL.
 */
export function decodeCursor(cursor: string, isId: (id: string) => boolean): KeysetPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [time, id] = parsed as unknown[];
      if (typeof time === 'string' && isRealTime(time) && typeof id === 'string' && isId(id)) return { time, id };
    }
  } catch {
    // reported below
  }
  throw validationError({ cursor: 'invalid' });
}

/** Rows after `position` in (time desc, id desc) order, as a row comparison an index on (…, time, id) can serve. */
export const olderThan = (timeColumn: AnyColumn, idColumn: AnyColumn, position: KeysetPosition, idType: 'text' | 'uuid'): SQL =>
  sql`(${timeColumn}, ${idColumn}) < (${position.time}::timestamptz, ${position.id}::${sql.raw(idType)})`;

/** Splits the `size + 1` rows a query fetched into the page and the cursor of the next (null on the last page). */
export function keysetPage<R>(rows: R[], size: number, positionOf: (row: R) => KeysetPosition) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeCursor(positionOf(last)) : null };
}
