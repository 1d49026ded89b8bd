import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import { createLeadExportBodySchema } from '@/domain/lead-export';
import { createLeadExport, type ExportApiDeps, getLeadExport, listLeadExports } from './exports.js';

const tags = ['leads'];

/** The workspace's lead exports (contract: src/domain/lead-export.ts), scoped to the caller's workspace. */
export function leadExportRoutes(app: FastifyInstance, deps: ExportApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/leads/exports', { schema: { tags, body: createLeadExportBodySchema } }, async (request, reply) =>
    reply.status(202).send(await createLeadExport(deps, request.owner, request.body)),
  );

  api.get('/api/leads/exports', { schema: { tags } }, async (request) => listLeadExports(deps, request.owner.workspaceId));

  api.get('/api/leads/exports/:id', { schema: { tags, params: idParamsSchema } }, async (request) =>
    getLeadExport(deps, request.owner.workspaceId, request.params.id),
  );
}
