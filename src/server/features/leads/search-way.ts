import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { containsPattern } from '@/server/lib/like';

/*
 * How a search of the leads lists finds its page (decision 0041). PostgreSQL's planner cannot tell
 * how many leads contain a text: it guessed 1% for "Company 3172" (200 of 1,000,000 leads) and
 * walked the workspace's leads newest first for 1.4 s, and it asks the trigram index for every word
 * of "Company 4242" although "Company" is in every lead (55 ms of the index's longest lists). So a
 * search first reads a sample of the leads it is among and counts what the search and each of its
 * words match there; from those counts and the number of leads it picks one of three ways, which all
 * return the same rows:
 *
 * - walk: the leads newest first, each tested, until the page is full (a search many leads match);
 *   after WALK_LIMIT leads, the index is asked for the rest;
 * - index: the trigram index asked for one part (the rarest word, or the whole search when only the
 *   words together are rare), every row it returns tested, then sorted;
 * - planner: the query as it is, left to PostgreSQL (few leads in all, or nothing the index can use).
 */

/** Leads read to estimate how many contain the text and each of its words, in SLICES runs. */
export const SAMPLE = 500;
const SLICES = 10;
/** Leads a walk reads at most before the index takes over (about 120 ms on the bench machine). */
export const WALK_LIMIT = 20_000;
/** At most this many words are counted (the rest are still matched exactly). */
const MAX_WORDS = 6;

// Microseconds, measured on the 1,000,000-lead bench (2 cores): a lead walked and tested; a lead the
// index returned, fetched and tested; one entry of a trigram's list read by the index (it skips
// through long lists when a rarer trigram leads: "Company", in every lead, cost 55 ms).
const WALKED_ROW = 6;
const FETCHED_ROW = 45;
const INDEX_ENTRY = 0.007;
// Asked for a window of time (decision 0096): each row the index returns is a bit in its bitmap
// (every window asks again), each lead of the window an entry of the (workspace, created_at) index
// read into the other bitmap; only the rows in both are fetched and tested.
const INDEX_ROW = 0.3;
const WINDOW_ENTRY = 0.1;
/** A window of time is sized to return about this many rows of the index at least. */
export const WINDOW_ROWS = 2_000;
/** Each window after the first is this many times wider. */
export const WINDOW_GROWTH = 4;
/**
 * Matches in the sample below which no windows are asked for: with fewer, the page may need every
 * window, and the time index's entries of all the leads (a second at 10,000,000 leads).
 */
const WINDOW_HITS = 4;
// The trigrams pg_trgm makes of a word (padded with two blanks before it and one after).
const trigramsOf = (word: string) => word.length + 1;

/**
 * The characters jsonb writes escaped (a double quote, a backslash, the control characters): a text
 * with one is not in the search document (lead_search_doc, migration 0036) where it is in an answer,
 * so the index is never asked for it.
 */
