import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@/domain/i18n/languages';
import type { Db, Executor } from '@/server/db/client';
import { files, forms, leads, payments, stampFailures } from '@/server/db/schema/index';
import { queueEmail } from '@/server/features/mail/index';
import { bumpDailyStats } from '@/server/features/page-counts';
import { lockLead, mayReceiveFile, sendDownload, signupLanguage, type LeadDeps } from '@/server/features/submissions';
import { workspaceOwners } from '@/server/features/workspaces/index';

// A paid file's downloads (docs/decisions/0083): each purchase allows the page's `downloadLimit`
// downloads within `downloadDays` of its link being issued, counted in the database; the link names
// the payment and its version, and a fresh link (emailed only to the buyer) starts a new version.

const DAY_MS = 86_400_000;

/** `language`: the page's, for the page a refused download shows (undefined when the page is gone). */
export type PaidDownloadOutcome = { language?: Language } & (
  | {
      kind: 'file';
      file: typeof files.$inferSelect;
      name: string;
      /** What the stamp says and whose it is. */
      buyer: { email: string; orderNumber: number };
      payment: { id: string; version: number; formId: string; workspaceId: string };
    }
  /** The allowance is used up, its window is over, or a newer link replaced this one: a fresh one can be emailed. */
  | { kind: 'limit'; limit: number }
  | { kind: 'expired'; days: number }
  | { kind: 'stale' }
  /** The page was deleted by its owner, or its file removed. */
  | { kind: 'gone' }
  /** Refunded, never paid, or the buyer's address not confirmed (double opt-in). */
  | { kind: 'locked' }
);

/**
 * One download of a purchase's file at link version `version`: counted by a conditional update,
 * so two downloads racing for the last one cannot both have it (the second waits for the first's
 * row lock and then finds the count at the limit).
 */
export async function paidDownload(
  deps: { db: Db },
  link: { paymentId: string; version: number },
  now = new Date(),
): Promise<PaidDownloadOutcome> {
  return deps.db.transaction(async (tx): Promise<PaidDownloadOutcome> => {
    const [row] = await tx
      .select({ payment: payments, lead: leads, config: forms.published, deletedAt: forms.deletedAt })
      .from(payments)
      .innerJoin(forms, eq(forms.id, payments.formId))
      .leftJoin(leads, eq(leads.id, payments.leadId))
      .where(eq(payments.id, link.paymentId));
    // A signed link to a payment no longer stored: its page was deleted (the payment went with it).
    if (!row || row.deletedAt || !row.config) return { kind: 'gone', language: row?.config?.language };
    const { payment, lead, config } = row;
    const { language } = config;
    if (payment.status !== 'paid' || !lead || lead.status !== 'verified' || !mayReceiveFile(lead))
      return { kind: 'locked', language };
    if (!config.leadMagnet) return { kind: 'gone', language };
    const [file] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, config.leadMagnet.id), eq(files.workspaceId, payment.workspaceId)));
    if (!file) return { kind: 'gone', language };
    const { downloadLimit: limit, downloadDays: days } = config.payment;
    const windowStart = new Date(now.getTime() - days * DAY_MS);
    const [counted] = await tx
      .update(payments)
      .set({ downloadsUsed: sql`${payments.downloadsUsed} + 1` })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.status, 'paid'),
          eq(payments.downloadLinkVersion, link.version),
          lt(payments.downloadsUsed, limit),
          gt(payments.downloadLinkIssuedAt, windowStart),
        ),
      )
      .returning({ used: payments.downloadsUsed });
    if (!counted) {
      // Read again: a parallel download or a fresh link may have changed it since the first read.
      const [now_] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      if (!now_ || now_.status !== 'paid') return { kind: 'locked', language };
      if (now_.downloadLinkVersion !== link.version) return { kind: 'stale', language };
      if (!now_.downloadLinkIssuedAt || now_.downloadLinkIssuedAt <= windowStart) return { kind: 'expired', days, language };
      return { kind: 'limit', limit, language };
    }
    await tx
      .update(leads)
      .set({ downloads: sql`${leads.downloads} + 1`, lastDownloadAt: now })
      .where(eq(leads.id, lead.id));
    await bumpDailyStats(tx, payment.formId, { downloads: 1 }, now);
    return {
      kind: 'file',
      file,
      name: config.leadMagnetName,
      buyer: { email: lead.email, orderNumber: payment.orderNumber },
      payment: { id: payment.id, version: link.version, formId: payment.formId, workspaceId: payment.workspaceId },
      language,
    };
  });
}

