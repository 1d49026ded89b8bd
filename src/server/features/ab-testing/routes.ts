import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { abTestResults } from '@/server/features/page-stats';

/** A page's A/B test results for its owner (contract: src/domain/ab-test-results.ts), scoped to the caller's workspace. */
export function abTestRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/forms/:id/ab-test', { schema: { tags: ['analytics'], params: idParamsSchema } }, async (request) =>
      abTestResults(db, request.owner.workspaceId, request.params.id),
    );
}
