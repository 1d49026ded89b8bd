import { eq } from 'drizzle-orm';
import type { output } from 'zod';
import type { WebhookEndpoint, webhookEndpointPatchSchema } from '@/domain/webhooks-api';
import { webhookEndpoints } from '@/server/db/schema/index';
import { assertOwnForm } from '@/server/features/forms/index';
import { assertDeliverableUrl } from './check-url.js';
import type { WebhookDeps } from './deps.js';
import { endpointView, ownEndpoint } from './endpoint-view.js';

export type UpdateEndpointInput = output<typeof webhookEndpointPatchSchema>;

export async function updateEndpoint(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
  input: UpdateEndpointInput,
): Promise<WebhookEndpoint> {
  await ownEndpoint(deps.db, workspaceId, id);
  const url = input.url === undefined ? undefined : await assertDeliverableUrl(input.url, deps.allowPrivate);
  if (input.formId) await assertOwnForm(deps.db, workspaceId, input.formId);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
      ...(input.formId !== undefined ? { formId: input.formId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return endpointView(row!);
}
