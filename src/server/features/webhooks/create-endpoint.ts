import { count, eq } from 'drizzle-orm';
import type { output } from 'zod';
import { MAX_ENDPOINTS_PER_WORKSPACE, type WebhookEndpoint, type webhookEndpointBodySchema } from '@/domain/webhooks-api';
import { webhookEndpoints } from '@/server/db/schema/index';
import { validationError } from '@/server/lib/http-errors';
import { assertOwnForm } from '@/server/features/forms/index';
import { assertDeliverableUrl } from './check-url.js';
import { newSecret, type WebhookDeps } from './deps.js';
import { endpointView } from './endpoint-view.js';

export type CreateEndpointInput = output<typeof webhookEndpointBodySchema>;

/** Adds an endpoint with a fresh signing secret, once its address passes the SSRF check. */
export async function createEndpoint(
  deps: WebhookDeps,
  workspaceId: string,
  input: CreateEndpointInput,
): Promise<WebhookEndpoint> {
  const url = await assertDeliverableUrl(input.url, deps.allowPrivate);
  if (input.formId) await assertOwnForm(deps.db, workspaceId, input.formId);
  const [existing] = await deps.db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId));
  if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_WORKSPACE)
    throw validationError({ _: `A workspace can have ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints. Delete one first.` });
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      workspaceId,
      url,
      description: input.description,
      eventTypes: input.eventTypes,
      formId: input.formId,
      secretSealed: deps.sealer.seal(newSecret()),
    })
    .returning();
  return endpointView(row!);
}
