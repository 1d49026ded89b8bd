import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { placementStatsParamsSchema, placementStatsQuerySchema } from '@/domain/placement-stats';
import type { Db } from '@/server/db/client';
import { placementStats } from './stats.js';

/** Each placement's figures on the page's analytics (owner API, the caller's workspace only). */
export function placementStatsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/forms/:formId/placements/stats',
    { schema: { tags: ['analytics'], params: placementStatsParamsSchema, querystring: placementStatsQuerySchema } },
    async (request) => placementStats(db, request.owner.workspaceId, request.params.formId, request.query),
  );
}
