import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@/domain/forms-api';
import { addSendingDomainBodySchema, sendingDomainPatchBodySchema } from '@/domain/sending-domains';
import { addSendingDomain } from './add-sending-domain.js';
import { deleteSendingDomain } from './delete-sending-domain.js';
import type { SendingDomainDeps } from './deps.js';
import { getSendingDomain } from './get-sending-domain.js';
import { setLocalPart } from './set-local-part.js';
import { verifySendingDomain } from './verify-sending-domain.js';

const tags = ['sending-domains'];
const params = idParamsSchema;

/** The workspace's sending domain (contract: src/domain/sending-domains.ts), for the owner plugin. */
export function sendingDomainsRoutes(app: FastifyInstance, { sendingDomains: deps }: { sendingDomains: SendingDomainDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/sending-domains', { schema: { tags } }, async (request) => getSendingDomain(deps, request.owner.workspaceId));
  api.post('/api/sending-domains', { schema: { tags, body: addSendingDomainBodySchema } }, async (request, reply) =>
    reply.status(201).send(await addSendingDomain(deps, request.owner.workspaceId, request.body.domain)),
  );
  api.post('/api/sending-domains/:id/verify', { schema: { tags, params } }, async (request) =>
    verifySendingDomain(deps, request.owner.workspaceId, request.params.id),
  );
  api.patch('/api/sending-domains/:id', { schema: { tags, params, body: sendingDomainPatchBodySchema } }, async (request) =>
    setLocalPart(deps, request.owner.workspaceId, request.params.id, request.body.localPart),
  );
  api.delete('/api/sending-domains/:id', { schema: { tags, params } }, async (request, reply) => {
    await deleteSendingDomain(deps, request.owner.workspaceId, request.params.id);
    return reply.status(204).send();
  });
}
