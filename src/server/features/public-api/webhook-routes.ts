import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  listOf,
  v1CreatedWebhookEndpointSchema,
  v1WebhookEndpointSchema,
  v1WebhookSecretSchema,
} from '@/domain/public-api';
import { webhookEndpointBodySchema, webhookEndpointPatchSchema } from '@/domain/webhooks-api';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  revealSecret,
  updateEndpoint,
  type WebhookDeps,
} from '@/server/features/webhooks/index';
import { objectPostProblems, objectProblems, problems } from './problems.js';

const tags = ['webhooks'];

/** The workspace's webhook endpoints, through the same use cases as Settings → Integrations. */
export function publicApiWebhookRoutes(app: FastifyInstance, webhooks: WebhookDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ws = (request: { apiCaller: { workspaceId: string } }) => request.apiCaller.workspaceId;

  api.get(
    '/webhooks/endpoints',
    {
      schema: {
        tags,
        summary: 'List webhook endpoints',
        description: 'Every endpoint of the workspace, oldest first (at most 20, so one page).',
        response: { 200: listOf(v1WebhookEndpointSchema), ...problems },
      },
    },
    async (request) => ({ data: await listEndpoints(webhooks.db, ws(request)), nextCursor: null }),
  );

  api.post(
    '/webhooks/endpoints',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint',
        description:
          'Only http(s) URLs on public addresses are accepted. The answer carries the signing secret; it can be read again later.',
        body: webhookEndpointBodySchema,
        response: { 201: v1CreatedWebhookEndpointSchema, ...objectPostProblems },
      },
    },
    async (request, reply) => {
      const endpoint = await createEndpoint(webhooks, ws(request), request.body);
      const { secret } = await revealSecret(webhooks, ws(request), endpoint.id);
      return reply.status(201).send({ ...endpoint, secret });
    },
  );

  api.get(
    '/webhooks/endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Get a webhook endpoint',
        params: idParamsSchema,
        response: { 200: v1WebhookEndpointSchema, ...objectProblems },
      },
    },
    async (request) => getEndpoint(webhooks.db, ws(request), request.params.id),
  );

  api.get(
    '/webhooks/endpoints/:id/secret',
    {
      schema: {
        tags,
        summary: 'Get a webhook endpoint’s signing secret',
        params: idParamsSchema,
        response: { 200: v1WebhookSecretSchema, ...objectProblems },
      },
    },
    async (request) => revealSecret(webhooks, ws(request), request.params.id),
  );

  api.patch(
    '/webhooks/endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Update a webhook endpoint',
        description: 'Changes only the fields sent.',
        params: idParamsSchema,
        body: webhookEndpointPatchSchema,
        response: { 200: v1WebhookEndpointSchema, ...objectProblems },
      },
    },
    async (request) => updateEndpoint(webhooks, ws(request), request.params.id, request.body),
  );

  api.delete(
    '/webhooks/endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted: no body.'), ...objectProblems },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(webhooks.db, ws(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
