import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { emailSender, firstNameOf, mentionsFirstName } from '@/domain/email-copy';
import { followUpsOf, mayFollowUp, type FollowUpStep } from '@/domain/follow-ups';
import type { FormConfig } from '@/domain/form-config';
import type { Language } from '@/domain/i18n/languages';
import type { Executor } from '@/server/db/client';
import { emailSuppressions, followUpLeads, followUpSends, forms, leadEmails, leads } from '@/server/db/schema/index';
import { emailBrandOf, followUpSubject, queueEmail, type EmailJob } from '@/server/features/mail/index';
import { emailLanguage, pageAsSignedUp, signupLanguage } from '@/server/features/submissions/index';
import { followUpOptIn } from './consumer.js';
import { type FollowUpDeps, unsubscribeUrl } from './deps.js';
import { nextFollowUp, sentSoFar } from './schedule.js';
import { suppressionHash } from './suppression.js';
import { firstOwnerEmail } from '@/server/features/workspaces/index';

export const FOLLOW_UP_SWEEP_TASK = 'follow_up_sweep';
/** Every minute: an email falls due at most a minute before it goes. */
export const FOLLOW_UP_SWEEP_CRONTAB = `* * * * * ${FOLLOW_UP_SWEEP_TASK}`;

/** Leads claimed per transaction, and at most per run (the next minute's run takes the rest). */
const BATCH = 50;
const MAX_PER_RUN = 5000;
/** A lead whose step could not be queued is tried again this much later. */
const RETRY_AFTER_MS = 5 * 60_000;

/** The deterministic message id of a lead's step: with the mail queue's once-per-id rule, never two of one step. */
export const followUpMessageId = (leadId: string, stepId: string) => `follow-up-${leadId}-${stepId}`;

export interface SweepOutcome {
  sent: number;
  /** Leads whose workspace had used its sends of the minute: left due for the next sweep. */
  deferred: number;
}

/**
 * Sends what is due at `now` (docs/decisions/0090). Due leads are claimed in batches (skip locked:
 * concurrent sweeps share the work, and a lead an erasure holds is left to it), each with its lead
 * row locked. For each, under the page's sequence as published now: a paused page's leads are not
 * claimed (they go once it is resumed); the next step is the first not yet sent; one that is not
 * due under the sequence as it stands now is put off to its time; a suppressed address stops the
 * sequence. A sent step is, in the batch's one transaction: its follow_up_sends row (unique per
 * lead and step), the email queued under its deterministic message id, its lead_emails row, and the
 * lead's next due time counted from now. A workspace past FOLLOW_UP_SENDS_PER_MINUTE in the minute
 * to `now` keeps its due leads for the next sweep.
 */
export async function sweepFollowUps(
  deps: FollowUpDeps,
  now: Date,
  log: (err: unknown, leadId: string) => void = () => {},
): Promise<SweepOutcome> {
  const state: SweepState = { sentThisMinute: new Map(), full: new Set(), owners: new Map(), outcome: { sent: 0, deferred: 0 } };
  for (let claimed = 0; claimed < MAX_PER_RUN;) {
    const n = await deps.db.transaction(async (tx) => {
      const rows = await claimDue(tx, now, [...state.full]);
      for (const row of rows) {
        // A savepoint per lead: one that fails is put off a few minutes and logged, the batch goes on.
        const sentBefore = state.outcome.sent;
        try {
          await tx.transaction((lead) => followUp(deps, lead, row, now, state));
        } catch (err) {
          state.outcome.sent = sentBefore;
          log(err, row.row.leadId);
          await setRow(tx, row.row.leadId, { nextDueAt: new Date(now.getTime() + RETRY_AFTER_MS) });
        }
      }
      return rows.length;
    });
    if (n === 0) break;
    claimed += n;
  }
  return state.outcome;
}

