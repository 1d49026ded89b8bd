import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addDomainBodySchema, domainPatchBodySchema, slugBodySchema } from '@/domain/custom-domains';
import { idParamsSchema } from '@/domain/forms-api';
import { addDomain } from './add-domain.js';
import { deleteDomain } from './delete-domain.js';
import type { DomainDeps } from './deps.js';
import { listDomains } from './list-domains.js';
import { setHomePage } from './set-home-page.js';
import { setSlug } from './set-slug.js';
import { verifyDomain } from './verify-domain.js';

const tags = ['domains'];
const params = idParamsSchema;

/** The workspace's custom domains and its pages' slugs (contract: src/domain/custom-domains.ts), for the owner plugin. */
export function customDomainsRoutes(app: FastifyInstance, { customDomains: deps }: { customDomains: DomainDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/domains', { schema: { tags } }, async (request) => listDomains(deps, request.owner.workspaceId));
  api.post('/api/domains', { schema: { tags, body: addDomainBodySchema } }, async (request, reply) =>
    reply.status(201).send(await addDomain(deps, request.owner.workspaceId, request.body.hostname)),
  );
  api.post('/api/domains/:id/verify', { schema: { tags, params } }, async (request) =>
    verifyDomain(deps, request.owner.workspaceId, request.params.id),
  );
  api.patch('/api/domains/:id', { schema: { tags, params, body: domainPatchBodySchema } }, async (request) =>
    setHomePage(deps, request.owner.workspaceId, request.params.id, request.body.homeFormId),
  );
  api.delete('/api/domains/:id', { schema: { tags, params } }, async (request, reply) => {
    await deleteDomain(deps, request.owner.workspaceId, request.params.id);
    return reply.status(204).send();
  });
  api.put('/api/forms/:id/slug', { schema: { tags, params, body: slugBodySchema } }, async (request) =>
    setSlug(deps, request.owner.workspaceId, request.params.id, request.body.slug),
  );
}
