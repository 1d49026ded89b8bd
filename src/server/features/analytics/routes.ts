import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { listLeadsQuerySchema } from '../../../domain/forms-api.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../lib/validate.js';
import { formAnalytics, listLeads } from './analytics.js';

type WithId = { Params: { id: string } };

/** A form's numbers and leads for its owner (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function analyticsRoutes(app: FastifyInstance, db: Db, owner: preHandlerHookHandler) {
  const opts = { preHandler: owner };

  app.get<WithId>('/api/forms/:id/analytics', opts, async (request) =>
    formAnalytics(db, request.owner.workspaceId, request.params.id),
  );

  app.get<WithId>('/api/forms/:id/leads', opts, async (request) => {
    const { cursor } = parseInput(listLeadsQuerySchema, request.query);
    return listLeads(db, request.owner.workspaceId, request.params.id, cursor);
  });
}
