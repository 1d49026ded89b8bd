import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { formAnalytics } from './form-analytics.js';

/** A page's numbers for its owner (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function analyticsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/forms/:id/analytics', { schema: { tags: ['analytics'], params: idParamsSchema } }, async (request) =>
      formAnalytics(db, request.owner.workspaceId, request.params.id),
    );
}
