import { asc, eq } from 'drizzle-orm';
import type { WebhookEndpoint } from '@/domain/webhooks-api';
import type { Db } from '@/server/db/client';
import { webhookEndpoints } from '@/server/db/schema/index';
import { endpointView } from './endpoint-view.js';

export async function listEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(endpointView);
}
