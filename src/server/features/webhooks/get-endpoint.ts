import type { WebhookEndpoint } from '../../../domain/webhooks-api.js';
import type { Db } from '../../db/client.js';
import { endpointView, ownEndpoint } from './endpoint-view.js';

export async function getEndpoint(db: Db, workspaceId: string, id: string): Promise<WebhookEndpoint> {
  return endpointView(await ownEndpoint(db, workspaceId, id));
}
