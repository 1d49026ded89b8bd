import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { keepPagesBodySchema } from '@/domain/keep-pages';
import type { Db } from '@/server/db/client';
import { heldLeadsSummary } from './held-leads.js';
import { editablePages, keepPagesForEditing } from './kept-pages.js';

/** What the workspace's plan holds back (contract: src/domain/plan-usage.ts), scoped to the caller's workspace. */
export function planLimitsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/leads/held', { schema: { tags: ['leads'] } }, async (request) => heldLeadsSummary(db, request.owner.workspaceId));

  api.get('/api/forms/editable', { schema: { tags: ['forms'] } }, async (request) =>
    editablePages(db, request.owner.workspaceId),
  );

  api.put('/api/forms/editable', { schema: { tags: ['forms'], body: keepPagesBodySchema } }, async (request) =>
    keepPagesForEditing(db, request.owner.workspaceId, request.body.keep),
  );
}
