import { asc, eq, inArray } from 'drizzle-orm';
import { NOT_LINKABLE, type AccessCounts, type AccessExport, type AccessLead } from '@/domain/data-requests';
import type { FormConfig } from '@/domain/form-config';
import type { Db } from '@/server/db/client';
import { conversionSends, emailDeliveries, leadConsents, leadEmails, payments, submissions } from '@/server/db/schema';
import type { Tokens } from '@/server/lib/tokens';
import type { WorkspaceActor } from '@/server/features/auth';
import { logDataRequest } from './request-log.js';
import { subjectHashOf, subjectLeads, tombstoneOf, workspaceName } from './subject.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Rows of `leadIds`, grouped by lead. */
function byLead<T extends { leadId: string | null }>(rows: T[]) {
  const groups = new Map<string, T[]>();
  for (const row of rows) if (row.leadId) groups.set(row.leadId, [...(groups.get(row.leadId) ?? []), row]);
  return (leadId: string) => groups.get(leadId) ?? [];
}

/** Each answer with the label its page gives the field today (the consent records hold what was shown then). */
function answersOf(data: Record<string, string>, config: FormConfig | null) {
  const labels = new Map(config?.fields.map((f) => [f.id, f.label]) ?? []);
  return Object.entries(data).map(([fieldId, value]) => ({ fieldId, label: labels.get(fieldId) ?? fieldId, value }));
}

/**
 * Everything the workspace holds about one address, across all its pages (GDPR art. 15): leads with
 * answers, submissions, consent evidence, payments, the log of emails sent to them and the conversions
 * reported to ad platforms about them. Logged with
 * the counts; an address with no leads gives a valid file with none (and is logged too).
 */
export async function accessRequest(
  deps: { db: Db; tokens: Tokens },
  owner: WorkspaceActor,
  email: string,
): Promise<AccessExport> {
  const { db, tokens } = deps;
  return db.transaction(async (tx) => {
    const found = await subjectLeads(tx, owner.workspaceId, email);
    const ids = found.map((f) => f.lead.id);
    const none = ids.length === 0;
    // One query after another: they share the transaction's connection.
    const subs = none
      ? []
      : await tx.select().from(submissions).where(inArray(submissions.leadId, ids)).orderBy(asc(submissions.createdAt));
    const consents = none
      ? []
      : await tx.select().from(leadConsents).where(inArray(leadConsents.leadId, ids)).orderBy(asc(leadConsents.givenAt));
    const paid = none
      ? []
      : await tx.select().from(payments).where(inArray(payments.leadId, ids)).orderBy(asc(payments.createdAt));
    const emails = none
      ? []
      : await tx
          .select({
            leadId: leadEmails.leadId,
            kind: leadEmails.kind,
            queuedAt: leadEmails.queuedAt,
            deliveredAt: emailDeliveries.sentAt,
          })
          .from(leadEmails)
          .leftJoin(emailDeliveries, eq(emailDeliveries.messageId, leadEmails.messageId))
          .where(inArray(leadEmails.leadId, ids))
          .orderBy(asc(leadEmails.queuedAt));
    const sent = none
      ? []
      : await tx
          .select()
          .from(conversionSends)
          .where(inArray(conversionSends.leadId, ids))
          .orderBy(asc(conversionSends.createdAt));
    const [subsOf, consentsOf, paymentsOf, emailsOf, sentOf] = [
      byLead(subs),
      byLead(consents),
      byLead(paid),
      byLead(emails),
      byLead(sent),
    ];

    const leadsOut: AccessLead[] = found.map(({ lead, page }) => ({
      page: { id: page.id, name: page.name },
      email: lead.email,
      answers: answersOf(lead.data, page.published ?? page.draft),
      status: lead.status,
      paymentState: lead.paymentState,
      createdAt: lead.createdAt.toISOString(),
      confirmedAt: iso(lead.verifiedAt),
      utmSource: lead.utmSource,
      utmMedium: lead.utmMedium,
      utmCampaign: lead.utmCampaign,
      utmTerm: lead.utmTerm,
      utmContent: lead.utmContent,
      referrer: lead.referrer,
      downloads: lead.downloads,
      lastDownloadAt: iso(lead.lastDownloadAt),
      submissions: subsOf(lead.id).map((s) => ({ createdAt: s.createdAt.toISOString(), pageVersion: s.formVersion })),
      consents: consentsOf(lead.id).map((c) => ({
        event: c.event,
        method: c.method,
        text: c.text,
        version: c.version,
        agreed: c.agreed,
        pageVersion: c.formVersion,
        shown: c.shown,
        givenAt: c.givenAt.toISOString(),
        ipHash: c.ipHash,
        userAgentHash: c.userAgentHash,
      })),
      payments: paymentsOf(lead.id).map((p) => ({
        id: p.id,
        provider: p.provider,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        checkoutId: p.checkoutId,
        chargeId: p.chargeId,
        createdAt: p.createdAt.toISOString(),
        paidAt: iso(p.paidAt),
        refundedAt: iso(p.refundedAt),
      })),
      emails: emailsOf(lead.id).map((e) => ({
        kind: e.kind,
        queuedAt: e.queuedAt.toISOString(),
        deliveredAt: iso(e.deliveredAt),
      })),
      marketing: lead.marketing,
      conversions: sentOf(lead.id).map((c) => ({
        destination: c.destination,
        event: c.event,
        eventId: c.eventId,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        sentAt: iso(c.sentAt),
        body: c.body,
      })),
    }));

    const counts: AccessCounts = {
      leads: leadsOut.length,
      answers: leadsOut.reduce((n, l) => n + l.answers.length, 0),
      consents: consents.length,
      submissions: subs.length,
      payments: paid.length,
      emails: emails.length,
      conversions: sent.length,
    };
    const subjectHash = subjectHashOf(tokens, owner.workspaceId, email);
    const erasedAt = await tombstoneOf(tx, owner.workspaceId, subjectHash);
    await logDataRequest(tx, owner, 'access', subjectHash, { ...counts });
    return {
      generatedAt: new Date().toISOString(),
      workspace: await workspaceName(tx, owner.workspaceId),
      subject: email,
      leads: leadsOut,
      erasure: erasedAt ? { erasedAt: erasedAt.toISOString() } : null,
      notes: [
        ...NOT_LINKABLE,
        'Answers are labelled with the page’s current field labels; each sign-up’s consent record holds the page as it was shown then.',
      ],
    };
  });
}
