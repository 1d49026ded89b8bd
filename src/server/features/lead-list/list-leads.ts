import { and, desc, eq, sql } from 'drizzle-orm';
import { LEADS_PAGE_SIZE, type LeadListPage } from '../../../domain/forms-api.js';
import type { Db } from '../../db/client.js';
import { leadConsents, leads } from '../../db/schema/index.js';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '../../lib/keyset.js';
import { isUuid } from '../../../domain/ids.js';
import { assertOwnForm } from '../forms/index.js';
import { latestPayments } from '../payments/index.js';

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
