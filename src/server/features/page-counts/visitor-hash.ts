import { createHmac, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { formDailyVisitors, visitorSalts } from '@/server/db/schema';
import { today } from './daily-stats.js';

/** A day's salt and the visitor rows hashed with it are deleted once the day after it is over too. */
export const VISITOR_SALT_KEPT_DAYS = 2;

/**
 * The day's random salt, made by the first counted view of the UTC day on any server. `on conflict do
 * nothing` makes every server use the same one; a server that lost the race reads the winner's.
 */
async function saltOf(db: Executor, day: string): Promise<Buffer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.execute<{ salt: string }>(sql`
      with made as (
        insert into ${visitorSalts} (day, salt) values (${day}, ${randomBytes(32).toString('base64url')})
        on conflict (day) do nothing returning salt
      )
      select salt from made union all select salt from ${visitorSalts} where day = ${day} limit 1`);
    // Empty only when another server's insert committed after this statement's snapshot: read again.
    if (rows[0]) return Buffer.from(rows[0].salt, 'base64url');
  }
  throw new Error(`no visitor salt for ${day}`);
}

/**
 * Hashes a visitor for unique-visitor counting: HMAC-SHA256 keyed by the day's random salt over the
 * page, the address and the user agent. Not derived from SECRET: once the salt is deleted nobody,
 * holder of the database and SECRET included, can tell whether an address visited that day.
 */
export function createVisitorHasher(db: Executor) {
  let current: { day: string; salt: Promise<Buffer> } | null = null;
  return async (formId: string, ip: string, userAgent: string, now = new Date()): Promise<string> => {
    const day = today(now);
    if (current?.day !== day) {
      const salt = saltOf(db, day);
      current = { day, salt };
      salt.catch(() => {
        if (current?.salt === salt) current = null; // the next view tries again
      });
    }
    const key = await current.salt;
    return createHmac('sha256', key).update(`${formId}|${ip}|${userAgent}`).digest('base64url').slice(0, 32);
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;

/** Deletes the salts, and the visitor rows hashed with them, of days before yesterday (UTC). */
export async function purgeVisitorTraces(db: Executor, now = new Date()) {
  const cutoff = today(new Date(now.getTime() - (VISITOR_SALT_KEPT_DAYS - 1) * 24 * 60 * 60 * 1000));
  const salts = await db.delete(visitorSalts).where(lt(visitorSalts.day, cutoff)).returning({ day: visitorSalts.day });
  const visitors = await db.delete(formDailyVisitors).where(lt(formDailyVisitors.day, cutoff));
  return { salts: salts.length, visitors: visitors.rowCount ?? 0 };
}
