import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { forms, leadConsents, leads, payments } from '@/server/db/schema/index';

// The export reads through one pooled client with a server-side cursor (export-leads.ts), so its
// statements are plain SQL text; they are written with drizzle's `sql` so the filter's conditions
// (shared with GET /api/leads) stay one piece of code, and rendered to text and parameters here.
const dialect = new PgDialect();
export const toQuery = (query: SQL) => dialect.sqlToQuery(query);

/** The pages that have at least one lead in the export, oldest first: their configs name the answer columns. */
export const pagesQuery = (workspaceId: string, where: SQL) =>
  toQuery(sql`select ${forms.id} as "id", coalesce(${forms.published}, ${forms.draft}) as "config"
    from ${forms}
    where ${forms.workspaceId} = ${workspaceId}
      and exists (select 1 from ${leads} where ${leads.formId} = ${forms.id} and ${where})
    order by ${forms.createdAt}, ${forms.id}`);

export const countQuery = (where: SQL) => toQuery(sql`select count(*)::int as "count" from ${leads} where ${where}`);

/**
 * Every lead of the export, newest first as the owner's list shows them, with its page's name and
 * its latest sign-up consent and confirmation (columns named as ExportRow's properties).
 */
export const rowsQuery = (where: SQL) =>
  toQuery(sql`select ${leads.id} as "id", ${leads.email} as "email", ${forms.name} as "formName",
      ${leads.formId} as "formId", ${leads.status} as "status", ${leads.paymentState} as "paymentState",
      ${leads.createdAt} as "createdAt", ${leads.verifiedAt} as "verifiedAt",
      ${leads.utmSource} as "utmSource", ${leads.utmMedium} as "utmMedium", ${leads.utmCampaign} as "utmCampaign",
      ${leads.utmTerm} as "utmTerm", ${leads.utmContent} as "utmContent", ${leads.referrer} as "referrer",
      ${leads.placementId} as "placementId", ${leads.placementName} as "placementName", ${leads.hostUrl} as "hostUrl",
      ${leads.downloads} as "downloads", ${leads.data} as "data",
      signup.given_at as "consentGivenAt", signup.agreed as "consentAgreed", signup.text as "consentText",
      signup.version as "consentVersion", signup.form_version as "pageVersion", confirmation.method as "confirmedVia",
      paid.order_number as "orderNumber", paid.provider as "paidWith", paid.currency as "currency", paid.amount as "amount",
      paid.net_amount as "netAmount", paid.tax_amount as "taxAmount", paid.discount_amount as "discountAmount",
      paid.promotion_code as "promotionCode"
    from ${leads}
    join ${forms} on ${forms.id} = ${leads.formId}
    left join lateral (
      select c.given_at, c.agreed, c.text, c.version, c.form_version from ${leadConsents} c
      where c.lead_id = ${leads.id} and c.event = 'signup' order by c.given_at desc limit 1
    ) signup on true
    left join lateral (
      select c.method from ${leadConsents} c
      where c.lead_id = ${leads.id} and c.event = 'confirmation' order by c.given_at desc limit 1
    ) confirmation on true
    left join lateral (
      select p.order_number, p.provider, p.currency, p.amount, p.net_amount, p.tax_amount, p.discount_amount, p.promotion_code
      from ${payments} p
      where p.lead_id = ${leads.id} and p.status in ('paid', 'refunded') order by p.paid_at desc limit 1
    ) paid on true
    where ${where}
    order by ${leads.createdAt} desc, ${leads.id} desc`);
