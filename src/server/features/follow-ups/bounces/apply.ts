import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { leadEmails, leads } from '@/server/db/schema/index';
import { isSuppressed, suppress } from '@/server/features/follow-ups/suppression';
import type { MailEvent } from './events.js';

export type MailProvider = 'sendgrid' | 'mailgun';

/**
 * Puts the addresses of a provider's bounces and complaints on their workspaces' suppression lists.
 * Each event is matched to the lead its email went to (lead_emails, by the queued id), and only
 * when the provider names that lead's address: the owners' notices, erased leads and other senders'
 * messages match nothing. An address already on the list is left as it is, so a repeated event
 * changes nothing. Returns how many addresses were added.
 */
export async function applyMailEvents(db: Db, secret: string, provider: MailProvider, events: MailEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const sent = await db
    .select({ queuedId: leadEmails.messageId, email: leads.email, workspaceId: leads.workspaceId, formId: leads.formId })
    .from(leadEmails)
    .innerJoin(leads, eq(leads.id, leadEmails.leadId))
    .where(
      and(
        inArray(
          leadEmails.messageId,
          events.map((e) => e.queuedId),
        ),
        ne(leadEmails.kind, 'owner-notice'),
      ),
    );
  const byId = new Map(sent.map((row) => [row.queuedId, row]));
  let added = 0;
  for (const event of events) {
    const lead = byId.get(event.queuedId);
    if (!lead || lead.email.toLowerCase() !== event.recipient) continue;
    const entry = {
      workspaceId: lead.workspaceId,
      email: lead.email,
      reason: event.reason,
      source: provider,
      formId: lead.formId,
    };
    const fresh = await db.transaction(async (tx) =>
      (await isSuppressed(tx, secret, entry.workspaceId, entry.email)) ? false : suppress(tx, secret, entry),
    );
    if (fresh) added += 1;
  }
  return added;
}
