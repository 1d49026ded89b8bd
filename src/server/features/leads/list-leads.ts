import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { LEADS_PAGE_SIZE, type LeadListPage, type WorkspaceLeadsFilter } from '@/domain/forms-api';
import { isUuid } from '@/domain/ids';
import type { Db } from '@/server/db/client';
import { forms, leadConsents, leads } from '@/server/db/schema';
import { cursorTime, decodeCursor, keysetPage, olderThan, type KeysetPosition } from '@/server/lib/keyset';
import { containsPattern } from '@/server/lib/like';
import { assertOwnForm } from '@/server/features/forms';
import { latestPayments } from '@/server/features/payments';
import { fieldLabelsOf, labelAnswers } from './field-columns.js';
import {
  chooseSearchWay,
  JSON_ESCAPED,
  jsonSafe,
  sampleSearch,
  searchParts,
  WINDOW_GROWTH,
  type SearchWay,
  type SearchWindows,
} from './search-way.js';

/** Leads matching `conditions`, newest first, `size` (50) a page, keyset-paginated on (created_at, id). */
async function leadPage(db: Db, conditions: (SQL | undefined)[], cursor?: string, size = LEADS_PAGE_SIZE): Promise<LeadListPage> {
  const after = cursor ? decodeCursor(cursor, isUuid) : undefined;
  const rows = await db
    .select({
      id: leads.id,
      formId: leads.formId,
      formName: forms.name,
      email: leads.email,
      data: leads.data,
      status: leads.status,
      createdAt: leads.createdAt,
      verifiedAt: leads.verifiedAt,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      placementName: leads.placementName,
      hostUrl: leads.hostUrl,
      downloads: leads.downloads,
      // Qualified by hand: inside the subquery a bare "id" would be the consent's own.
      consentGivenAt: sql<Date | null>`(select max(c.given_at) from ${leadConsents} c
        where c.lead_id = ${leads}.id and c.event = 'signup' and c.agreed)`.mapWith(leadConsents.givenAt),
      position: cursorTime(leads.createdAt),
    })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(...conditions, after ? olderThan(leads.createdAt, leads.id, after, 'uuid') : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(size + 1);
  const { page, nextCursor } = keysetPage(rows, size, (r) => ({ time: r.position, id: r.id }));
  const [paymentOf, labelsByForm] = await Promise.all([
    latestPayments(
      db,
      page.map((r) => r.id),
    ),
    fieldLabelsOf(db, [...new Set(page.map((r) => r.formId))]),
  ]);
  const { fields, answers } = labelAnswers(page, labelsByForm);
  return {
    fields,
    items: page.map(({ position: _position, ...r }, i) => ({
      ...r,
      answers: answers[i]!,
      createdAt: r.createdAt.toISOString(),
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      consentGivenAt: r.consentGivenAt?.toISOString() ?? null,
      payment: paymentOf.get(r.id) ?? null,
    })),
    nextCursor,
  };
}

/**
 * Leads held past the plan's monthly sign-ups are shown nowhere until released (decision 0045): every
 * list, search and export of leads has this condition.
 */
export const notHeld = isNull(leads.heldAt);

/** One page's leads, for its analytics. */
export async function listLeads(db: Db, workspaceId: string, formId: string, cursor?: string): Promise<LeadListPage> {
  await assertOwnForm(db, workspaceId, formId);
  return leadPage(db, [eq(leads.formId, formId), eq(leads.workspaceId, workspaceId), notHeld], cursor);
}

const DAY_MS = 24 * 60 * 60 * 1000;

const STATUS_CONDITION = {
  pending: eq(leads.status, 'pending'),
  confirmed: eq(leads.status, 'verified'),
  paid: eq(leads.paymentState, 'paid'),
  refunded: eq(leads.paymentState, 'refunded'),
} as const;

/**
 * What the trigram index is asked for: an address-like search up to and including its '@' (when at
 * least 3 characters come before it). The domain's trigrams are shared by most addresses (gmail.com;
 * example.com in the bench, where a whole address took 100 ms and its part before the domain 35 ms),
 * so they narrow nothing and make the index walk its longest lists. Whatever contains the whole text
 * contains that part; the exact test that follows checks the whole text. Of a text with a character
 * jsonb escapes, its longest run without one (see jsonSafe).
 */
export function indexedPart(q: string): string {
  const at = q.indexOf('@');
  const part = at >= 3 ? q.slice(0, at + 1) : q;
  return part.split(JSON_ESCAPED).reduce((a, b) => (b.length > a.length ? b : a), '');
}

type LeadsFilter = Omit<WorkspaceLeadsFilter, 'cursor' | 'q'> & { q?: string };

/** The leads a search looks among: the workspace's, or one of its pages', but the held ones. */
const baseWhere = (workspaceId: string, filter: LeadsFilter) =>
  and(eq(leads.workspaceId, workspaceId), filter.form ? eq(leads.formId, filter.form) : undefined, notHeld)!;

/** Every filter but the page, and the text: in the address or in any answer, taken literally. */
function filtersWhere(filter: LeadsFilter) {
  const text = filter.q ? containsPattern(filter.q) : null;
  return and(
    text
      ? or(ilike(leads.email, text), sql`exists (select 1 from jsonb_each_text(${leads.data}) a where a.value ilike ${text})`)
      : undefined,
    filter.status ? STATUS_CONDITION[filter.status] : undefined,
    filter.from ? gte(leads.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(leads.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)) : undefined,
    filter.utmSource ? eq(leads.utmSource, filter.utmSource) : undefined,
  );
}

/**
 * What the trigram index serves (migration 0036: the address and the answers as jsonb writes them, on
 * one text): a superset of the leads containing `part`, when `part` is jsonSafe.
 */
const searchDocContains = (part: string) => sql`lead_search_doc(${leads.email}, ${leads.data}) ilike ${containsPattern(part)}`;

/**
 * The SQL conditions over `leads` for the workspace's leads matching `filter` (the page id must have
 * been checked with assertOwnForm). Shared with the export, which streams the same rows.
 */
export function workspaceLeadsWhere(workspaceId: string, filter: LeadsFilter) {
  return and(
    baseWhere(workspaceId, filter),
    // The trigram index's superset, then the exact test.
    filter.q && indexedPart(filter.q) ? searchDocContains(indexedPart(filter.q)) : undefined,
    filtersWhere(filter),
  )!;
}

/** Every lead of the workspace across its pages (deleted pages' too, until they are purged), filtered. */
export async function listWorkspaceLeads(
  db: Db,
  workspaceId: string,
  filter: WorkspaceLeadsFilter,
  size = LEADS_PAGE_SIZE,
): Promise<LeadListPage> {
  if (filter.form) await assertOwnForm(db, workspaceId, filter.form);
  if (!filter.q) return leadPage(db, [workspaceLeadsWhere(workspaceId, filter)], filter.cursor, size);
  return searchPage(db, workspaceId, filter, (await searchWayFor(db, workspaceId, filter, size)).way, size);
}

/** The way a search will take, from a sample of the leads it is among (decision 0041). */
export async function searchWayFor(db: Db, workspaceId: string, filter: LeadsFilter & { q: string }, size: number) {
  const parts = searchParts(indexedPart(filter.q));
  const sample = await sampleSearch(db, { workspaceId, formId: filter.form }, filtersWhere(filter)!, parts);
  return { sample, way: chooseSearchWay(parts, sample, size) };
}

/** A search's page found `way`: each way gives the same rows (decision 0041). */
export async function searchPage(
  db: Db,
  workspaceId: string,
  filter: WorkspaceLeadsFilter,
  way: SearchWay,
  size = LEADS_PAGE_SIZE,
): Promise<LeadListPage> {
  if (way.way === 'planner') return leadPage(db, [workspaceLeadsWhere(workspaceId, filter)], filter.cursor, size);
  const after = filter.cursor ? decodeCursor(filter.cursor, isUuid) : undefined;
  let ids: string[];
  if (way.way === 'index') ids = await indexedIds(db, workspaceId, filter, way.part, after, size + 1, way.windows);
  else if (!way.then) ids = await walkedIds(db, workspaceId, filter, after, size + 1);
  else {
    // The walk stops after `limit` leads; what it did not reach is asked of the index.
    ids = await walkedIds(db, workspaceId, filter, after, size + 1, way.limit);
    const edge = ids.length <= size ? await walkEdge(db, workspaceId, filter, after, way.limit) : undefined;
    if (edge) ids.push(...(await indexedIds(db, workspaceId, filter, way.then, edge, size + 1 - ids.length, way.windows)));
  }
  return leadPage(db, [eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)], filter.cursor, size);
}