interface SweepState {
  sentThisMinute: Map<string, number>;
  /** Workspaces that used their sends of this minute. */
  full: Set<string>;
  owners: Map<string, string | null>;
  outcome: SweepOutcome;
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

function claimDue(tx: Executor, now: Date, fullWorkspaces: string[]) {
  return tx
    .select({
      row: followUpLeads,
      lead: leads,
      published: forms.published,
      signupLanguage: signupLanguage(leads.id),
    })
    .from(followUpLeads)
    .innerJoin(leads, eq(leads.id, followUpLeads.leadId))
    .innerJoin(forms, eq(forms.id, followUpLeads.formId))
    .where(
      and(
        sql`${followUpLeads.nextDueAt} <= ${now.toISOString()}::timestamptz`,
        sql`${followUpLeads.stoppedAt} is null`,
        sql`${forms.deletedAt} is null and ${forms.published} is not null`,
        sql`coalesce((${forms.published}->'followUps'->>'paused')::boolean, false) = false`,
        fullWorkspaces.length > 0 ? sql`${followUpLeads.workspaceId} <> all(${sql.param(fullWorkspaces)}::text[])` : undefined,
      ),
    )
    .orderBy(followUpLeads.nextDueAt)
    .limit(BATCH)
    .for('update', { of: [followUpLeads, leads], skipLocked: true });
}

const setRow = (tx: Executor, leadId: string, set: Partial<typeof followUpLeads.$inferInsert>) =>
  tx.update(followUpLeads).set(set).where(eq(followUpLeads.leadId, leadId));

async function followUp(deps: FollowUpDeps, tx: Executor, claimed: Claimed, now: Date, state: SweepState) {
  const { row, lead } = claimed;
  const config = pageAsSignedUp(claimed.published!, claimed.signupLanguage);
  const followUps = followUpsOf(config);
  if (followUps.steps.length === 0) return setRow(tx, row.leadId, { nextDueAt: null });
  if (!mayFollowUp(followUps, (await followUpOptIn(tx, lead.id)) === true)) {
    return setRow(tx, row.leadId, { nextDueAt: null, stoppedAt: now, stoppedBecause: 'withdrawn' });
  }
  const [suppressed] = await tx
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.workspaceId, lead.workspaceId),
        eq(emailSuppressions.emailHash, suppressionHash(deps.secret, lead.workspaceId, lead.email)),
      ),
    );
  if (suppressed) return setRow(tx, row.leadId, { nextDueAt: null, stoppedAt: now, stoppedBecause: suppressed.reason });

  const sent = (await sentSoFar(tx, [lead.id])).get(lead.id) ?? { stepIds: new Set<string>(), lastAt: null };
  const next = nextFollowUp(followUps, sent, row.startedAt);
  if (!next) return setRow(tx, row.leadId, { nextDueAt: null });
  // Edited since it was scheduled: not sent before its time under the sequence as it is now.
  if (next.dueAt > now) return setRow(tx, row.leadId, { nextDueAt: next.dueAt });

  if ((await sentInMinute(tx, state, lead.workspaceId, now)) >= deps.sendsPerMinute) {
    state.full.add(lead.workspaceId);
    state.outcome.deferred += 1;
    return;
  }
  const messageId = followUpMessageId(lead.id, next.step.id);
  const job = followUpJob(deps, {
    config,
    ownerEmail: await ownerEmailOf(tx, state, lead.workspaceId),
    language: emailLanguage({ config: claimed.published!, signupLanguage: claimed.signupLanguage }),
    lead,
    step: next.step,
  });
  const [inserted] = await tx
    .insert(followUpSends)
    .values({
      leadId: lead.id,
      workspaceId: lead.workspaceId,
      formId: lead.formId,
      stepId: next.step.id,
      position: next.position,
      // As the lead read it: the timeline shows "Welcome, Ann", not the owner's "{first_name}".
      subject: followUpSubject(job.props),
      messageId,
      queuedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: followUpSends.id });
  if (inserted) {
    await queueEmail(tx, job, messageId, (id) => [
      tx
        .insert(leadEmails)
        .values({ messageId: id, leadId: lead.id, workspaceId: lead.workspaceId, kind: 'follow-up', queuedAt: now })
        .getSQL(),
    ]);
    state.sentThisMinute.set(lead.workspaceId, (state.sentThisMinute.get(lead.workspaceId) ?? 0) + 1);
    state.outcome.sent += 1;
  }
  const after = nextFollowUp(followUps, { stepIds: new Set([...sent.stepIds, next.step.id]), lastAt: now }, row.startedAt);
  await setRow(tx, row.leadId, { nextDueAt: after?.dueAt ?? null });
}

