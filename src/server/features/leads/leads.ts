import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FormConfig } from '../../../domain/form-config.js';
import { CONSENT_VERSION, consentText } from '../../../landing/consent.js';
import type { Db, Executor } from '../../db/client.js';
import { files, forms, leadConsents, leads } from '../../db/schema/index.js';
import { queueEmail } from '../mail/emails.js';
import { bumpDailyStat } from './analytics.js';
import { noteVerifiedLead } from './limits.js';
import type { Tokens } from './tokens.js';
import type { Submission } from './validate-submission.js';

export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_AFTER_SECONDS = 30;
export const MAX_CODE_ATTEMPTS = 5;
export const DOWNLOAD_LINK_DAYS = 7;

export interface LeadDeps {
  db: Db;
  tokens: Tokens;
  publicOrigin: string;
  /** The owner app's origin, for links in emails to owners. */
  appOrigin?: string;
}

export interface PublishedForm {
  id: string;
  workspaceId: string;
  config: FormConfig;
}

export interface VisitMeta {
  ip: string;
  userAgent: string;
  utm: Partial<Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string>>;
  referrer: string | null;
}

type LeadRow = typeof leads.$inferSelect;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const links = (deps: LeadDeps, leadId: string, now = new Date()) => ({
  thankYou: `${deps.publicOrigin}/thank-you?t=${deps.tokens.sign('lead', leadId)}`,
  confirm: `${deps.publicOrigin}/confirm?t=${deps.tokens.sign('confirm', leadId)}`,
  download: `${deps.publicOrigin}/d/${deps.tokens.signDownload(leadId, new Date(now.getTime() + DOWNLOAD_LINK_DAYS * 86_400_000))}`,
});

/** A fresh code for a pending lead, stored as a hash, and the email carrying it. */
async function sendCode(deps: LeadDeps, tx: Executor, lead: { id: string; email: string }, config: FormConfig, now: Date) {
  const code = newCode();
  await tx
    .update(leads)
    .set({
      codeHash: deps.tokens.hashCode(lead.id, code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      codeAttempts: 0,
      emailSentAt: now,
    })
    .where(eq(leads.id, lead.id));
  await queueEmail(tx, {
    template: 'leadConfirm',
    to: lead.email,
    props: {
      businessName: config.businessName,
      leadMagnetName: config.leadMagnetName,
      code,
      confirmUrl: links(deps, lead.id, now).confirm,
    },
  });
}

async function sendDownload(deps: LeadDeps, tx: Executor, lead: { id: string; email: string }, config: FormConfig, now: Date) {
  await tx.update(leads).set({ emailSentAt: now }).where(eq(leads.id, lead.id));
  const l = links(deps, lead.id, now);
  await queueEmail(tx, {
    template: 'leadDelivery',
    to: lead.email,
    props: {
      businessName: config.businessName,
      leadMagnetName: config.leadMagnetName,
      downloadUrl: l.download,
      thankYouUrl: l.thankYou,
      expiresInDays: DOWNLOAD_LINK_DAYS,
    },
  });
}

const canResend = (lead: Pick<LeadRow, 'emailSentAt'>, now: Date) =>
  !lead.emailSentAt || now.getTime() - lead.emailSentAt.getTime() >= RESEND_AFTER_SECONDS * 1000;

/**
 * Stores a submission: the lead, its consent record, the day's count and the email, in one
 * transaction. The same email on the same page again creates nothing new; it gets what is due
 * (a new code, or the download again) once the 30-second resend wait has passed.
 */
export async function submitLead(
  deps: LeadDeps,
  form: PublishedForm,
  submission: Submission,
  meta: VisitMeta,
  now = new Date(),
): Promise<{ leadId: string; isNew: boolean; needsPayment: boolean }> {
  return deps.db.transaction(async (tx) => {
    // On a paid page nothing is sent and nothing counts as confirmed until the payment is confirmed.
    const paid = form.config.payment.enabled;
    const verified = !form.config.doubleOptIn && !paid;
    const [created] = await tx
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
      .onConflictDoNothing({ target: [leads.formId, leads.email] })
      .returning();
    const lead =
      created ??
      (await tx
        .select()
        .from(leads)
        .where(and(eq(leads.formId, form.id), eq(leads.email, submission.email)))
        .for('update')
        .then((rows) => rows[0]));
    if (!lead) throw new Error('lead vanished during its own transaction');

    if (submission.consent) {
      await tx.insert(leadConsents).values({
        leadId: lead.id,
        text: consentText(form.config.businessName),
        version: CONSENT_VERSION,
        givenAt: now,
        ipHash: deps.tokens.hashValue('ip', meta.ip),
        userAgentHash: deps.tokens.hashValue('ua', meta.userAgent),
      });
    }
    if (created) {
      await bumpDailyStat(tx, form.id, 'leads', now);
      if (verified) {
        await bumpDailyStat(tx, form.id, 'confirmations', now);
        await noteVerifiedLead(deps, tx, form.workspaceId, now);
      }
    }
    if (!mayReceiveFile(lead)) return { leadId: lead.id, isNew: Boolean(created), needsPayment: true };
    if (created || canResend(lead, now)) {
      if (lead.status === 'pending') await sendCode(deps, tx, lead, form.config, now);
      else await sendDownload(deps, tx, lead, form.config, now);
    }
    return { leadId: lead.id, isNew: Boolean(created), needsPayment: false };
  });
}

/** Free pages' leads, and paid pages' leads whose payment is confirmed and not refunded. */
export const mayReceiveFile = (lead: Pick<LeadRow, 'paymentState'>) =>
  lead.paymentState === 'none' || lead.paymentState === 'paid';

/**
 * A confirmed payment: the lead is paid, and gets what comes next. With double opt-in that is the
 * code (the email is still unconfirmed); without it, the lead is complete and the file goes out.
 * Runs inside the caller's transaction, which also records the provider's event.
 */
export async function confirmPayment(deps: LeadDeps, tx: Executor, leadId: string, now = new Date()) {
  const found = await lockLead(tx, leadId);
  if (!found || found.lead.paymentState === 'paid') return;
  const lead = { ...found.lead, paymentState: 'paid' as const };
  await tx.update(leads).set({ paymentState: 'paid' }).where(eq(leads.id, leadId));
  if (lead.status === 'verified') await sendDownload(deps, tx, lead, found.config, now);
  else if (found.config.doubleOptIn) await sendCode(deps, tx, lead, found.config, now);
  else await markVerified(deps, tx, lead, found.config, now);
}

/** A refunded payment: the lead's download links stop working. */
export async function revokePayment(tx: Executor, leadId: string) {
  await tx.update(leads).set({ paymentState: 'refunded' }).where(eq(leads.id, leadId));
}

/** The lead and the published page it came from, for its thank-you page. */
export async function findLeadWithForm(db: Executor, leadId: string) {
  const [row] = await db
    .select({ lead: leads, config: forms.published, formStatus: forms.status })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(eq(leads.id, leadId));
  return row && row.config ? { lead: row.lead, config: row.config, formStatus: row.formStatus } : undefined;
}

async function markVerified(deps: LeadDeps, tx: Executor, lead: LeadRow, config: FormConfig, now: Date) {
  await tx
    .update(leads)
    .set({ status: 'verified', verifiedAt: now, codeHash: null, codeExpiresAt: null })
    .where(eq(leads.id, lead.id));
  await bumpDailyStat(tx, lead.formId, 'confirmations', now);
  await noteVerifiedLead(deps, tx, lead.workspaceId, now);
  if (mayReceiveFile(lead)) await sendDownload(deps, tx, lead, config, now);
}

export type VerifyResult = 'verified' | 'already' | 'wrong' | 'locked' | 'expired' | 'unknown';

/** Checks a typed code: 5 wrong tries lock it, and it expires after 24 hours. */
export async function verifyCode(
  deps: LeadDeps,
  leadId: string,
  code: string,
  now = new Date(),
): Promise<{ result: VerifyResult; attemptsLeft?: number }> {
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, leadId);
    if (!found) return { result: 'unknown' };
    const { lead, config } = found;
    if (lead.status === 'verified') return { result: 'already' };
    if (!lead.codeHash || lead.codeAttempts >= MAX_CODE_ATTEMPTS) return { result: 'locked' };
    if (!lead.codeExpiresAt || lead.codeExpiresAt.getTime() < now.getTime()) return { result: 'expired' };
    if (/^\d{6}$/.test(code) && deps.tokens.matches(deps.tokens.hashCode(lead.id, code), lead.codeHash)) {
      await markVerified(deps, tx, lead, config, now);
      return { result: 'verified' };
    }
    const attempts = lead.codeAttempts + 1;
    await tx.update(leads).set({ codeAttempts: attempts }).where(eq(leads.id, lead.id));
    return attempts >= MAX_CODE_ATTEMPTS ? { result: 'locked' } : { result: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
  });
}

