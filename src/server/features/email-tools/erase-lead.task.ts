import { and, eq } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Executor } from '@/server/db/client';
import { emailToolAccounts, events, formEmailTools } from '@/server/db/schema/index';
import { addJob } from '@/server/lib/jobs';
import { nextAttemptAt } from '@/server/lib/retry-schedule';
import { type EventRow, holdEvent, releaseEvent } from '@/server/features/outbox/index';
import { loadApiKey } from './accounts.js';
import type { EmailToolsDeps } from './deps.js';
import { mailchimpApi } from './mailchimp.js';

export const ERASE_FROM_EMAIL_TOOL_TASK = 'erase_lead_from_email_tool';

/** The address is read from the lead.erased event itself, so no job payload holds it. */
interface ErasePayload {
  eventId: string;
  listId: string;
  attempt: number;
}

async function queueErase(tx: Executor, payload: ErasePayload, runAt?: Date) {
  await addJob(tx, ERASE_FROM_EMAIL_TOOL_TASK, payload, { jobKey: `email-tool-erase:${payload.eventId}`, runAt, maxAttempts: 5 });
}

/**
 * On lead.erased: the person is deleted permanently from the Mailchimp audience their page sends
 * to (Mailchimp's delete-permanent; Kit's API has no deletion, only unsubscribing, so Kit is left
 * to the owner). Runs in the dispatch transaction, like the sync's consumer.
 */
export async function queueEraseFromEmailTools(tx: Executor, event: EventRow) {
  if (event.type !== 'lead.erased' || !event.formId) return;
  const [target] = await tx
    .select({ settings: formEmailTools.settings })
    .from(formEmailTools)
    .innerJoin(
      emailToolAccounts,
      and(eq(emailToolAccounts.workspaceId, formEmailTools.workspaceId), eq(emailToolAccounts.provider, formEmailTools.provider)),
    )
    .where(
      and(
        eq(formEmailTools.formId, event.formId),
        eq(formEmailTools.workspaceId, event.workspaceId),
        eq(formEmailTools.provider, 'mailchimp'),
      ),
    );
  const listId = (target?.settings as { listId?: unknown } | undefined)?.listId;
  if (typeof listId !== 'string') return;
  await queueErase(tx, { eventId: event.id, listId, attempt: 1 });
  await holdEvent(tx, event, ERASE_HOLDER);
}

/** What holds a lead.erased event until the erasure from the email tool ends. */
const ERASE_HOLDER = 'email-tool-erase';

export async function eraseFromEmailTool(deps: EmailToolsDeps, payload: ErasePayload, now = new Date()) {
  const [event] = await deps.db.select().from(events).where(eq(events.id, payload.eventId));
  const email = (event?.payload.data as { lead?: { email?: unknown } } | undefined)?.lead?.email;
  if (!event || typeof email !== 'string') return;
  const apiKey = await loadApiKey(deps, deps.db, event.workspaceId, 'mailchimp');
  const api = apiKey ? mailchimpApi(apiKey, deps.mailchimpApiUrl) : undefined;
  const result = api ? await api.deletePermanently(payload.listId, email) : undefined;
  // Done, or not a member (404): nothing left to delete. A refused key or request cannot succeed later.
  const retry = result && !result.ok && (result.kind === 'rate_limited' || result.kind === 'unavailable');
  const runAt = retry ? nextAttemptAt(payload.attempt, now) : null;
  if (runAt) return queueErase(deps.db, { ...payload, attempt: payload.attempt + 1 }, runAt);
  // Ended (done, refused, no account any more, or out of attempts): the event, with the address, may go.
  await deps.db.transaction((tx) => releaseEvent(tx, event.id, ERASE_HOLDER));
}

export const eraseFromEmailToolTask =
  (deps: EmailToolsDeps): Task =>
  async (payload) => {
    await eraseFromEmailTool(deps, payload as ErasePayload);
  };