/** The workspace's follow-ups queued in the minute to `now`: counted once per sweep, then kept up to date. */
async function sentInMinute(tx: Executor, state: SweepState, workspaceId: string, now: Date): Promise<number> {
  let n = state.sentThisMinute.get(workspaceId);
  if (n === undefined) {
    const [row] = await tx
      .select({ n: count() })
      .from(followUpSends)
      .where(
        and(
          eq(followUpSends.workspaceId, workspaceId),
          gt(followUpSends.queuedAt, new Date(now.getTime() - 60_000)),
          sql`${followUpSends.queuedAt} <= ${now.toISOString()}::timestamptz`,
        ),
      );
    n = row?.n ?? 0;
    state.sentThisMinute.set(workspaceId, n);
  }
  return n;
}

/** The workspace's (first) owner's address: the Reply-To of the page's emails when it names none. */
async function ownerEmailOf(tx: Executor, state: SweepState, workspaceId: string): Promise<string | null> {
  if (!state.owners.has(workspaceId)) state.owners.set(workspaceId, await firstOwnerEmail(tx, workspaceId));
  return state.owners.get(workspaceId)!;
}

/**
 * One follow-up email to a lead: from the page's sender name (the workspace's verified sending
 * domain once it has one, decided when it is sent), its Reply-To, in the lead's language, with the
 * one-click unsubscribe headers of RFC 8058 and a visible link to the same page.
 */
export function followUpJob(
  deps: Pick<FollowUpDeps, 'tokens' | 'publicOrigin'>,
  p: {
    config: FormConfig;
    ownerEmail: string | null;
    language: Language;
    lead: { id: string; email: string; workspaceId: string; data: Record<string, string> };
    step: Pick<FollowUpStep, 'subject' | 'text'>;
  },
): EmailJob<'followUp'> {
  const { config, lead, step } = p;
  const url = unsubscribeUrl(deps, lead.id);
  const firstName = mentionsFirstName(step) ? firstNameOf(config.fields, lead.data) : null;
  const brand = emailBrandOf(config.design, deps.publicOrigin);
  return {
    template: 'followUp',
    to: lead.email,
    ...emailSender(config.emails, config.businessName, p.ownerEmail),
    fromWorkspaceId: lead.workspaceId,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    props: {
      businessName: config.businessName,
      leadMagnetName: config.leadMagnetName,
      subject: step.subject,
      text: step.text,
      unsubscribeUrl: url,
      ...(firstName ? { firstName } : {}),
      ...(brand ? { brand } : {}),
      ...(p.language !== 'en' ? { language: p.language } : {}),
    },
  };
}

/** What graphile-worker adds to a crontab job's payload: the slot's scheduled time. */
interface CronPayload {
  _cron?: { ts?: string };
}

export function followUpSweepTask(deps: FollowUpDeps): Task {
  return async (payload, helpers) => {
    // The slot's time: a late run sends what was due then, and a test moves the clock by it.
    const ts = (payload as CronPayload | null)?._cron?.ts;
    const now = ts ? new Date(ts) : new Date();
    if (Number.isNaN(now.getTime())) throw new Error(`${FOLLOW_UP_SWEEP_TASK}: bad _cron.ts ${ts}`);
    const { sent, deferred } = await sweepFollowUps(deps, now, (err, leadId) =>
      helpers.logger.error(`follow-up for lead ${leadId} not queued, tried again in 5 minutes: ${String(err)}`),
    );
    if (sent > 0 || deferred > 0) helpers.logger.info(`queued ${sent} follow-up emails; ${deferred} wait for the next minute`);
  };
}