// eslint-disable-next-line no-control-regex
export const JSON_ESCAPED = /["\\\u0000-\u001f]/;
export const jsonSafe = (text: string) => !JSON_ESCAPED.test(text);

/**
 * The runs of 3 or more ASCII letters and digits in `text`, and of 2 after another character, each
 * with the characters just before and after it in `text` (there are none at its ends, nor where they
 * are JSON_ESCAPED). pg_trgm makes trigrams of each run (a shorter run or other characters may give
 * it none, and an index read with no trigram reads the whole index); with the characters around it,
 * also of where a word starts and ends: " 218" finds the words that start with 218, "218" every word
 * that holds it (thousands of addresses, in the bench). A run of 2 is padded where a word starts
 * (" 12": the words starting with 12, two trigrams): in "Person 12" it is the rare part, and
 * "person " is in every lead.
 */
function wordsOf(text: string): string[] {
  const around = (i: number) => (i >= 0 && i < text.length && jsonSafe(text[i]!) ? text[i]! : '');
  const words = [...text.matchAll(/[A-Za-z0-9]{2,}/g)].flatMap((m) => {
    const before = around(m.index - 1);
    if (m[0].length < 3 && !before) return [];
    return [(before + m[0] + around(m.index + m[0].length)).toLowerCase()];
  });
  return [...new Set(words)];
}

/**
 * What the trigram index may be asked for: the search as the planner would ask for it (`indexed`,
 * see indexedPart) and each of its words. Any row containing the search contains each of them.
 */
export interface SearchParts {
  /** The search itself (up to an address's '@'), when the index can use it. */
  phrase: string | null;
  /** Its words, as wordsOf gives them. */
  words: string[];
}

export function searchParts(indexed: string): SearchParts {
  const words = wordsOf(indexed);
  return { phrase: words.length > 0 ? indexed : null, words: words.slice(0, MAX_WORDS) };
}

/** The parts in the order of SearchSample's `partHits`. */
export const partsList = (parts: SearchParts) => [...(parts.phrase ? [parts.phrase] : []), ...parts.words];

export interface SearchSample {
  /** Leads read (SAMPLE unless there are fewer). */
  sampled: number;
  /** Of those, how many every filter and the search match. */
  hits: number;
  /** Of those, how many contain each part (in `partsList` order). */
  partHits: number[];
  /** Leads the search is among (the workspace's or the page's), from the dashboard's counters. */
  total: number;
  /** The oldest and newest of those leads' times, in epoch milliseconds (null when there are none). */
  oldest: number | null;
  newest: number | null;
}

/**
 * Windows of time, newest first, in which the index is asked for a part: the first `width`
 * milliseconds wide, back from the cursor (or the newest lead), each next one WINDOW_GROWTH times
 * wider, the last one open below (from `oldest` down). Every window's rows are tested and sorted;
 * they are asked for until the page is full.
 */
export interface SearchWindows {
  width: number;
  newest: number;
  oldest: number;
}

/**
 * walk: the leads newest first, each tested, until the page is full; after `limit` leads the index
 * is asked for `then` (when there is a part to ask for). index: the rows the index returns for
 * `part`, each tested. planner: the query left to PostgreSQL. With `windows`, the index is asked
 * window by window of time, newest first (a part many leads have, whose matches the page needs
 * only the newest of).
 */
export type SearchWay =
  | { way: 'walk'; then: string | null; limit: number; windows?: SearchWindows }
  | { way: 'index'; part: string; windows?: SearchWindows }
  | { way: 'planner' };

/**
 * The way with the least estimated work; `size + 1` rows make a page and tell whether another
 * follows. The walk's estimate is pessimistic (the sample's count of matches less two standard
 * deviations): the sample's runs of neighbouring leads are not a random sample, and a walk that
 * finds fewer matches than the sample promised reads on, while the index's work is bounded by the
 * rows it returns.
 */
export function chooseSearchWay(parts: SearchParts, s: SearchSample, size: number): SearchWay {
  if (s.total <= SAMPLE) return { way: 'planner' }; // few enough for any way
  const fewest = (n: number) => Math.max(n - 2 * Math.sqrt(n), 0.5) / s.sampled;
  const list = partsList(parts);
  const hitsOf = (part: string) => s.partHits[list.indexOf(part)] ?? s.sampled;
  const listsRead = (part: string) =>
    (part === parts.phrase ? parts.words : [part]).reduce(
      (sum, w) => sum + (hitsOf(w) / s.sampled) * s.total * trigramsOf(w) * INDEX_ENTRY,
      0,
    );
  // Leads a walk reads for a page (pessimistically, as the walk's estimate).
  const needed = (size + 1) / fewest(s.hits);
  const walk = needed * WALKED_ROW;
  const span = s.oldest !== null && s.newest !== null ? s.newest - s.oldest : 0;
  let best: { part: string; cost: number; windows?: SearchWindows } | undefined;
  for (const part of list) {
    const rows = (Math.max(hitsOf(part), 0.5) / s.sampled) * s.total;
    const whole = rows * FETCHED_ROW + listsRead(part);
    if (!best || whole < best.cost) best = { part, cost: whole };
    // Windows of time, newest first: the first holds the leads a walk would read for the page, and
    // WINDOW_ROWS of the part's rows at least, as if both were spread evenly over time (the next,
    // wider windows read on when they are not). Every window asks the index again.
    const leadsIn = Math.max(needed, (s.total * WINDOW_ROWS) / rows);
    if (span <= 0 || s.hits < WINDOW_HITS || leadsIn >= s.total / WINDOW_GROWTH) continue;
    const windowed = listsRead(part) + rows * INDEX_ROW + leadsIn * WINDOW_ENTRY + (rows * leadsIn * FETCHED_ROW) / s.total;
    if (windowed < best.cost) {
      best = { part, cost: windowed, windows: { width: (span * leadsIn) / s.total, newest: s.newest!, oldest: s.oldest! } };
    }
  }
  const windows = best?.windows ? { windows: best.windows } : {};
  if (best && best.cost < walk) return { way: 'index', part: best.part, ...windows };
  if (best) return { way: 'walk', then: best.part, limit: WALK_LIMIT, ...windows };
  return s.hits > 0 ? { way: 'walk', then: null, limit: WALK_LIMIT } : { way: 'planner' };
}

/**
 * Counts, over SAMPLE leads of the workspace or one of its pages, those that
 * `matches` (every filter and the text), those whose search text contains each part, and the leads
 * of `base` by the dashboard's per-page monthly counters.
 */
export async function sampleSearch(
  db: Db,
  { workspaceId, formId }: { workspaceId: string; formId?: string },
  matches: SQL,
  parts: SearchParts,
): Promise<SearchSample> {
  const list = partsList(parts);
  const partCounts = list.map((p) => sql`count(*) filter (where x.t ilike ${containsPattern(p)})::int`);
  // The sample is named "leads" so that `matches`, written over the leads table, reads its rows.
  const base = sql`workspace_id = ${workspaceId} ${formId ? sql`and form_id = ${formId}` : sql``} and held_at is null`;
  // SLICES runs of newest-first leads, from points spread evenly between the oldest lead and the
  // newest: the newest leads alone may all come from one day's campaign.
  const { rows } = await db.execute<{
    sampled: number;
    hits: number;
    part_hits: number[];
    total: string;
    oldest: number | null;
    newest: number | null;
  }>(sql`
    with bounds as (select min(created_at) as oldest, max(created_at) as newest from leads where ${base}),
    sample as (
      select distinct on (l.id) l.* from bounds, generate_series(1, ${SLICES}) g,
        lateral (select * from leads where ${base} and created_at <= oldest + (newest - oldest) * g / ${SLICES}
          order by created_at desc, id desc limit ${SAMPLE / SLICES}) l
    )
    select count(*)::int as sampled,
      count(*) filter (where ${matches})::int as hits,
      array[${sql.join([...partCounts, sql`0`], sql`, `)}]::int[] as part_hits,
      (select coalesce(sum(c.leads), 0) from form_lead_counts c join forms f on f.id = c.form_id
        where f.workspace_id = ${workspaceId} ${formId ? sql`and f.id = ${formId}` : sql``}) as total,
      (select extract(epoch from oldest)::float8 * 1000 from bounds) as oldest,
      (select extract(epoch from newest)::float8 * 1000 from bounds) as newest
    from sample as leads, lateral (select lead_search_doc(leads.email, leads.data) as t) x`);
  const row = rows[0]!;
  return {
    sampled: row.sampled,
    hits: row.hits,
    partHits: row.part_hits.slice(0, list.length),
    total: Number(row.total),
    oldest: row.oldest,
    newest: row.newest,
  };
}
