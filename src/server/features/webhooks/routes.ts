import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import { deliveriesQuerySchema, webhookEndpointBodySchema, webhookEndpointPatchSchema } from '@/domain/webhooks-api';
import { createEndpoint } from './create-endpoint.js';
import { deleteEndpoint } from './delete-endpoint.js';
import { getDelivery, listDeliveries, replayDelivery } from './deliveries.js';
import type { WebhookDeps } from './deps.js';
import { revealSecret, rotateSecret, sendTestEvent, setEndpointEnabled } from './endpoint-actions.js';
import { getEndpoint } from './get-endpoint.js';
import { listEndpoints } from './list-endpoints.js';
import { updateEndpoint } from './update-endpoint.js';

const tags = ['webhooks'];
const base = '/api/webhooks/endpoints';

/** The workspace's webhook endpoints and their delivery logs (contract: src/domain/webhooks-api.ts). */
export function webhooksRoutes(app: FastifyInstance, { webhooks: deps }: { webhooks: WebhookDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const params = idParamsSchema;

  api.get(base, { schema: { tags } }, async (request) => listEndpoints(db, request.owner.workspaceId));
  api.post(base, { schema: { tags, body: webhookEndpointBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createEndpoint(deps, request.owner.workspaceId, request.body)),
  );
  api.get(`${base}/:id`, { schema: { tags, params } }, async (request) =>
    getEndpoint(db, request.owner.workspaceId, request.params.id),
  );
  api.patch(`${base}/:id`, { schema: { tags, params, body: webhookEndpointPatchSchema } }, async (request) =>
    updateEndpoint(deps, request.owner.workspaceId, request.params.id, request.body),
  );
  api.delete(`${base}/:id`, { schema: { tags, params } }, async (request, reply) => {
    await deleteEndpoint(db, request.owner.workspaceId, request.params.id);
    return reply.status(204).send();
  });
  api.get(`${base}/:id/secret`, { schema: { tags, params } }, async (request) =>
    revealSecret(deps, request.owner.workspaceId, request.params.id),
  );
  api.post(`${base}/:id/rotate-secret`, { schema: { tags, params } }, async (request) =>
    rotateSecret(deps, request.owner.workspaceId, request.params.id),
  );
  api.post(`${base}/:id/enable`, { schema: { tags, params } }, async (request) =>
    setEndpointEnabled(deps, request.owner.workspaceId, request.params.id, true),
  );
  api.post(`${base}/:id/disable`, { schema: { tags, params } }, async (request) =>
    setEndpointEnabled(deps, request.owner.workspaceId, request.params.id, false),
  );
  api.post(`${base}/:id/test`, { schema: { tags, params } }, async (request, reply) => {
    const deliveryId = await sendTestEvent(deps, request.owner.workspaceId, request.params.id);
    return reply.status(202).send(await getDelivery(db, request.owner.workspaceId, deliveryId));
  });
  api.get(`${base}/:id/deliveries`, { schema: { tags, params, querystring: deliveriesQuerySchema } }, async (request) =>
    listDeliveries(db, request.owner.workspaceId, request.params.id, request.query.cursor),
  );
  api.get('/api/webhooks/deliveries/:id', { schema: { tags, params } }, async (request) =>
    getDelivery(db, request.owner.workspaceId, request.params.id),
  );
  api.post('/api/webhooks/deliveries/:id/replay', { schema: { tags, params } }, async (request, reply) =>
    reply.status(202).send(await replayDelivery(db, request.owner.workspaceId, request.params.id)),
  );
}
