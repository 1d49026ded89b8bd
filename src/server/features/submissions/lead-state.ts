import { randomInt } from 'node:crypto';
import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { emailSender, firstNameOf, mentionsFirstName, ownerWordsOf, type VisitorEmail } from '@/domain/email-copy';
import type { FormConfig } from '@/domain/form-config';
import { localizedConfig } from '@/domain/page-languages';
import { isLanguage, type Language } from '@/domain/i18n/languages';
import { CONSENT_VERSION } from '@/landing/consent';
import type { Db, Executor } from '@/server/db/client';
import { forms, leadConsents, leadEmails, leads, members, payments, submissions, users } from '@/server/db/schema';
import { bumpDailyStats } from '@/server/features/page-counts';
import { notifyOwnersOfNewLead } from '@/server/features/lead-notifications';
import { emailBrandOf, queueEmail, stableMessageId, type EmailProps } from '@/server/features/mail';
import { noteVerifiedLead, signupRoom } from '@/server/features/plan-limits';
import type { Tokens } from '@/server/lib/tokens';
import { emitEvent, leadEventData } from '@/server/features/outbox';

// What the visitor journey's use cases share: a lead's links, its codes and emails, and its state.

export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_AFTER_SECONDS = 30;
export const MAX_CODE_ATTEMPTS = 5;
export const DOWNLOAD_LINK_DAYS = 7;

export interface LeadDeps {
  db: Db;
  tokens: Tokens;
  publicOrigin: string;
  /** The owner app's origin, for links in emails to owners. */
  appOrigin: string;
}

/** Who did something, as far as evidence goes: kept only as keyed hashes. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export type LeadRow = typeof leads.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A lead's links. `inbox` and `confirm` are only ever sent to the lead's own address. */
export const links = (
  deps: LeadDeps,
  leadId: string,
  now = new Date(),
  codeExpiresAt = new Date(now.getTime() + CODE_TTL_MS),
) => ({
  inbox: `${deps.publicOrigin}/thank-you?t=${deps.tokens.sign('inbox', leadId)}`,
  confirm: `${deps.publicOrigin}/confirm?t=${deps.tokens.signExpiring('confirm', leadId, codeExpiresAt)}`,
  download: `${deps.publicOrigin}/d/${deps.tokens.signExpiring('download', leadId, new Date(now.getTime() + DOWNLOAD_LINK_DAYS * 86_400_000))}`,
});

/** A paid file's download link: the payment and its link version, signed (docs/decisions/0083). */
export const paidDownloadUrl = (deps: LeadDeps, payment: { id: string; downloadLinkVersion: number }) =>
  `${deps.publicOrigin}/d/${deps.tokens.signPaidDownload(payment.id, payment.downloadLinkVersion)}`;

