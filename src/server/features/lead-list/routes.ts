import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { listLeadsQuerySchema } from '../../../domain/forms-api.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../lib/validate.js';
import { listLeads } from './list-leads.js';

type WithId = { Params: { id: string } };

/** A page's leads for its owner (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function leadListRoutes(app: FastifyInstance, db: Db, owner: preHandlerHookHandler) {
  app.get<WithId>('/api/forms/:id/leads', { preHandler: owner }, async (request) => {
    const { cursor } = parseInput(listLeadsQuerySchema, request.query);
    return listLeads(db, request.owner.workspaceId, request.params.id, cursor);
  });
}