/** The leads a search looks among that come after the cursor's position. */
const baseAfter = (workspaceId: string, filter: LeadsFilter, after: KeysetPosition | undefined) =>
  and(baseWhere(workspaceId, filter), after ? olderThan(leads.createdAt, leads.id, after, 'uuid') : undefined);

/** The leads of the search's base newest first (after `after`), at most `limit` of them read. */
const newestLeads = (workspaceId: string, filter: LeadsFilter, after: KeysetPosition | undefined, limit?: number) => sql`
  select * from ${leads}
  where ${baseAfter(workspaceId, filter, after)}
  order by created_at desc, id desc ${limit ? sql`limit ${limit}` : sql``}`;

/** The first `count` matching leads, reading the newest first and testing each (at most `limit` read). */
async function walkedIds(
  db: Db,
  workspaceId: string,
  filter: LeadsFilter,
  after: KeysetPosition | undefined,
  count: number,
  limit?: number,
): Promise<string[]> {
  // The subquery is named "leads" so that the filters, written over the leads table, read its rows;
  // its order is kept, so the walk stops at the `count`-th match. A text in the address or an answer
  // is in the lead's search document too (when jsonb writes it unchanged): that test costs under
  // half of the answers' and PostgreSQL makes the cheaper first, so the walk spends less on the leads
  // it passes. (Only here: in the other ways' statements the index would be asked for the whole text.)
  const { rows } = await db.execute<{ id: string }>(sql`
    select leads.id from (${newestLeads(workspaceId, filter, after, limit)}) as leads
    where ${and(filter.q && jsonSafe(filter.q) ? searchDocContains(filter.q) : undefined, filtersWhere(filter))}
    order by leads.created_at desc, leads.id desc limit ${count}`);
  return rows.map((r) => r.id);
}

