import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { dashboardStats } from './dashboard-stats.js';
import { formAnalytics } from './form-analytics.js';

/**
 * The figures an owner reads (contract: src/domain/forms-api.ts), scoped to the caller's workspace:
 * the dashboard's for the whole workspace, and a page's own.
 */
export function analyticsRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Under the forms tag in the OpenAPI document, as when the forms routes served it.
  api.get('/api/forms/stats', { schema: { tags: ['forms'] } }, async (request) => dashboardStats(db, request.owner.workspaceId));
  api.get('/api/forms/:id/analytics', { schema: { tags: ['analytics'], params: idParamsSchema } }, async (request) =>
    formAnalytics(db, request.owner.workspaceId, request.params.id),
  );
}
