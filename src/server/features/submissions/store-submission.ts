import type { MarketingContext } from '@/domain/conversions';
import { pageWords } from '@/server/lib/visitor-words';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { variantConfig } from '@/domain/ab-test';
import type { AbVariant } from '@/domain/ab-variants';
import { shownSections } from '@/domain/sections';
import type { Submission } from '@/domain/submission';
import { executePrepared, type Db } from '@/server/db/client';
import { CONSENT_VERSION, consentText, followUpOptInText, submitLabel } from '@/landing';
import { leadConsents, leads, placementDailyStats, placements, submissions, type ShownPage } from '@/server/db/schema';
import { bumpDailyStatsFrom, today } from '@/server/features/page-counts';
import { batchedPer } from '@/server/lib/batched';
import { ensureTask, isMissingTask, nudgeJobRunnersSoon, quietJobInsert } from '@/server/lib/jobs';
import type { ClientMeta, LeadDeps } from './lead-state.js';
import type { LiveForm } from './live-form.js';
import { FOLLOW_UP_TASK } from './follow-up.task.js';
import type { PagePlacement } from './page-placement.js';
import { signupRoomSql } from '@/server/features/plan-limits';

export interface VisitMeta extends ClientMeta {
  utm: Partial<Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string>>;
  referrer: string | null;
  /** The A/B test variant the visitor saw (absent or null: the page ran no test). */
  abVariant?: AbVariant | null;
  /** The placement on the owner's site the visitor signed up through (page-placement.ts), and that site's page. */
  placement?: PagePlacement | null;
  hostUrl?: string | null;
  /** What the visitor's acceptance of marketing left for server-side conversions; absent: not accepted. */
  marketing?: MarketingContext | null;
}

const NO_CHECKBOX = 'No consent checkbox was shown; the visitor submitted the form.';

/** What the page showed the visitor when they pressed the button: kept as evidence with the sign-up. */
export function shownPage(config: LiveForm['config']): ShownPage {
  const t = pageWords(config);
  return {
    title: config.title,
    businessName: config.businessName,
    submitLabel: submitLabel(config, t),
    consentLabel: config.privacyPolicy ? consentText(config, t) : null,
    ...(config.privacyPolicy && config.privacyPolicyUrl ? { privacyPolicyUrl: config.privacyPolicyUrl } : {}),
    doubleOptIn: config.doubleOptIn,
    fields: config.fields.map((f) => ({ id: f.id, label: f.label, required: f.required })),
    // The words around the form too (benefits, testimonials, a deadline…), as the visitor had them.
    sections: shownSections(config),
    language: t.language,
  };
}

/** A submission as its store writes it: every value of its rows, worked out before the statement. */
interface Entry {
  submissionId: string;
  leadId: string;
  formId: string;
  workspaceId: string;
  email: string;
  data: string;
  verified: boolean;
  paid: boolean;
  /** Double opt-in on a free page: the page asks for a code now. */
  asksCode: boolean;
  referrer: string | null;
  utm: VisitMeta['utm'];
  abVariant: AbVariant | null;
  placementId: string | null;
  placementName: string | null;
  hostUrl: string | null;
  marketing: string | null;
  at: Date;
  formVersion: number;
  consentText: string;
  agreed: boolean;
  /** The follow-up opt-in's words as shown, or null when the page did not show it. */
  followUpsText: string | null;
  followUpsAgreed: boolean;
  shown: string;
  ipHash: string;
  userAgentHash: string;
}

