import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listLeadsQuerySchema, workspaceLeadsQuerySchema } from '@/domain/forms-api';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { getLeadDetail } from './lead-detail.js';
import { listLeads, listWorkspaceLeads } from './list-leads.js';

const tags = ['leads'];

/** Leads for their owner (contract: src/domain/forms-api.ts, lead-detail.ts), scoped to the caller's workspace. */
export function leadListRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Pick<Config, 'secret'> }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/leads', { schema: { tags, querystring: workspaceLeadsQuerySchema } }, async (request) =>
    listWorkspaceLeads(db, request.owner.workspaceId, request.query),
  );

  api.get('/api/leads/:id', { schema: { tags, params: idParamsSchema } }, async (request) =>
    getLeadDetail(db, request.owner.workspaceId, request.params.id, config.secret),
  );

  api.get(
    '/api/forms/:id/leads',
    { schema: { tags, params: idParamsSchema, querystring: listLeadsQuerySchema } },
    async (request) => listLeads(db, request.owner.workspaceId, request.params.id, request.query.cursor),
  );
}
