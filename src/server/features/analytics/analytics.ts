import { and, desc, eq, gte, lte, sql, type AnyColumn } from 'drizzle-orm';
import {
  ANALYTICS_DAYS,
  LEADS_PAGE_SIZE,
  type DailyStat,
  type FormAnalytics,
  type LeadListPage,
} from '../../../domain/forms-api.js';
import type { Db, Executor } from '../../db/client.js';
import { formDailyStats, forms, leadConsents, leads } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { isUuid } from '../../lib/validate.js';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '../../lib/keyset.js';
import { latestPayments, revenue } from '../payments/ledger.js';

const DAY_MS = 86_400_000;

/** UTC calendar days, as the roll-up stores them (see leads/analytics.ts), oldest first. */
export function lastDays(count: number, now = new Date()): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** 404 unless the form belongs to the workspace: nothing below reads a form the caller does not own. */
async function assertOwnForm(executor: Executor, workspaceId: string, formId: string) {
  const [row] = await executor
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId)));
  if (!row) throw notFound('This form');
}

const int = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;

/** The last 30 days of the form's roll-up, zero-filled, and its all-time totals. */
export async function formAnalytics(db: Db, workspaceId: string, formId: string, now = new Date()): Promise<FormAnalytics> {
  await assertOwnForm(db, workspaceId, formId);
  const days = lastDays(ANALYTICS_DAYS, now);
  const [rows, [totals], money] = await Promise.all([
    db
      .select({
        day: formDailyStats.day,
        views: formDailyStats.views,
        uniqueVisitors: formDailyStats.uniqueVisitors,
        leads: formDailyStats.leads,
        confirmations: formDailyStats.confirmations,
        downloads: formDailyStats.downloads,
      })
      .from(formDailyStats)
      .where(and(eq(formDailyStats.formId, formId), gte(formDailyStats.day, days[0]!), lte(formDailyStats.day, days.at(-1)!))),
    db
      .select({
        views: int(formDailyStats.views),
        uniqueVisitors: int(formDailyStats.uniqueVisitors),
        leads: int(formDailyStats.leads),
        confirmations: int(formDailyStats.confirmations),
        downloads: int(formDailyStats.downloads),
      })
      .from(formDailyStats)
      .where(eq(formDailyStats.formId, formId)),
    revenue(db, workspaceId, formId),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: DailyStat[] = days.map(
    (day) => byDay.get(day) ?? { day, views: 0, uniqueVisitors: 0, leads: 0, confirmations: 0, downloads: 0 },
  );
  const sums = totals ?? { views: 0, uniqueVisitors: 0, leads: 0, confirmations: 0, downloads: 0 };
  return { days: series, totals: { ...sums, conversionRate: percent(sums.leads, sums.views) }, revenue: money };
}

/** The form's leads, newest first, 50 a page, keyset-paginated on (created_at, id). */
export async function listLeads(db: Db, workspaceId: string, formId: string, cursor?: string): Promise<LeadListPage> {
  const after = cursor ? decodeCursor(cursor, isUuid) : undefined;
  await assertOwnForm(db, workspaceId, formId);
  const rows = await db
    .select({
      id: leads.id,
      email: leads.email,
      data: leads.data,
      status: leads.status,
      createdAt: leads.createdAt,
      verifiedAt: leads.verifiedAt,
      utmSource: leads.utmSource,
      downloads: leads.downloads,
      // Qualified by hand: inside the subquery a bare "id" would be the consent's own.
      consentGivenAt: sql<Date | null>`(select max(c.given_at) from ${leadConsents} c
        where c.lead_id = ${leads}.id and c.event = 'signup' and c.agreed)`.mapWith(leadConsents.givenAt),
      position: cursorTime(leads.createdAt),
    })
    .from(leads)
    .where(
      and(
        eq(leads.formId, formId),
        eq(leads.workspaceId, workspaceId),
        after ? olderThan(leads.createdAt, leads.id, after, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, LEADS_PAGE_SIZE, (r) => ({ time: r.position, id: r.id }));
  const paymentOf = await latestPayments(
    db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((r) => ({
      id: r.id,
      email: r.email,
      data: r.data,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      consentGivenAt: r.consentGivenAt?.toISOString() ?? null,
      utmSource: r.utmSource,
      downloads: r.downloads,
      payment: paymentOf.get(r.id) ?? null,
    })),
    nextCursor,
  };
}
