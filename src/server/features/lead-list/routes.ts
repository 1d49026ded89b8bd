import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listLeadsQuerySchema } from '../../../domain/forms-api.js';
import type { Db } from '../../db/client.js';
import { listLeads } from './list-leads.js';

/** A page's leads for its owner (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function leadListRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/forms/:id/leads',
      { schema: { tags: ['leads'], params: idParamsSchema, querystring: listLeadsQuerySchema } },
      async (request) => listLeads(db, request.owner.workspaceId, request.params.id, request.query.cursor),
    );
}
