import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createApiKeyBodySchema } from '@/domain/api-keys';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.js';

const tags = ['api-keys'];

/** The workspace's API keys (contract: src/domain/api-keys.ts), for the owner plugin (request.owner set). */
export function apiKeysRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/api-keys', { schema: { tags } }, async (request) => listApiKeys(db, request.owner.workspaceId));
  api.post('/api/api-keys', { schema: { tags, body: createApiKeyBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createApiKey(db, request.owner, request.body)),
  );
  api.delete('/api/api-keys/:id', { schema: { tags, params: idParamsSchema } }, async (request) =>
    revokeApiKey(db, request.owner, request.params.id),
  );
}