/** The language of the page a purchase was made on (undefined once it is gone, or for a page stored before pages had one). */
export async function languageOfPurchase(db: Executor, paymentId: string): Promise<Language | undefined> {
  const [row] = await db
    // The language the buyer signed up in (a page may speak several), else the page's.
    .select({
      language: sql<
        string | null
      >`coalesce(${signupLanguage(payments.leadId, payments.submissionId)}, ${forms.published}->>'language')`,
    })
    .from(payments)
    .innerJoin(forms, eq(forms.id, payments.formId))
    .where(eq(payments.id, paymentId));
  return isLanguage(row?.language) ? row.language : undefined;
}

/** A counted download that could not be sent (the file store was away): the buyer keeps it. */
export async function giveBackDownload(db: Executor, payment: { id: string; version: number }) {
  await db
    .update(payments)
    .set({ downloadsUsed: sql`greatest(${payments.downloadsUsed} - 1, 0)` })
    .where(and(eq(payments.id, payment.id), eq(payments.downloadLinkVersion, payment.version)));
}

/**
 * "Email me a fresh link": the purchase's link version goes up (older links stop), its count starts
 * again and its window restarts, and the new link is emailed to the buyer's address on the order,
 * never anywhere else, in the same transaction. Nothing happens for a refunded or unpaid purchase,
 * or one whose buyer was erased. The caller answers the same whatever happened.
 */
export async function sendFreshLink(deps: LeadDeps, paymentId: string, now = new Date()): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.status !== 'paid' || !payment.leadId) return false;
    const found = await lockLead(tx, payment.leadId);
    if (!found || found.formDeletedAt || found.lead.status !== 'verified' || !mayReceiveFile(found.lead)) return false;
    const [fresh] = await tx
      .update(payments)
      .set({ downloadLinkVersion: sql`${payments.downloadLinkVersion} + 1`, downloadsUsed: 0, downloadLinkIssuedAt: now })
      .where(eq(payments.id, payment.id))
      .returning({ id: payments.id, downloadLinkVersion: payments.downloadLinkVersion });
    await sendDownload(deps, tx, found.lead, found, now, { purchase: fresh! });
    return true;
  });
}

/**
 * A paid file that could not be stamped: recorded once per page and file, and the workspace's
 * owners told by email the first time (the same transaction), never again for that file.
 */
export async function noteStampFailure(
  deps: { db: Db; appOrigin: string },
  failure: { formId: string; workspaceId: string; file: { storageKey: string; name: string }; reason: string },
  now = new Date(),
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(stampFailures)
      .values({ formId: failure.formId, fileKey: failure.file.storageKey, reason: failure.reason, notifiedAt: now })
      .onConflictDoNothing()
      .returning({ formId: stampFailures.formId });
    if (!first) return false;
    const [form] = await tx.select({ name: forms.name }).from(forms).where(eq(forms.id, failure.formId));
    const props = {
      pageName: form?.name ?? 'your page',
      fileName: failure.file.name,
      reason: failure.reason,
      pageUrl: `${deps.appOrigin}/dashboard/forms/${failure.formId}`,
    };
    for (const owner of await workspaceOwners(tx, [failure.workspaceId])) {
      await queueEmail(tx, { template: 'stampFailed', to: owner.email, props });
    }
    return true;
  });
}