/** The payment a paid lead's downloads count against: its latest paid one. */
export async function paidPurchaseOf(db: Executor, leadId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      downloadLinkVersion: payments.downloadLinkVersion,
      orderNumber: payments.orderNumber,
      downloadLinkIssuedAt: payments.downloadLinkIssuedAt,
    })
    .from(payments)
    .where(and(eq(payments.leadId, leadId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}

/**
 * The download link a lead is given: a free page's lead's expiring link, or, once paid, the link of
 * its purchase, which its allowance (downloads and days) governs.
 */
export async function downloadLinkOf(deps: LeadDeps, db: Executor, lead: Pick<LeadRow, 'id' | 'paymentState'>, now = new Date()) {
  const purchase = lead.paymentState === 'paid' ? await paidPurchaseOf(db, lead.id) : undefined;
  return purchase ? paidDownloadUrl(deps, purchase) : links(deps, lead.id, now).download;
}

/** The thank-you page of one submission: what its submitter may see, and nothing else. */
export const submissionPath = (tokens: Tokens, submissionId: string) => `/thank-you?t=${tokens.sign('submission', submissionId)}`;

/** Free pages' leads, and paid pages' leads whose payment is confirmed and not refunded. */
export const mayReceiveFile = (lead: Pick<LeadRow, 'paymentState'>) =>
  lead.paymentState === 'none' || lead.paymentState === 'paid';

/** A lead's published page as its emails need it: the page, and the owner replies go to. */
export interface LeadPage {
  config: FormConfig;
  /** The workspace owner's address (the first owner's), the Reply-To of the lead's emails unless the page names one. */
  ownerEmail: string | null;
  /** The language the lead signed up in (signupLanguage); null: the page's. */
  signupLanguage?: string | null;
}

/**
 * The language of the page a lead signed up on, as its evidence of consent keeps it: that of
 * `submissionId` when given, else of the lead's latest sign-up. Null for evidence kept before pages
 * had a language.
 */
export const signupLanguage = (leadId: AnyColumn | SQL, submissionId?: AnyColumn | SQL) =>
  sql<string | null>`(select ${leadConsents.shown}->>'language' from ${leadConsents}
    where ${leadConsents.leadId} = ${leadId} and ${leadConsents.event} = 'signup'
    order by ${submissionId ? sql`${leadConsents.submissionId} is not distinct from ${submissionId} desc, ` : sql``}${leadConsents.givenAt} desc
    limit 1)`;

/**
 * The page as the lead read it: on a page in several languages, in the one it signed up in (its
 * texts and its fixed words), so every later page and email speaks to it as the page did.
 */
export const pageAsSignedUp = (config: FormConfig, language: string | null | undefined): FormConfig =>
  isLanguage(language) ? localizedConfig(config, language) : config;

/**
 * The language of a lead's emails: the one it signed up in, so an address confirmed after the
 * page changed language still reads the words it signed up to; else the page's (English without).
 */
export const emailLanguage = ({ config, signupLanguage: signedUp }: Pick<LeadPage, 'config' | 'signupLanguage'>): Language =>
  isLanguage(signedUp) ? signedUp : isLanguage(config.language) ? config.language : 'en';

/** The lead, locked for this transaction, with the published page it came from (a LeadPage). */
export const lockLead = async (tx: Executor, leadId: string) => (await lockedLeads(tx, leads, eq(leads.id, leadId)))[0];

/** `lockLead` for the lead of a submission, found and locked by one query. */
export const lockLeadOfSubmission = async (tx: Executor, submissionId: string) =>
  (await lockLeadsOfSubmissions(tx, [submissionId])).get(submissionId);

/** `lockLeadOfSubmission` for several submissions in one query, by submission id (several may share a lead). */
export async function lockLeadsOfSubmissions(tx: Executor, submissionIds: string[]) {
  const rows = await lockedLeads(
    tx,
    submissions,
    sql`${submissions.id} = any(${sql.param(submissionIds)}::uuid[])`,
    // Named: on the job pool it is planned once per connection (decision 0105).
    'lock_leads_of_submissions',
  );
  return new Map(rows.map((row) => [row.key, row]));
}

/** A lead locked for the transaction, with its page (a LeadPage) and what was looked up by (`key`). */
export type LockedLead = Awaited<ReturnType<typeof lockedLeads>>[number];

/**
 * Locked in the order of their ids, so that transactions locking several wait for each other instead
 * of deadlocking. `statementName` makes it a named statement: one name, one shape of `where`.
 */
async function lockedLeads(tx: Executor, from: typeof leads | typeof submissions, where: SQL, statementName?: string) {
  const query = tx
    .select({
      key: from === submissions ? submissions.id : leads.id,
      lead: leads,
      config: forms.published,
      formVersion: forms.publishedVersion,
      formStatus: forms.status,
      formDeletedAt: forms.deletedAt,
      // In the same round trip: the Reply-To of the emails the caller is likely to queue.
      ownerEmail: sql<string | null>`(select ${users.email} from ${members} inner join ${users} on ${users.id} = ${members.userId}
        where ${members.organizationId} = ${leads.workspaceId} and ${members.role} = 'owner'
        order by ${members.createdAt} limit 1)`,
      signupLanguage: from === submissions ? signupLanguage(leads.id, submissions.id) : signupLanguage(leads.id),
    })
    .from(from);
  const joined = from === submissions ? query.innerJoin(leads, eq(leads.id, submissions.leadId)) : query;
  const locking = joined.innerJoin(forms, eq(forms.id, leads.formId)).where(where).orderBy(leads.id).for('update', { of: leads });
  const rows = statementName ? await locking.prepare(statementName).execute() : await locking;
  return rows.flatMap((row) => (row.config ? [{ ...row, config: pageAsSignedUp(row.config, row.signupLanguage) }] : []));
}

export async function findSubmission(tx: Executor, submissionId: string, lock = false) {
  const query = tx.select().from(submissions).where(eq(submissions.id, submissionId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Visitor emails come from the owner's sender name (else the business name) and replies go to the
 * owner's Reply-To (else the workspace owner's account address, read when the email is queued, so
 * a change of owner or address applies to the next email). Pages published before owners could
 * set these have no `emails`.
 */
const senderFor = ({ config, ownerEmail }: LeadPage) => emailSender(config.emails, config.businessName, ownerEmail);

/**
 * The owner's words for this email, if any, and the visitor's first name only when they greet by
 * it: the job (sealed) carries no more of what the visitor typed than the email shows.
 */
function ownerWordsFor(page: LeadPage, lead: LeadRow, email: VisitorEmail) {
  const copy = ownerWordsOf(page.config.emails, email);
  if (!copy) return {};
  const firstName = mentionsFirstName(copy) ? firstNameOf(page.config.fields, lead.data) : null;
  return { copy, ...(firstName ? { firstName } : {}) };
}

/** The email's language, said only when it is not English: an English email's job is the one it always was. */
function languageOf(page: LeadPage) {
  const language = emailLanguage(page);
  return language === 'en' ? {} : { language };
}

/**
 * An email to the lead's own address, from the business, in one statement with what goes with it:
 * the lead's update (`set`) and the email's log by message id (an access request lists them, and an
 * erasure finds the ones still queued: the id is the job's key).
 */
async function queueLeadEmail<T extends 'leadConfirm' | 'leadDelivery'>(
  tx: Executor,
  lead: LeadRow,
  page: LeadPage,
  email: { template: T; props: EmailProps<T> },
  kind: 'code' | 'delivery',
  set: Partial<LeadRow>,
  now: Date,
  key?: string,
) {
  const job = { ...email, to: lead.email, ...senderFor(page), fromWorkspaceId: lead.workspaceId };
  const named = key === undefined ? undefined : stableMessageId(`lead-${kind}`, key);
  await queueEmail(tx, job, named, (messageId) => [
    tx.update(leads).set(set).where(eq(leads.id, lead.id)).getSQL(),
    tx.insert(leadEmails).values({ messageId, leadId: lead.id, workspaceId: lead.workspaceId, kind, queuedAt: now }).getSQL(),
  ]);
}

/**
 * A fresh code for the lead, stored as a hash, and the email carrying it with a confirmation link
 * that expires with it. `key` names this email for good (the submission a follow-up answers): its
 * code and message id are derived from it, so that the follow-up run again after a crash between the
 * mail server's acceptance and its commit sends the same email again, which the receiving server
 * tells by its Message-ID, not a second one with another code (decision 0108).
 */
export async function sendCode(deps: LeadDeps, tx: Executor, lead: LeadRow, page: LeadPage, now: Date, key?: string) {
  const { config } = page;
  const code = key === undefined ? newCode() : deps.tokens.codeFor(key);
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const props = {
    businessName: config.businessName,
    leadMagnetName: config.leadMagnetName,
    code,
    confirmUrl: links(deps, lead.id, now, expiresAt).confirm,
    ...ownerWordsFor(page, lead, 'confirm'),
    brand: emailBrandOf(config.design, deps.publicOrigin),
    ...languageOf(page),
  };
  const set = { codeHash: deps.tokens.hashCode(lead.id, code), codeExpiresAt: expiresAt, codeAttempts: 0, emailSentAt: now };
  await queueLeadEmail(tx, lead, page, { template: 'leadConfirm', props }, 'code', set, now, key);
}

/**
 * The email with the lead's download link. `purchase`: the paid purchase whose (fresh) link it
 * carries; otherwise the lead's own link (its latest purchase's, once paid). `key`: as `sendCode`'s.
 */
export async function sendDownload(
  deps: LeadDeps,
  tx: Executor,
  lead: LeadRow,
  page: LeadPage,
  now: Date,
  { purchase, key }: { purchase?: { id: string; downloadLinkVersion: number }; key?: string } = {},
) {
  const { config } = page;
  const l = links(deps, lead.id, now);
  const paid = purchase !== undefined || (mayReceiveFile(lead) && lead.paymentState === 'paid');
  const props = {
    businessName: config.businessName,
    leadMagnetName: config.leadMagnetName,
    downloadUrl: purchase ? paidDownloadUrl(deps, purchase) : await downloadLinkOf(deps, tx, lead, now),
    thankYouUrl: l.inbox,
    expiresInDays: paid ? config.payment.downloadDays : DOWNLOAD_LINK_DAYS,
    ...ownerWordsFor(page, lead, 'delivery'),
    brand: emailBrandOf(config.design, deps.publicOrigin),
    ...languageOf(page),
  };
  await queueLeadEmail(tx, lead, page, { template: 'leadDelivery', props }, 'delivery', { emailSentAt: now }, now, key);
}

export const canResend = (lead: Pick<LeadRow, 'emailSentAt'>, now: Date) =>
  !lead.emailSentAt || now.getTime() - lead.emailSentAt.getTime() >= RESEND_AFTER_SECONDS * 1000;

export function secondsUntilResend(sentAt: Date | null, now = new Date()): number {
  if (!sentAt) return 0;
  return Math.max(0, Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - sentAt.getTime()) / 1000));
}

/**
 * The lead's address is confirmed (or needs no confirmation): counted, the owner told when the page
 * asks for it, and the file goes out when due. Callers hold the lead's row locked and call this only
 * while it is 'pending', so it runs once per lead.
 *
 * When the workspace has used its plan's sign-ups for the month, the lead is held (decision 0045):
 * decided here, under the workspace's sign-up lock (`signupRoom`), so concurrent confirmations never
 * show more than the limit. The visitor's side is the same either way (the file goes out); the owner's
 * side (counts, the new-lead email, the lead.confirmed event for webhooks and email tools) waits for
 * the lead's release (plan-limits' releaseHeldLeads).
 *
 * A paid page's lead counts as a new lead here too, and only here: when its status becomes
 * 'verified' (at the confirmed payment, or at the confirmed address when the page also has double
 * opt-in), whatever happens to the payment later. One rule ("status becomes verified") is what the
 * dashboard's confirmed count, the monthly limit and the digest's window (verifiedAt) all use, so
 * the owner's emails agree with them; a later refund shows in the lead's payment, not as a retraction.
 *
 * `keepCode`: confirmed by the link, the code of the same email stays good until it expires: it
 * proves the inbox as much as the link does, and the page the visitor signed up on (still asking for
 * it in another tab) unlocks with it. Any other confirmation spends the code.
 */
export async function markVerified(
  deps: LeadDeps,
  tx: Executor,
  lead: LeadRow,
  page: LeadPage,
  now: Date,
  { keepCode = false }: { keepCode?: boolean } = {},
) {
  const { config } = page;
  const room = await signupRoom(tx, lead.workspaceId, now);
  const heldAt = room !== null && room < 1 ? now : null;
  await tx
    .update(leads)
    .set({ status: 'verified', verifiedAt: now, heldAt, ...(keepCode ? {} : { codeHash: null, codeExpiresAt: null }) })
    .where(eq(leads.id, lead.id));
  if (!heldAt) await bumpDailyStats(tx, lead.formId, { confirmations: 1 }, now);
  // Held, it leaves the sign-ups it was counted in on the day it signed up, as it leaves the lead counts;
  // its release counts it there again (decision 0065).
  else await bumpDailyStats(tx, lead.formId, { leads: -1 }, lead.createdAt);
  await noteVerifiedLead(deps, tx, lead.workspaceId, now);
  if (!heldAt) {
    await notifyOwnersOfNewLead(deps, tx, lead, config, now);
    const confirmed = { ...lead, status: 'verified' as const, verifiedAt: now };
    await emitEvent(
      tx,
      {
        workspaceId: lead.workspaceId,
        formId: lead.formId,
        leadId: lead.id,
        type: 'lead.confirmed',
        data: leadEventData(confirmed, config),
      },
      now,
    );
  }
  if (mayReceiveFile(lead)) await sendDownload(deps, tx, lead, page, now);
}

/** Evidence of a confirmation: when, how, from where (hashed) and on which version of the page. */
export async function recordConfirmation(
  deps: LeadDeps,
  tx: Executor,
  found: { lead: LeadRow; formVersion: number },
  method: 'code' | 'link',
  meta: ClientMeta,
  submissionId: string | null,
  now: Date,
) {
  await tx.insert(leadConsents).values({
    leadId: found.lead.id,
    submissionId,
    event: 'confirmation',
    method,
    text:
      method === 'code'
        ? 'Confirmed the email address with the code sent to it.'
        : 'Confirmed the email address with the link sent to it.',
    version: CONSENT_VERSION,
    agreed: true,
    formVersion: found.formVersion,
    givenAt: now,
    ipHash: deps.tokens.hashValue('ip', meta.ip),
    userAgentHash: deps.tokens.hashValue('ua', meta.userAgent),
  });
}

export async function unlockSubmission(tx: Executor, submissionId: string, now: Date) {
  await tx.update(submissions).set({ unlockedAt: now }).where(eq(submissions.id, submissionId));
}
