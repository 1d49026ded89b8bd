import { randomBytes } from 'node:crypto';
import { EVENT_PAYLOAD_VERSION, type EventEnvelope, type EventType, type TEST_EVENT_TYPE } from '@/domain/events';
import type { Executor } from '@/server/db/client';
import { events } from '@/server/db/schema/index';
import { addJobItem } from '@/server/lib/jobs';

export const DISPATCH_EVENT_TASK = 'dispatch_event';

export interface NewEvent {
  workspaceId: string;
  type: EventType | typeof TEST_EVENT_TYPE;
  /** The page it concerns, for endpoints filtered to one page. */
  formId?: string | null;
  /** The lead it names, so that erasing the lead also removes it. */
  leadId?: string | null;
  data: Record<string, unknown>;
}

/** A Standard Webhooks message id: `msg_` and 22 random base64url characters. */
export const newEventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Records an event in the caller's transaction, with the job that hands it to the webhooks and
 * email tools: both exist if and only if the change they describe was committed, so a crash
 * between the commit and the delivery loses nothing (the job runs when a worker is back). The
 * events of one `transactionQueuingQuietly` send share one job (decision 0105).
 */
export async function emitEvent(tx: Executor, event: NewEvent, now = new Date()): Promise<string> {
  const id = newEventId();
  const payload: EventEnvelope = {
    type: event.type,
    timestamp: now.toISOString(),
    version: EVENT_PAYLOAD_VERSION,
    data: event.data,
  };
  const row = tx.insert(events).values({
    id,
    workspaceId: event.workspaceId,
    type: event.type,
    formId: event.formId ?? null,
    leadId: event.leadId ?? null,
    payload,
    createdAt: now,
  });
  // One statement: the event and its job, which the events of a follow-up batch share.
  await addJobItem(tx, DISPATCH_EVENT_TASK, 'eventIds', id, [row.getSQL()]);
  return id;
}
