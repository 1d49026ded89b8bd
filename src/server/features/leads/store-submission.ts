import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Submission } from '../../../domain/submission.js';
import { executePrepared } from '../../db/client.js';
import { CONSENT_VERSION, consentText, submitLabel } from '../../../landing/index.js';
import { leadConsents, leads, submissions, type ShownPage } from '../../db/schema/index.js';
import { bumpDailyStatsFrom } from '../daily-stats/index.js';
import { ensureTask, isMissingTask, nudgeJobRunners, quietJobInsert } from '../../lib/jobs.js';
import type { ClientMeta, LeadDeps } from './lead-state.js';
import type { LiveForm } from './live-form.js';
import { FOLLOW_UP_TASK } from './follow-up.task.js';

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
 * Stores one accepted submission in ONE statement, which PostgreSQL runs atomically (all of it is
 * committed, or none): the lead (created, or the existing one for this address, left as it was),
 * the day's count, the submission with its evidence of consent, and the job that sends what is due.
 * One round trip instead of a transaction's seven; durable at its (synchronous) commit like any
 * transaction. The job is queued without NOTIFY, which would serialise every submission's commit
 * (decision 0027); the runners are nudged by a separate, diskless statement after the commit.
 * The statement is the same whether the address was known or not, so neither the answer nor its
 * timing tells the submitter which it was; what differs (a new code, the download again, the
 * owner's usage email) is decided by the job.
 */
export async function storeSubmission(
  deps: LeadDeps,
  form: LiveForm,
  submission: Submission,
  meta: VisitMeta,
  now = new Date(),
): Promise<{ submissionId: string; leadId: string }> {
  const paid = form.config.payment.enabled;
  const verified = !form.config.doubleOptIn && !paid;
  const submissionId = randomUUID();
  const lead = sql`lead`;
  const statement = sql`
    with
    lead as (
      insert into ${leads} (id, form_id, workspace_id, email, data, status, payment_state, verified_at, referrer,
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, created_at)
      select ${randomUUID()}::uuid, ${form.id}, ${form.workspaceId}, ${submission.email}, ${JSON.stringify(submission.data)}::jsonb,
        ${verified ? 'verified' : 'pending'}, ${paid ? 'awaiting' : 'none'}, ${verified ? now.toISOString() : null}::timestamptz,
        ${meta.referrer}::text, ${meta.utm.utmSource ?? null}::text, ${meta.utm.utmMedium ?? null}::text,
        ${meta.utm.utmCampaign ?? null}::text, ${meta.utm.utmTerm ?? null}::text, ${meta.utm.utmContent ?? null}::text,
        ${now.toISOString()}::timestamptz
      -- A known address keeps its lead as it was: a stranger typing it changes nothing of it.
      on conflict (form_id, email) do update set email = excluded.email
      returning id, (xmax = 0) as created
    ),
    day as (${bumpDailyStatsFrom(
      lead,
      form.id,
      {
        leads: sql`case when created then 1 else 0 end`,
        confirmations: sql`case when created and ${verified}::boolean then 1 else 0 end`,
      },
      now,
    )}),
    submission as (
      insert into ${submissions} (id, lead_id, form_id, form_version, created_at, unlocked_at, last_code_at)
      select ${submissionId}::uuid, id, ${form.id}, ${form.version}::int, ${now.toISOString()}::timestamptz,
        ${verified ? now.toISOString() : null}::timestamptz, ${form.config.doubleOptIn && !paid ? now.toISOString() : null}::timestamptz
      from lead
    ),
    consent as (
      insert into ${leadConsents} (lead_id, submission_id, event, text, version, agreed, form_version, shown, given_at, ip_hash, user_agent_hash)
      select id, ${submissionId}::uuid, 'signup', ${submission.consent ? consentText(form.config.businessName) : NO_CHECKBOX},
        ${CONSENT_VERSION}::int, ${submission.consent}::boolean, ${form.version}::int, ${JSON.stringify(shownPage(form.config))}::jsonb,
        ${now.toISOString()}::timestamptz, ${deps.tokens.hashValue('ip', meta.ip)}, ${deps.tokens.hashValue('ua', meta.userAgent)}
      from lead
    ),
    -- Queued for every submission, paid pages too (they are sent nothing until the payment is
    -- confirmed, but a new lead's lead.created event is written there, not here).
    job as (${quietJobInsert(FOLLOW_UP_TASK, sql`json_build_object('submissionId', ${submissionId}::text, 'newLead', created)`, lead)})
    select (select id from lead) as lead_id, (select count(*) from job)::int as jobs`;
  const run = () => executePrepared<{ lead_id: string; jobs: number }>(deps.db, statement);
  // A database whose job runner never registered the follow-up task: the statement failed whole.
  const result = await run().catch(async (err: unknown) => {
    if (!isMissingTask(err)) throw err;
    await ensureTask(deps.db, FOLLOW_UP_TASK);
    return run();
  });
  const row = result.rows[0]!;
  if (row.jobs !== 1) throw new Error('a stored submission must queue its follow-up job');
  // Awaited (the same statements for every submission) but never failing the stored submission: a
  // runner that is not woken finds the job at its next poll.
  await nudgeJobRunners(deps.db).catch(() => undefined);
  return { submissionId, leadId: row.lead_id };
}
