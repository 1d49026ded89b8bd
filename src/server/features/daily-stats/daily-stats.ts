import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { formDailyStats } from '../../db/schema/index.js';

export const today = (now = new Date()) => now.toISOString().slice(0, 10);

type Counter = 'leads' | 'confirmations' | 'downloads';
const COUNTERS: Counter[] = ['leads', 'confirmations', 'downloads'];

/**
 * Adds to a form's daily roll-up in the caller's transaction, in one statement whatever the
 * amounts (zeros included), so a submission costs the same whether it created a lead or not.
 */
export async function bumpDailyStats(executor: Executor, formId: string, by: Partial<Record<Counter, number>>, now = new Date()) {
  const counters = COUNTERS.filter((c) => by[c] !== undefined);
  const columns = counters.map((c) => sql.identifier(formDailyStats[c].name));
  const values = counters.map((c) => sql`${by[c]!}::int`);
  const updates = columns.map((column) => sql`${column} = ${formDailyStats}.${column} + excluded.${column}`);
  await executor.execute(sql`
    insert into ${formDailyStats} (form_id, day, ${sql.join(columns, sql`, `)}) values (${formId}, ${today(now)}, ${sql.join(values, sql`, `)})
    on conflict (form_id, day) do update set ${sql.join(updates, sql`, `)}`);
}

/**
 * `bumpDailyStats` as a statement over `source` (a CTE of the same statement with `form_id` and
 * `day` columns, e.g. the submissions being stored): each (form, day) of it is added to once, by
 * the amounts' aggregates over its rows (zeros included), in one order so that concurrent
 * statements wait for each other instead of deadlocking. No row in `source`, no change.
 */
export function bumpDailyStatsFrom(source: SQL, by: Partial<Record<Counter, SQL>>): SQL {
  const counters = COUNTERS.filter((c) => by[c] !== undefined);
  const columns = counters.map((c) => sql.identifier(formDailyStats[c].name));
  const values = counters.map((c) => sql`(${by[c]!})::int`);
  const updates = columns.map((column) => sql`${column} = ${formDailyStats}.${column} + excluded.${column}`);
  return sql`
    insert into ${formDailyStats} (form_id, day, ${sql.join(columns, sql`, `)})
    select form_id, day, ${sql.join(values, sql`, `)} from ${source} group by form_id, day order by form_id, day
    on conflict (form_id, day) do update set ${sql.join(updates, sql`, `)}`;
}
