import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { ownEndpoint } from './endpoint-view.js';

/** Deletes the endpoint with its deliveries and their attempts (cascade); queued jobs find nothing and stop. */
export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<void> {
  await ownEndpoint(db, workspaceId, id);
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
}
