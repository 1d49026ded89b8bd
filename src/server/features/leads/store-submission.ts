import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Submission } from '../../../domain/submission.js';
import { CONSENT_VERSION, consentText, submitLabel } from '../../../landing/index.js';
import type { Executor } from '../../db/client.js';
import { leadConsents, leads, submissions, type ShownPage } from '../../db/schema/index.js';
import { bumpDailyStats } from '../daily-stats/index.js';
import { addJob } from '../../lib/jobs.js';
import type { ClientMeta, LeadDeps, LeadRow } from './lead-state.js';
import type { LiveForm } from './live-form.js';
import { FOLLOW_UP_TASK, type FollowUpPayload } from './follow-up.task.js';

export interface VisitMeta extends ClientMeta {
  utm: Partial<Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string>>;
  referrer: string | null;
}

const NO_CHECKBOX = 'No consent checkbox was shown; the visitor submitted the form.';

/** What the page showed the visitor when they pressed the button: kept as evidence with the sign-up. */
export function shownPage(config: LiveForm['config']): ShownPage {
  return {
    title: config.title,
    businessName: config.businessName,
    submitLabel: submitLabel(config),
    consentLabel: config.privacyPolicy ? consentText(config.businessName) : null,
    ...(config.privacyPolicy && config.privacyPolicyUrl ? { privacyPolicyUrl: config.privacyPolicyUrl } : {}),
    doubleOptIn: config.doubleOptIn,
    fields: config.fields.map((f) => ({ id: f.id, label: f.label, required: f.required })),
  };
}

/**
 * Stores one accepted submission in one transaction: the lead (created, or the existing one for
 * this address, left as it was), the day's count, the submission with its evidence of consent, and
 * the job that sends what is due. The statements are the same whether the address was known or
 * not, so neither the answer nor its timing tells the submitter which it was; what differs (a new
 * code, the download again, the owner's usage email) is decided by the job.
 */
export async function storeSubmission(
  deps: LeadDeps,
  form: LiveForm,
  submission: Submission,
  meta: VisitMeta,
  now = new Date(),
): Promise<{ submissionId: string; lead: LeadRow }> {
  const paid = form.config.payment.enabled;
  const verified = !form.config.doubleOptIn && !paid;
  return deps.db.transaction(async (tx: Executor) => {
    const [row] = await tx
      .insert(leads)
      .values({
        id: randomUUID(),
        formId: form.id,
        workspaceId: form.workspaceId,
        email: submission.email,
        data: submission.data,
        status: verified ? 'verified' : 'pending',
        paymentState: paid ? 'awaiting' : 'none',
        verifiedAt: verified ? now : null,
        referrer: meta.referrer,
        ...meta.utm,
        createdAt: now,
      })
      // A known address keeps its lead as it was: a stranger typing it changes nothing of it.
      .onConflictDoUpdate({ target: [leads.formId, leads.email], set: { email: sql`excluded.email` } })
      .returning({ ...getTableColumns(leads), created: sql<boolean>`(xmax = 0)` });
    const { created, ...lead } = row!;
    await bumpDailyStats(tx, form.id, { leads: created ? 1 : 0, confirmations: created && verified ? 1 : 0 }, now);

    const submissionId = randomUUID();
    await tx.insert(submissions).values({
      id: submissionId,
      leadId: lead.id,
      formId: form.id,
      formVersion: form.version,
      createdAt: now,
      unlockedAt: verified ? now : null,
      lastCodeAt: form.config.doubleOptIn && !paid ? now : null,
    });
    await tx.insert(leadConsents).values({
      leadId: lead.id,
      submissionId,
      event: 'signup',
      text: submission.consent ? consentText(form.config.businessName) : NO_CHECKBOX,
      version: CONSENT_VERSION,
      agreed: submission.consent,
      formVersion: form.version,
      shown: shownPage(form.config),
      givenAt: now,
      ipHash: deps.tokens.hashValue('ip', meta.ip),
      userAgentHash: deps.tokens.hashValue('ua', meta.userAgent),
    });
    // Queued for every submission, paid pages too (they are sent nothing until the payment is
    // confirmed, but a new lead's lead.created event is written there, not here).
    await addJob(tx, FOLLOW_UP_TASK, { submissionId, newLead: created } satisfies FollowUpPayload);
    return { submissionId, lead };
  });
}
