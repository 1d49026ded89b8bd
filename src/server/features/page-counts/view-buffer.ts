import { sql } from 'drizzle-orm';
import type { AbVariant } from '@/domain/ab-variants';
import type { Executor } from '@/server/db/client';
import { today } from './daily-stats.js';

/** How often buffered views are written: a crash (kill -9, power loss) loses at most this much. */
export const VIEW_FLUSH_MS = 250;
/** A batch that failed is kept for this many more flushes, then dropped with a log line. */
const MAX_ATTEMPTS = 3;

interface Batch {
  /** `form|day` -> views */
  views: Map<string, number>;
  /** `form|day` -> the distinct visitors seen in this batch, as given to `add` (hashed at flush) */
  visitors: Map<string, Set<string>>;
  /** `form|test start (ms)|variant` -> views of pages under an A/B test (decision 0051) */
  variants: Map<string, number>;
  attempts: number;
}

/** The A/B test variant a view was of: the test (named by its start, ms since the epoch) and the letter. */
export interface ViewedVariant {
  startedAt: number;
  variant: AbVariant;
}

/** Turns what `add` was given into the visitor's hash for that page and day (visitor-hash.ts). */
export type HashVisitor = (formId: string, visitor: string, day: string) => Promise<string>;

const emptyBatch = (): Batch => ({ views: new Map(), visitors: new Map(), variants: new Map(), attempts: 0 });

/**
 * Page views counted in memory and written in one statement per flush (docs/decisions/0026), not a
 * write per view contending on one roll-up row per page and day. Unique visitors stay exact
 * (0014): each batch inserts its visitor hashes with `on conflict do nothing` and adds only the
 * ones that were new to the day's roll-up.
 */
export function createViewBuffer(
  db: Executor,
  log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  intervalMs = VIEW_FLUSH_MS,
  hashVisitor: HashVisitor = async (_form, visitor) => visitor,
) {
  let batch = emptyBatch();
  // The UTC day, formatted once per day rather than once per view.
  let day = '';
  let dayEnds = 0;
  const dayOf = (now: number) => {
    if (now >= dayEnds || now < dayEnds - 86_400_000) {
      day = today(new Date(now));
      dayEnds = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    }
    return day;
  };
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, intervalMs);
    timer.unref();
  };

  /**
   * One view of `formId` now, by `visitor` (its hash, or what `hashVisitor` hashes at flush time), of
   * `variant` when the page runs an A/B test.
   */
  function add(formId: string, visitor: string, now = Date.now(), variant?: ViewedVariant) {
    const key = `${formId}|${dayOf(now)}`;
    batch.views.set(key, (batch.views.get(key) ?? 0) + 1);
    let set = batch.visitors.get(key);
    if (!set) batch.visitors.set(key, (set = new Set()));
    set.add(visitor);
    if (variant) {
      const test = `${formId}|${variant.startedAt}|${variant.variant}`;
      batch.variants.set(test, (batch.variants.get(test) ?? 0) + 1);
    }
    schedule();
  }

  async function write(b: Batch) {
    const forms: string[] = [];
    const days: string[] = [];
    const counts: number[] = [];
    const vForms: string[] = [];
    const vDays: string[] = [];
    const hashes: string[] = [];
    for (const [key, n] of b.views) {
      const [form, day] = key.split('|') as [string, string];
      forms.push(form);
      days.push(day);
      counts.push(n);
      for (const visitor of b.visitors.get(key) ?? []) {
        vForms.push(form);
        vDays.push(day);
        hashes.push(await hashVisitor(form, visitor, day));
      }
    }
    const tForms: string[] = [];
    const tStarts: string[] = [];
    const tVariants: string[] = [];
    const tCounts: number[] = [];
    for (const [key, n] of b.variants) {
      const [form, start, variant] = key.split('|') as [string, string, string];
      tForms.push(form);
      tStarts.push(new Date(Number(start)).toISOString());
      tVariants.push(variant);
      tCounts.push(n);
    }
    // Views of a page purged meanwhile are skipped (its roll-up went with it), not a failed batch.
    await db.execute(sql`
      with first_visits as (
        insert into form_daily_visitors (form_id, day, visitor_hash)
        select v.form_id, v.day, v.visitor_hash
        from unnest(${sql.param(vForms)}::text[], ${sql.param(vDays)}::date[], ${sql.param(hashes)}::text[]) as v(form_id, day, visitor_hash)
        where exists (select 1 from forms f where f.id = v.form_id)
        on conflict do nothing
        returning form_id, day
      ), firsts as (
        select form_id, day, count(*)::int as n from first_visits group by form_id, day
      ), test_views as (
        insert into form_ab_views (form_id, test_started_at, variant, views)
        select t.form_id, t.test_started_at, t.variant, t.views
        from unnest(${sql.param(tForms)}::text[], ${sql.param(tStarts)}::timestamptz[], ${sql.param(tVariants)}::text[], ${sql.param(tCounts)}::int[]) as t(form_id, test_started_at, variant, views)
        where exists (select 1 from forms x where x.id = t.form_id)
        order by t.form_id, t.test_started_at, t.variant
        on conflict (form_id, test_started_at, variant) do update set views = form_ab_views.views + excluded.views
      )
      insert into form_daily_stats (form_id, day, views, unique_visitors)
      select c.form_id, c.day, c.views, coalesce(f.n, 0)
      from unnest(${sql.param(forms)}::text[], ${sql.param(days)}::date[], ${sql.param(counts)}::int[]) as c(form_id, day, views)
      left join firsts f on f.form_id = c.form_id and f.day = c.day
      where exists (select 1 from forms x where x.id = c.form_id)
      on conflict (form_id, day) do update set
        views = form_daily_stats.views + excluded.views,
        unique_visitors = form_daily_stats.unique_visitors + excluded.unique_visitors`);
  }

  /** Writes what is buffered; resolves when every view added before the call is in the database. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (batch.views.size === 0) return;
    const b = batch;
    batch = emptyBatch();
    flushing = write(b)
      .catch((err: unknown) => {
        if (++b.attempts >= MAX_ATTEMPTS) {
          log.warn({ err, views: [...b.views.values()].reduce((a, n) => a + n, 0) }, 'could not count views; dropped');
          return;
        }
        log.warn({ err }, 'could not count views; will try again');
        merge(b);
        schedule();
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  /** Puts a failed batch back in front of the views that came since. */
  function merge(b: Batch) {
    for (const [key, n] of batch.views) b.views.set(key, (b.views.get(key) ?? 0) + n);
    for (const [key, set] of batch.visitors) {
      const into = b.visitors.get(key);
      if (into) for (const h of set) into.add(h);
      else b.visitors.set(key, set);
    }
    for (const [key, n] of batch.variants) b.variants.set(key, (b.variants.get(key) ?? 0) + n);
    batch = b;
  }

  return {
    add,
    flush,
    /** Stops the timer and writes what is left (graceful shutdown). */
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}

export type ViewBuffer = ReturnType<typeof createViewBuffer>;
