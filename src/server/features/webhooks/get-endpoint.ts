import type { WebhookEndpoint } from '@/domain/webhooks-api';
import type { Db } from '@/server/db/client';
import { endpointView, ownEndpoint } from './endpoint-view.js';

export async function getEndpoint(db: Db, workspaceId: string, id: string): Promise<WebhookEndpoint> {
  return endpointView(await ownEndpoint(db, workspaceId, id));
}
