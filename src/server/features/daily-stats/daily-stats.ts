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
 * `bumpDailyStats` as a statement whose amounts are SQL over `source` (a CTE of the same statement,
 * e.g. the submission's lead upsert): no row in `source`, no change.
 */
export function bumpDailyStatsFrom(source: SQL, formId: string, by: Partial<Record<Counter, SQL>>, now = new Date()): SQL {
  const counters = COUNTERS.filter((c) => by[c] !== undefined);
  const columns = counters.map((c) => sql.identifier(formDailyStats[c].name));
  const values = counters.map((c) => sql`(${by[c]!})::int`);
  const updates = columns.map((column) => sql`${column} = ${formDailyStats}.${column} + excluded.${column}`);
  return sql`
    insert into ${formDailyStats} (form_id, day, ${sql.join(columns, sql`, `)})
    select ${formId}, ${today(now)}::date, ${sql.join(values, sql`, `)} from ${source}
    on conflict (form_id, day) do update set ${sql.join(updates, sql`, `)}`;
}