/**
 * Stores one accepted submission; those that arrive together are stored together, by ONE statement
 * (`storeEntries`), which PostgreSQL runs atomically (all of it is committed, or none): each lead
 * (created, or the existing one for its address, left as it was), the days' counts, the submissions
 * with their evidence of consent, and the jobs that send what is due. The answer waits for that
 * statement's (synchronous) commit, like any transaction's. The jobs are queued without NOTIFY,
 * which would serialise every commit (decision 0027); the runners are nudged by a separate,
 * diskless statement after the commit (at most twenty times a second: `nudgeJobRunnersSoon`). The
 * statement is the same whether an address was known or not, so neither the answer nor its timing
 * tells the submitter which it was; what differs (a new code, the download again, the owner's usage
 * email) is decided by the job.
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
  const stored = await store(deps.db, {
    submissionId: randomUUID(),
    leadId: randomUUID(),
    formId: form.id,
    workspaceId: form.workspaceId,
    email: submission.email,
    data: JSON.stringify(submission.data),
    verified,
    paid,
    asksCode: form.config.doubleOptIn && !paid,
    referrer: meta.referrer,
    utm: meta.utm,
    abVariant: meta.abVariant ?? null,
    placementId: meta.placement?.id ?? null,
    placementName: meta.placement?.name ?? null,
    // The host page is recorded only with the placement that was shown on it.
    hostUrl: meta.placement ? (meta.hostUrl ?? null) : null,
    marketing: meta.marketing ? JSON.stringify(meta.marketing) : null,
    at: now,
    formVersion: form.version,
    consentText: submission.consent ? consentText(form.config, pageWords(form.config)) : NO_CHECKBOX,
    agreed: submission.consent,
    // The follow-up opt-in's own evidence row, only when the page showed it (ticked or not).
    followUpsText: submission.followUps === undefined ? null : followUpOptInText(form.config, pageWords(form.config)),
    followUpsAgreed: submission.followUps === true,
    // The evidence is of the page this visitor saw: variant B has its own title.
    shown: JSON.stringify(shownPage(variantConfig(form.config, meta.abVariant ?? 'a'))),
    ipHash: deps.tokens.hashValue('ip', meta.ip),
    userAgentHash: deps.tokens.hashValue('ua', meta.userAgent),
  });
  // Not waited for, and never failing the stored submission: the runners are woken within 50 ms,
  // or find the job at their next poll.
  nudgeJobRunnersSoon(deps.db);
  return stored;
}

/**
 * Group commit (decision 0036): the submissions that arrive while a statement is under way are
 * stored by the next one, so under load one statement, one commit and one disk flush serve many
 * (and each page's day count is updated once per statement, not once per submission, each waiting
 * for the last one's commit). Two submissions of the same address to the same page never share a
 * statement: the second finds the lead the first created, as it would one after the other.
 */
const store = batchedPer(storeEntries, { max: 100, keyOf: (e) => `${e.formId}:${e.email}` });

const column = <T>(entries: Entry[], pick: (e: Entry) => T, type: string) =>
  sql`${sql.param(entries.map(pick))}::${sql.raw(type)}[]`;

