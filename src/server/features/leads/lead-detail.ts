import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import type { LeadAnswer, LeadDetail } from '@/domain/lead-detail';
import type { Db } from '@/server/db/client';
import {
  conversionSends,
  emailSuppressions,
  forms,
  leadConsents,
  leadEmails,
  leadSyncs,
  leads,
  payments,
  submissions,
} from '@/server/db/schema';
import { leadFollowUps, suppressionHash } from '@/server/features/follow-ups/index';
import { notFound } from '@/server/lib/http-errors';
import { answerFields } from './field-columns.js';
import { leadTimeline } from './lead-timeline.js';

/** The answers in the page's field order, then answers to fields the page no longer has, under their ids. */
function labelledAnswers(fields: Array<{ id: string; label: string }>, data: Record<string, string>): LeadAnswer[] {
  const known = new Set(fields.map((f) => f.id));
  const answers = fields.flatMap((f) => (data[f.id] ? [{ fieldId: f.id, label: f.label, value: data[f.id]! }] : []));
  for (const [id, value] of Object.entries(data)) if (!known.has(id) && value) answers.push({ fieldId: id, label: id, value });
  return answers;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * One lead of the workspace with its answers, consent evidence, payments and timeline; 404 for
 * anything else. `secret` (SECRET) finds the address on the workspace's suppression list, by its keyed hash.
 */
export async function getLeadDetail(db: Db, workspaceId: string, id: string, secret: string): Promise<LeadDetail> {
  // A malformed id is not found, like another workspace's: it never reaches a uuid cast in SQL.
  if (!isUuid(id)) throw notFound('This lead');
  const [row] = await db
    .select({ lead: leads, formName: forms.name, published: forms.published, draft: forms.draft })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    // A held lead is not found until released (decision 0045).
    .where(and(eq(leads.id, id), eq(leads.workspaceId, workspaceId), isNull(leads.heldAt)));
  if (!row) throw notFound('This lead');
  const { lead } = row;

  const [submitted, consents, paid, emails, syncs, conversions, followUps, suppressed] = await Promise.all([
    db
      .select({ createdAt: submissions.createdAt, formVersion: submissions.formVersion })
      .from(submissions)
      .where(eq(submissions.leadId, id))
      .orderBy(asc(submissions.createdAt)),
    db.select().from(leadConsents).where(eq(leadConsents.leadId, id)).orderBy(asc(leadConsents.givenAt), asc(leadConsents.id)),
    db.select().from(payments).where(eq(payments.leadId, id)).orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select({ kind: leadEmails.kind, queuedAt: leadEmails.queuedAt })
      .from(leadEmails)
      .where(eq(leadEmails.leadId, id))
      .orderBy(asc(leadEmails.queuedAt)),
    db.select().from(leadSyncs).where(eq(leadSyncs.leadId, id)).orderBy(asc(leadSyncs.provider)),
    db.select().from(conversionSends).where(eq(conversionSends.leadId, id)).orderBy(asc(conversionSends.createdAt)),
    leadFollowUps(db, id, row.published),
    db
      .select()
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.workspaceId, workspaceId),
          eq(emailSuppressions.emailHash, suppressionHash(secret, workspaceId, lead.email)),
        ),
      ),
  ]);

  return {
    id: lead.id,
    form: { id: lead.formId, name: row.formName },
    email: lead.email,
    status: lead.status,
    paymentState: lead.paymentState,
    answers: labelledAnswers(answerFields(row.published ?? row.draft), lead.data),
    utm: {
      source: lead.utmSource,
      medium: lead.utmMedium,
      campaign: lead.utmCampaign,
      term: lead.utmTerm,
      content: lead.utmContent,
    },
    referrer: lead.referrer,
    placement: lead.placementId ? { id: lead.placementId, name: lead.placementName ?? '' } : null,
    hostUrl: lead.hostUrl,
    abVariant: lead.abVariant,
    createdAt: lead.createdAt.toISOString(),
    verifiedAt: iso(lead.verifiedAt),
    downloads: lead.downloads,
    lastDownloadAt: iso(lead.lastDownloadAt),
    consents: consents.map((c) => ({
      id: c.id,
      event: c.event,
      method: c.method,
      text: c.text,
      version: c.version,
      agreed: c.agreed,
      formVersion: c.formVersion,
      shown: c.shown,
      givenAt: c.givenAt.toISOString(),
      ipHash: c.ipHash,
      userAgentHash: c.userAgentHash,
    })),
    payments: paid.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      failureReason: p.failureReason,
      reference: p.chargeId ?? p.checkoutId,
      createdAt: p.createdAt.toISOString(),
      paidAt: iso(p.paidAt),
      refundedAt: iso(p.refundedAt),
    })),
    timeline: leadTimeline({
      lead,
      submissions: submitted,
      consents,
      payments: paid,
      emails,
      syncs,
      conversions,
      followUps: followUps.sent,
      suppressions: suppressed,
    }),
    // 'kit' < 'mailchimp' alphabetically; Mailchimp is shown first.
    syncs: syncs
      .map((s) => ({
        provider: s.provider,
        status: s.status,
        lastError: s.lastError,
        syncedAt: iso(s.syncedAt),
        attempts: s.attempts,
      }))
      .reverse(),
    followUps,
  };
}