/** The one-click link in the email: confirms without a code. */
export async function confirmByLink(deps: LeadDeps, leadId: string, now = new Date()): Promise<VerifyResult> {
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, leadId);
    if (!found) return 'unknown';
    if (found.lead.status === 'verified') return 'already';
    await markVerified(deps, tx, found.lead, found.config, now);
    return 'verified';
  });
}

/** A new code, at most every 30 seconds (the page counts down; the server enforces it). */
export async function resendCode(
  deps: LeadDeps,
  leadId: string,
  now = new Date(),
): Promise<{ result: 'sent' | 'verified' | 'unpaid' | 'unknown' } | { result: 'wait'; seconds: number }> {
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, leadId);
    if (!found) return { result: 'unknown' };
    if (found.lead.status === 'verified') return { result: 'verified' };
    if (!mayReceiveFile(found.lead)) return { result: 'unpaid' };
    if (!canResend(found.lead, now)) return { result: 'wait', seconds: secondsUntilResend(found.lead, now) };
    await sendCode(deps, tx, found.lead, found.config, now);
    return { result: 'sent' };
  });
}

export function secondsUntilResend(lead: Pick<LeadRow, 'emailSentAt'>, now = new Date()): number {
  if (!lead.emailSentAt) return 0;
  return Math.max(0, Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - lead.emailSentAt.getTime()) / 1000));
}

async function lockLead(tx: Executor, leadId: string) {
  const [row] = await tx
    .select({ lead: leads, config: forms.published })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(eq(leads.id, leadId))
    .for('update', { of: leads });
  return row && row.config ? { lead: row.lead, config: row.config } : undefined;
}

/** The file a verified lead may download, counting the download. */
export async function takeDownload(db: Db, leadId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const found = await lockLead(tx, leadId);
    if (!found || found.lead.status !== 'verified' || !mayReceiveFile(found.lead) || !found.config.leadMagnet) return undefined;
    const [file] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, found.config.leadMagnet.id), eq(files.workspaceId, found.lead.workspaceId)));
    if (!file) return undefined;
    await tx
      .update(leads)
      .set({ downloads: sql`${leads.downloads} + 1`, lastDownloadAt: now })
      .where(eq(leads.id, leadId));
    await bumpDailyStat(tx, found.lead.formId, 'downloads', now);
    return { file, name: found.config.leadMagnetName };
  });
}
