import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { abTestResults } from './ab-test-results.js';
import { dashboardStats } from './dashboard-stats.js';
import { formAnalytics } from './form-analytics.js';

/**
 * The figures an owner reads (contract: src/domain/forms-api.ts), scoped to the caller's workspace:
 * the dashboard's for the whole workspace, a page's own, and its A/B test's results
 * (src/domain/ab-test-results.ts).
 */
export function pageStatsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Under the forms tag in the OpenAPI document, as when the forms routes served it.
  api.get('/api/forms/stats', { schema: { tags: ['forms'] } }, async (request) => dashboardStats(db, request.owner.workspaceId));
  api.get('/api/forms/:id/analytics', { schema: { tags: ['analytics'], params: idParamsSchema } }, async (request) =>
    formAnalytics(db, request.owner.workspaceId, request.params.id),
  );
  api.get('/api/forms/:id/ab-test', { schema: { tags: ['analytics'], params: idParamsSchema } }, async (request) =>
    abTestResults(db, request.owner.workspaceId, request.params.id),
  );
}