/** The oldest lead a walk of `limit` leads reads, when there are older ones (undefined when it reads them all). */
async function walkEdge(db: Db, workspaceId: string, filter: LeadsFilter, after: KeysetPosition | undefined, limit: number) {
  const rows = await db
    .select({ time: cursorTime(leads.createdAt), id: leads.id })
    .from(leads)
    .where(baseAfter(workspaceId, filter, after))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .offset(limit - 1)
    .limit(2);
  return rows.length === 2 ? rows[0] : undefined;
}

/**
 * The first `count` matching leads among those the trigram index returns for `part`, every one of
 * them tested and then sorted: a materialized CTE is planned for all its rows, so PostgreSQL cannot
 * turn it into a walk for the sake of the ORDER BY. With `windows`, the index is asked window by
 * window of time, newest first, until `count` are found: PostgreSQL then reads the rows in both the
 * index's bitmap and the window's (of the index on the workspace's leads by time), and the windows
 * do not overlap, so their rows in turn are the rows of the whole, in the same order.
 */
async function indexedIds(
  db: Db,
  workspaceId: string,
  filter: LeadsFilter,
  part: string,
  after: KeysetPosition | undefined,
  count: number,
  windows?: SearchWindows,
): Promise<string[]> {
  if (!windows) return indexedIn(db, workspaceId, filter, part, after, count, {});
  const ids: string[] = [];
  let upper: string | undefined;
  let from = after ? Date.parse(after.time) : windows.newest;
  for (let width = Math.max(windows.width, 1000); ; width *= WINDOW_GROWTH) {
    // The last window is open below: no lead is older than the oldest (or the leads are few).
    const lower = from - width > windows.oldest ? new Date(from - width).toISOString() : undefined;
    ids.push(...(await indexedIn(db, workspaceId, filter, part, after, count - ids.length, { lower, upper })));
    if (ids.length >= count || lower === undefined) return ids;
    [upper, from] = [lower, from - width];
  }
}

/** indexedIds in one window of time: created_at from `lower` (inclusive) to `upper` (exclusive). */
async function indexedIn(
  db: Db,
  workspaceId: string,
  filter: LeadsFilter,
  part: string,
  after: KeysetPosition | undefined,
  count: number,
  { lower, upper }: { lower?: string; upper?: string },
): Promise<string[]> {
  // The whole text in the search document, before the exact test (the walk's reasoning, see
  // walkedIds) when the index is asked for a part of it: the candidates that have only the part cost
  // the cheaper test. Written so that PostgreSQL cannot ask the index for it (`|| ''`): it would
  // read the lists of words every lead has.
  const q = filter.q ?? '';
  const whole =
    jsonSafe(q) && q.toLowerCase() !== part.toLowerCase()
      ? sql`(lead_search_doc(${leads.email}, ${leads.data}) || '') ilike ${containsPattern(q)}`
      : undefined;
  const { rows } = await db.execute<{ id: string }>(sql`
    with found as materialized (
      select ${leads.id} as id, ${leads.createdAt} as created_at from ${leads}
      where ${and(
        // A window's upper bound is older than the cursor (a second at least): it replaces it. With
        // both, PostgreSQL 17's index scan returned rows newer than the bound (the row comparison
        // taken for the tighter of the two).
        upper
          ? and(baseWhere(workspaceId, filter), sql`${leads.createdAt} < ${upper}::timestamptz`)
          : baseAfter(workspaceId, filter, after),
        lower ? sql`${leads.createdAt} >= ${lower}::timestamptz` : undefined,
        searchDocContains(part),
        whole,
        filtersWhere(filter),
      )}
    )
    select id from found order by created_at desc, id desc limit ${count}`);
  return rows.map((r) => r.id);
}
