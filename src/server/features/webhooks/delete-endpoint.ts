import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { webhookEndpoints } from '@/server/db/schema/index';
import { ownEndpoint } from './endpoint-view.js';

/** Deletes the endpoint with its deliveries and their attempts (cascade); queued jobs find nothing and stop. */
export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<void> {
  await ownEndpoint(db, workspaceId, id);
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
}
