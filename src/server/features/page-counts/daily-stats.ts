import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { formDailyStats, leads } from '@/server/db/schema';

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

/** What a lead row added to its page's roll-up: the columns `uncountLeads` reads (a row of `leads`, or its `returning`). */
export interface CountedLead {
  formId: string;
  status: 'pending' | 'verified';
  createdAt: Date;
  verifiedAt: Date | null;
  heldAt: Date | null;
  downloads: number;
  lastDownloadAt: Date | null;
}

/** The columns of `leads` that make a CountedLead, for a `returning` or a `select`. */
export const countedLeadColumns = {
  formId: leads.formId,
  status: leads.status,
  createdAt: leads.createdAt,
  verifiedAt: leads.verifiedAt,
  heldAt: leads.heldAt,
  downloads: leads.downloads,
  lastDownloadAt: leads.lastDownloadAt,
};

/**
 * Takes leads that are gone (erased, purged by retention) out of their pages' daily roll-up, so that
 * every count agrees with the lead rows (decision 0065): a lead not held counted on the day it signed
 * up, a confirmed one not held on the day it was confirmed, and each of its downloads. Downloads are
 * counted per lead and per day, not per lead and day: they come off the day of its last download and,
 * when that day has fewer, the days before it (never below zero), which keeps every total exact.
 * In the caller's transaction, after or before the rows are deleted.
 */
export async function uncountLeads(tx: Executor, gone: CountedLead[]): Promise<void> {
  if (gone.length === 0) return;
  const minus = new Map<string, { formId: string; day: string; leads: number; confirmations: number; downloads: number }>();
  const take = (formId: string, day: string, counter: Counter, n: number) => {
    const key = `${formId} ${day}`;
    const entry = minus.get(key) ?? { formId, day, leads: 0, confirmations: 0, downloads: 0 };
    entry[counter] += n;
    minus.set(key, entry);
  };
  for (const lead of gone) {
    if (lead.heldAt) continue;
    take(lead.formId, today(lead.createdAt), 'leads', 1);
    if (lead.status === 'verified' && lead.verifiedAt) take(lead.formId, today(lead.verifiedAt), 'confirmations', 1);
  }
  const downloaders = gone.filter((l) => l.downloads > 0);
  if (downloaders.length > 0) {
    const formIds = [...new Set(downloaders.map((l) => l.formId))];
    const days = await tx
      .select({ formId: formDailyStats.formId, day: formDailyStats.day, downloads: formDailyStats.downloads })
      .from(formDailyStats)
      .where(and(inArray(formDailyStats.formId, formIds), gt(formDailyStats.downloads, 0)))
      .orderBy(desc(formDailyStats.day));
    for (const lead of downloaders) {
      const last = today(lead.lastDownloadAt ?? new Date());
      let left = lead.downloads;
      for (const row of days) {
        if (left === 0) break;
        if (row.formId !== lead.formId || row.day > last || row.downloads === 0) continue;
        const n = Math.min(left, row.downloads);
        row.downloads -= n;
        left -= n;
        take(lead.formId, row.day, 'downloads', n);
      }
    }
  }
  for (const m of [...minus.values()].sort((a, b) => (a.formId + a.day < b.formId + b.day ? -1 : 1))) {
    await tx
      .update(formDailyStats)
      .set({
        leads: sql`greatest(${formDailyStats.leads} - ${m.leads}, 0)`,
        confirmations: sql`greatest(${formDailyStats.confirmations} - ${m.confirmations}, 0)`,
        downloads: sql`greatest(${formDailyStats.downloads} - ${m.downloads}, 0)`,
      })
      .where(and(eq(formDailyStats.formId, m.formId), eq(formDailyStats.day, m.day)));
  }
}
