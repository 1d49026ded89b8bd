import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import type { WebhookEndpoint } from '@/domain/webhooks-api';
import type { Executor } from '@/server/db/client';
import { webhookEndpoints } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as WebhookEndpoint['eventTypes'],
  formId: row.formId,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The workspace's endpoint, or a 404 (another workspace's id, a malformed one). */
export async function ownEndpoint(executor: Executor, workspaceId: string, id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound('This webhook endpoint');
  const [row] = await executor
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw notFound('This webhook endpoint');
  return row;
}
