import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Db } from '../../db/client.js';
import { formAnalytics } from './form-analytics.js';

type WithId = { Params: { id: string } };

/** A page's numbers for its owner (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function analyticsRoutes(app: FastifyInstance, db: Db, owner: preHandlerHookHandler) {
  app.get<WithId>('/api/forms/:id/analytics', { preHandler: owner }, async (request) =>
    formAnalytics(db, request.owner.workspaceId, request.params.id),
  );
}
