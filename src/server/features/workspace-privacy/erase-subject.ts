import { and, count, eq, inArray } from 'drizzle-orm';
import type { ErasureCounts, ErasureOutcome } from '@/domain/data-requests';
import type { Db } from '@/server/db/client';
import {
  erasureTombstones,
  events,
  forms,
  leadConsents,
  leadEmails,
  leadExports,
  leads,
  payments,
  rateLimitHits,
  submissions,
} from '@/server/db/schema';
import type { Storage } from '@/server/lib/storage';
import type { Tokens } from '@/server/lib/tokens';
import type { WorkspaceActor } from '@/server/features/auth';
import { countedLeadColumns, uncountLeads } from '@/server/features/page-counts';
import { forgetEmails } from '@/server/features/mail';
import { emitHeldEvent, erasedLeadEventData, type EventConsumer } from '@/server/features/outbox';
import { emailCounterKey } from '@/server/features/visitor-journey';
import { logDataRequest, type Requester } from './request-log.js';
import { subjectHashOf } from './subject.js';
import { recordAudit } from '@/server/features/team';

export interface ErasureDeps {
  db: Db;
  tokens: Tokens;
  storage: Storage;
  log: (err: unknown, message: string) => void;
  /** What delivers events (webhooks, email tools): lead.erased is written only where one of them delivers it. */
  eventConsumers: EventConsumer[];
}

const countOf = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;

/**
 * Erases one address from the caller's workspace (GDPR art. 17), on every page, in one
 * transaction: its queued emails and our copies of sent ones, its rate-limit counters, its leads
 * with their answers, submissions, consent records and email log (foreign keys cascade), and the
 * workspace's lead exports (files that may list the person). Payments stay for tax with the lead
 * unlinked. A tombstone (a keyed hash, no address) and the log row record it. Another workspace's
 * leads of the same address are not touched. Erasing again finds nothing and counts zeros.
 */
export async function eraseSubject(
  deps: ErasureDeps,
  owner: WorkspaceActor,
  email: string,
  by?: Requester,
): Promise<ErasureOutcome> {
  const { workspaceId } = owner;
  const subjectHash = subjectHashOf(deps.tokens, workspaceId, email);
  const { outcome, exportFiles } = await deps.db.transaction(async (tx) => {
    // Locked, so a visitor confirming or paying at this moment waits for the erasure, then finds no lead.
    const found = await tx
      .select({ id: leads.id, data: leads.data, ...countedLeadColumns })
      .from(leads)
      .where(and(eq(leads.workspaceId, workspaceId), eq(leads.email, email)))
      .for('update');
    const ids = found.map((l) => l.id);
    const has = ids.length > 0;

    const consents = has
      ? await countOf(tx.select({ n: count() }).from(leadConsents).where(inArray(leadConsents.leadId, ids)))
      : 0;
    const subs = has ? await countOf(tx.select({ n: count() }).from(submissions).where(inArray(submissions.leadId, ids))) : 0;
    const messageIds = has
      ? (await tx.select({ id: leadEmails.messageId }).from(leadEmails).where(inArray(leadEmails.leadId, ids))).map((r) => r.id)
      : [];
    const emails = await forgetEmails(tx, messageIds);

    // Counters are kept per page; the key is a hash of the address, so every page of the workspace
    // (deleted ones too) is tried.
    const pageIds = (await tx.select({ id: forms.id }).from(forms).where(eq(forms.workspaceId, workspaceId))).map((f) => f.id);
    const counterKeys = pageIds.map((formId) => emailCounterKey(deps.tokens, formId, email));
    const counters = counterKeys.length
      ? await tx.delete(rateLimitHits).where(inArray(rateLimitHits.key, counterKeys)).returning({ key: rateLimitHits.key })
      : [];

    // Kept for tax: amount, currency, provider, its ids and dates; no longer tied to the person.
    const anonymised = has
      ? await tx
          .update(payments)
          .set({ leadId: null, submissionId: null })
          .where(and(eq(payments.workspaceId, workspaceId), inArray(payments.leadId, ids)))
          .returning({ id: payments.id })
      : [];
    if (has) await tx.delete(leads).where(inArray(leads.id, ids));
    // Every count follows the rows: the person's sign-up, confirmation and downloads go with them (decision 0065).
    await uncountLeads(tx, found);
    // The person's earlier events (and their pending deliveries) go with them; receivers get lead.erased
    // instead, where a webhook endpoint or an email tool is to be told, and it goes once they were (0024).
    if (has) await tx.delete(events).where(inArray(events.leadId, ids));
    const now = new Date();
    for (const lead of found) {
      const data = erasedLeadEventData({ id: lead.id, formId: lead.formId, email }, now);
      await emitHeldEvent(tx, { workspaceId, formId: lead.formId, type: 'lead.erased', data }, deps.eventConsumers, now);
    }

    // An export made while the person was a lead may list them; one made after an earlier erasure cannot.
    const exports = has
      ? await tx
          .delete(leadExports)
          .where(eq(leadExports.workspaceId, workspaceId))
          .returning({ storageKey: leadExports.storageKey })
      : [];
    const files = exports.flatMap((e) => (e.storageKey ? [e.storageKey] : []));

    const counts: ErasureCounts = {
      leads: ids.length,
      answers: found.reduce((n, l) => n + Object.keys(l.data).length, 0),
      consents,
      submissions: subs,
      emailsLogged: messageIds.length,
      queuedEmailsRemoved: emails.queuedRemoved,
      sentEmailsRemoved: emails.sentCopiesRemoved,
      rateLimitCounters: counters.length,
      paymentsAnonymised: anonymised.length,
      exportFilesRemoved: files.length,
    };
    const request = await logDataRequest(tx, owner, 'erasure', subjectHash, { ...counts }, by);
    // Never the address: the log keeps that a person was erased, not who.
    await recordAudit(tx, { ...owner, userId: by?.id ?? owner.userId }, 'lead.erased', `${counts.leads} leads of one person`);
    // The first erasure's date stands: a repeat proves nothing new.
    await tx.insert(erasureTombstones).values({ workspaceId, subjectHash, requestId: request.id }).onConflictDoNothing();
    return { outcome: { requestId: request.id, counts }, exportFiles: files };
  });
  // Files go after the commit: a rolled-back erasure must not have lost them. A file that cannot be
  // removed now has no row pointing to it and is logged for the operator.
  for (const key of exportFiles) {
    await deps.storage.remove(key).catch((err: unknown) => deps.log(err, 'could not remove an erased lead export file'));
  }
  return outcome;
}