async function storeEntries(db: Db, entries: Entry[]) {
  const statement = sql`
    with
    input as (
      select * from unnest(
        ${column(entries, (e) => e.submissionId, 'uuid')}, ${column(entries, (e) => e.leadId, 'uuid')},
        ${column(entries, (e) => e.formId, 'text')}, ${column(entries, (e) => e.workspaceId, 'text')},
        ${column(entries, (e) => e.email, 'text')}, ${column(entries, (e) => e.data, 'jsonb')},
        ${column(entries, (e) => e.verified, 'boolean')}, ${column(entries, (e) => e.paid, 'boolean')},
        ${column(entries, (e) => e.asksCode, 'boolean')}, ${column(entries, (e) => e.referrer, 'text')},
        ${column(entries, (e) => e.utm.utmSource ?? null, 'text')}, ${column(entries, (e) => e.utm.utmMedium ?? null, 'text')},
        ${column(entries, (e) => e.utm.utmCampaign ?? null, 'text')}, ${column(entries, (e) => e.utm.utmTerm ?? null, 'text')},
        ${column(entries, (e) => e.utm.utmContent ?? null, 'text')}, ${column(entries, (e) => e.at.toISOString(), 'timestamptz')},
        ${column(entries, (e) => today(e.at), 'date')}, ${column(entries, (e) => e.formVersion, 'int')},
        ${column(entries, (e) => e.consentText, 'text')}, ${column(entries, (e) => e.agreed, 'boolean')},
        ${column(entries, (e) => e.shown, 'jsonb')}, ${column(entries, (e) => e.ipHash, 'text')},
        ${column(entries, (e) => e.userAgentHash, 'text')}, ${column(entries, (e) => e.abVariant, 'text')},
        ${column(entries, (e) => e.placementId, 'text')}, ${column(entries, (e) => e.placementName, 'text')},
        ${column(entries, (e) => e.hostUrl, 'text')}, ${column(entries, (e) => e.marketing, 'jsonb')},
        ${column(entries, (e) => e.followUpsText, 'text')}, ${column(entries, (e) => e.followUpsAgreed, 'boolean')}
      ) as i(submission_id, lead_id, form_id, workspace_id, email, data, verified, paid, asks_code, referrer,
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, submitted_at, day, form_version,
        consent_text, agreed, shown, ip_hash, user_agent_hash, ab_variant, placement_id, placement_name, host_url, marketing,
        follow_ups_text, follow_ups_agreed)
    ),
    -- The sign-ups this statement confirms (new addresses on pages without double opt-in or payment),
    -- numbered in each workspace: those past the workspace's room for the month are held (decision
    -- 0045). The room is read under the workspace's sign-up lock, workspaces in one order, with a
    -- snapshot taken after it (lodestone_signup_room), so sign-ups confirmed by other statements and
    -- transactions meanwhile are counted. An address another statement stores at the same moment
    -- counts as new here and takes a place it may not use: at worst one lead more is held.
    confirming as materialized (
      select submission_id, workspace_id, submitted_at,
        row_number() over (partition by workspace_id order by form_id, email) as place
      from input i
      where verified and not exists (select 1 from ${leads} l where l.form_id = i.form_id and l.email = i.email)
    ),
    room as materialized (
      select workspace_id, ${signupRoomSql(sql`workspace_id`, sql`first_at`)} as room
      from (select workspace_id, min(submitted_at) as first_at from confirming group by workspace_id order by workspace_id) w
    ),
    held as (
      select submission_id from confirming join room using (workspace_id) where room is not null and place > room
    ),
    lead as (
      insert into ${leads} (id, form_id, workspace_id, email, data, status, payment_state, verified_at, held_at, referrer,
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, ab_variant, placement_id, placement_name, host_url,
        marketing, created_at)
      select lead_id, form_id, workspace_id, email, data, case when verified then 'verified' else 'pending' end,
        case when paid then 'awaiting' else 'none' end, case when verified then submitted_at end,
        case when submission_id in (select submission_id from held) then submitted_at end, referrer,
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, ab_variant, placement_id, placement_name, host_url,
        marketing, submitted_at
      from input
      -- Rows are locked in one order by every statement, so concurrent ones wait instead of deadlocking.
      order by form_id, email
      -- A known address keeps its lead as it was: a stranger typing it changes nothing of it.
      on conflict (form_id, email) do update set email = excluded.email
      returning id as stored_lead_id, form_id, email, (xmax = 0) as created, held_at is not null as held
    ),
    stored as (select * from input join lead using (form_id, email)),
    -- A held lead is counted when it is released.
    counted as (${bumpDailyStatsFrom(sql`stored`, {
      leads: sql`count(*) filter (where created and not held)`,
      confirmations: sql`count(*) filter (where created and verified and not held)`,
    })}),
    -- A placement's sign-ups are its new leads (held or awaiting a confirmation or payment too: the
    -- visitor signed up there); a known address signing up again is not one. A placement deleted
    -- meanwhile has no counts to keep.
    placement_counted as (
      insert into ${placementDailyStats} (placement_id, day, signups)
      select placement_id, day, count(*)::int from stored s
      where created and placement_id is not null and exists (select 1 from ${placements} p where p.id = s.placement_id)
      group by placement_id, day
      order by placement_id, day
      on conflict (placement_id, day) do update set signups = ${placementDailyStats}.signups + excluded.signups
    ),
    submission as (
      insert into ${submissions} (id, lead_id, form_id, form_version, created_at, unlocked_at, last_code_at)
      select submission_id, stored_lead_id, form_id, form_version, submitted_at,
        case when verified then submitted_at end, case when asks_code then submitted_at end
      from stored
    ),
    consent as (
      insert into ${leadConsents} (lead_id, submission_id, event, text, version, agreed, form_version, shown, given_at, ip_hash, user_agent_hash)
      select stored_lead_id, submission_id, 'signup', consent_text, ${CONSENT_VERSION}::int, agreed, form_version, shown,
        submitted_at, ip_hash, user_agent_hash
      from stored
      -- The follow-up opt-in, ticked or not, where the page showed it: each sign-up adds one, the latest counts.
      union all
      select stored_lead_id, submission_id, 'follow_ups', follow_ups_text, ${CONSENT_VERSION}::int, follow_ups_agreed,
        form_version, shown, submitted_at, ip_hash, user_agent_hash
      from stored where follow_ups_text is not null
    ),
    -- Queued for every submission, paid pages too (they are sent nothing until the payment is
    -- confirmed, but a new lead's lead.created event is written there, not here).
    job as (${quietJobInsert(FOLLOW_UP_TASK, sql`json_build_object('submissionId', submission_id::text, 'newLead', created)`, sql`stored`)})
    select submission_id, stored_lead_id as lead_id, (select count(*) from job)::int as jobs from stored`;
  const run = () => executePrepared<{ submission_id: string; lead_id: string; jobs: number }>(db, statement);
  // A database whose job runner never registered the follow-up task: the statement failed whole.
  const { rows } = await run().catch(async (err: unknown) => {
    if (!isMissingTask(err)) throw err;
    await ensureTask(db, FOLLOW_UP_TASK);
    return run();
  });
  if (rows.length !== entries.length || rows[0]?.jobs !== entries.length)
    throw new Error('every stored submission must queue its follow-up job');
  const leadOf = new Map(rows.map((r) => [r.submission_id, r.lead_id]));
  return entries.map((e) => ({ submissionId: e.submissionId, leadId: leadOf.get(e.submissionId)! }));
}
