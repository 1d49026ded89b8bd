import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { LEADS_PAGE_SIZE, type LeadListPage, type WorkspaceLeadsFilter } from '../../../domain/forms-api.js';
import { isUuid } from '../../../domain/ids.js';
import type { Db } from '../../db/client.js';
import { forms, leadConsents, leads } from '../../db/schema/index.js';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '../../lib/keyset.js';
import { containsPattern } from '../../lib/like.js';
import { assertOwnForm } from '../forms/index.js';
import { latestPayments } from '../payments/index.js';
import { fieldLabelsOf, labelAnswers } from './field-columns.js';

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

/** One page's leads, for its analytics. */
export async function listLeads(db: Db, workspaceId: string, formId: string, cursor?: string): Promise<LeadListPage> {
  await assertOwnForm(db, workspaceId, formId);
  return leadPage(db, [eq(leads.formId, formId), eq(leads.workspaceId, workspaceId)], cursor);
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
 * contains that part; the exact test that follows checks the whole text.
 */
export function indexedPart(q: string): string {
  const at = q.indexOf('@');
  return at >= 3 ? q.slice(0, at + 1) : q;
}

/**
 * The SQL conditions over `leads` for the workspace's leads matching `filter` (the page id must have
 * been checked with assertOwnForm). Shared with the export, which streams the same rows.
 */
export function workspaceLeadsWhere(workspaceId: string, filter: Omit<WorkspaceLeadsFilter, 'cursor' | 'q'> & { q?: string }) {
  const text = filter.q ? containsPattern(filter.q) : null;
  return and(
    eq(leads.workspaceId, workspaceId),
    filter.form ? eq(leads.formId, filter.form) : undefined,
    text
      ? and(
          // The trigram index's superset (address and answers on one text, migration 0015), then the exact test.
          sql`lead_search_text(${leads.email}, ${leads.data}) ilike ${containsPattern(indexedPart(filter.q!))}`,
          or(ilike(leads.email, text), sql`exists (select 1 from jsonb_each_text(${leads.data}) a where a.value ilike ${text})`),
        )
      : undefined,
    filter.status ? STATUS_CONDITION[filter.status] : undefined,
    filter.from ? gte(leads.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(leads.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)) : undefined,
    filter.utmSource ? eq(leads.utmSource, filter.utmSource) : undefined,
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
  return leadPage(db, [workspaceLeadsWhere(workspaceId, filter)], filter.cursor, size);
}
