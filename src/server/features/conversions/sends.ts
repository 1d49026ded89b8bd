import { and, desc, eq } from 'drizzle-orm';
import { CONVERSION_DESTINATION_NAMES, type ConversionDestination } from '@/domain/conversions';
import { CONVERSION_LOG_SIZE, type ConversionSendList, type ConversionSendView } from '@/domain/conversions-api';
import { isUuid } from '@/domain/ids';
import type { Db } from '@/server/db/client';
import { conversionAccounts, conversionSends, forms } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { queueSend } from './queue.js';

const columns = {
  id: conversionSends.id,
  destination: conversionSends.destination,
  event: conversionSends.event,
  eventId: conversionSends.eventId,
  status: conversionSends.status,
  attempts: conversionSends.attempts,
  formId: conversionSends.formId,
  formName: forms.name,
  leadId: conversionSends.leadId,
  responseStatus: conversionSends.responseStatus,
  lastError: conversionSends.lastError,
  createdAt: conversionSends.createdAt,
  sentAt: conversionSends.sentAt,
  updatedAt: conversionSends.updatedAt,
};

type SendRow = Omit<ConversionSendView, 'createdAt' | 'sentAt' | 'updatedAt'> & {
  createdAt: Date;
  sentAt: Date | null;
  updatedAt: Date;
};

const view = (row: SendRow): ConversionSendView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

/** The destination's latest sends, newest first: the owner's log. */
export async function listSends(db: Db, workspaceId: string, destination: ConversionDestination): Promise<ConversionSendList> {
  const rows = await db
    .select(columns)
    .from(conversionSends)
    .innerJoin(forms, eq(forms.id, conversionSends.formId))
    .where(and(eq(conversionSends.workspaceId, workspaceId), eq(conversionSends.destination, destination)))
    .orderBy(desc(conversionSends.createdAt), desc(conversionSends.id))
    .limit(CONVERSION_LOG_SIZE);
  return { sends: rows.map(view) };
}

/**
 * Queues one more attempt of a sent or failed send, with the body it was sent with (so the same
 * event id: the platform counts it once). One still waiting has its attempt coming already.
 */
export async function replaySend(db: Db, workspaceId: string, id: string): Promise<ConversionSendView> {
  if (!isUuid(id)) throw notFound('This conversion');
  const [row] = await db
    .select({ ...columns, connected: conversionAccounts.destination })
    .from(conversionSends)
    .innerJoin(forms, eq(forms.id, conversionSends.formId))
    .leftJoin(
      conversionAccounts,
      and(
        eq(conversionAccounts.workspaceId, conversionSends.workspaceId),
        eq(conversionAccounts.destination, conversionSends.destination),
      ),
    )
    .where(and(eq(conversionSends.id, id), eq(conversionSends.workspaceId, workspaceId)));
  if (!row) throw notFound('This conversion');
  const { connected, ...send } = row;
  if (send.status === 'pending') throw conflict('This event is already waiting to be sent.');
  if (!connected) throw conflict(`Connect ${CONVERSION_DESTINATION_NAMES[send.destination]} again to send this event.`);
  await queueSend(db, id, 'replay');
  return view(send);
}
