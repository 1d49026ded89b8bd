import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LEADS_PAGE_SIZE, type LeadPayment } from '@/domain/forms-api';
import { orderFigures } from '@/domain/paid-orders';
import type { PaymentListPage, Revenue } from '@/domain/payments';
import type { Db, Executor } from '@/server/db/client';
import { forms, leads, payments } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '@/server/lib/keyset';
import { isUuid } from '@/domain/ids';

/** Money taken (paid, not refunded), per currency, for a workspace or one of its forms. */
export async function revenue(db: Executor, workspaceId: string, formId?: string): Promise<Revenue[]> {
  const rows = await db
    .select({ currency: payments.currency, amount: sql<number>`sum(${payments.amount})::bigint`.mapWith(Number) })
    .from(payments)
    .where(
      and(eq(payments.workspaceId, workspaceId), eq(payments.status, 'paid'), formId ? eq(payments.formId, formId) : undefined),
    )
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  return rows;
}

/** Each lead's latest payment, for the leads table. */
export async function latestPayments(db: Db, leadIds: string[]): Promise<Map<string, LeadPayment>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payments.leadId], {
      leadId: payments.leadId,
      provider: payments.provider,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      checkoutId: payments.checkoutId,
      chargeId: payments.chargeId,
    })
    .from(payments)
    .where(inArray(payments.leadId, leadIds))
    .orderBy(payments.leadId, desc(payments.createdAt));
  const byLead = new Map<string, LeadPayment>();
  for (const r of rows) {
    if (r.leadId === null) continue; // never: only rows of the given leads are read
    byLead.set(r.leadId, {
      provider: r.provider,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reference: r.chargeId ?? r.checkoutId,
    });
  }
  return byLead;
}

/** A form's payments, newest first, 50 a page. */
export async function listPayments(db: Executor, workspaceId: string, formId: string, cursor?: string): Promise<PaymentListPage> {
  const after = cursor ? decodeCursor(cursor, isUuid) : undefined;
  const [form] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId)));
  if (!form) throw notFound('This form');
  const rows = await db
    .select({ payment: payments, email: leads.email, position: cursorTime(payments.createdAt) })
    .from(payments)
    // A left join: an erased person's payment stays listed (tax records), without an address; so
    // does a held lead's (decision 0045), until the lead is released.
    .leftJoin(leads, and(eq(leads.id, payments.leadId), isNull(leads.heldAt)))
    .where(
      and(
        eq(payments.formId, formId),
        eq(payments.workspaceId, workspaceId),
        after ? olderThan(payments.createdAt, payments.id, after, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(LEADS_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, LEADS_PAGE_SIZE, (r) => ({ time: r.position, id: r.payment.id }));
  return {
    items: page.map(({ payment: p, email }) => ({
      id: p.id,
      leadId: email === null ? null : p.leadId,
      email,
      provider: p.provider,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      ...listedFigures(p),
      reference: p.chargeId ?? p.checkoutId,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      refundedAt: p.refundedAt?.toISOString() ?? null,
    })),
    nextCursor,
  };
}

/** A payment's order number and settled figures as the owner's list shows them (tax null: not calculated). */
function listedFigures(p: typeof payments.$inferSelect) {
  const f = orderFigures(p);
  return {
    orderNumber: p.orderNumber,
    netAmount: f.net,
    taxAmount: p.provider === 'paypal' ? null : f.tax,
    totalAmount: f.total,
    discountAmount: f.discount,
    promotionCode: p.promotionCode,
  };
}
