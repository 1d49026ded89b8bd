import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessRequestSchema, erasureRequestSchema, requestFileName } from '@/domain/data-requests';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import type { Tokens } from '@/server/lib/tokens';
import type { EventConsumer } from '@/server/features/outbox';
import { accessRequest } from './access-request.js';
import { eraseSubject } from './erase-subject.js';
import { erasureCheck } from './erasure-check.js';
import { dataRequestReceipt, listDataRequests } from './request-log.js';

const tags = ['privacy'];

export interface DataRequestDeps {
  db: Db;
  tokens: Tokens;
  storage: Storage;
  eventConsumers: EventConsumer[];
}

/** A JSON download: the browser saves it under `fileName`; personal data is never cached. */
const attachment = (reply: FastifyReply, fileName: string, body: unknown) =>
  reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body, null, 2));

/**
 * Data-subject requests of the caller's workspace (contract: src/domain/data-requests.ts). Never
 * plan-gated: they are legal duties.
 */
export function dataRequestRoutes(app: FastifyInstance, deps: DataRequestDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/privacy/access', { schema: { tags, body: accessRequestSchema } }, async (request, reply) =>
    attachment(reply, requestFileName('access', new Date()), await accessRequest(deps, request.owner, request.body.email)),
  );
  api.post('/api/privacy/erasure', { schema: { tags, body: erasureRequestSchema } }, async (request) =>
    eraseSubject({ ...deps, log: (err, message) => request.log.error({ err }, message) }, request.owner, request.body.email),
  );
  // A POST, not a GET with a query: the address stays out of URLs, access logs and browser history.
  api.post('/api/privacy/erasure/check', { schema: { tags, body: accessRequestSchema } }, async (request) =>
    erasureCheck(deps, request.owner.workspaceId, request.body.email),
  );
  api.get('/api/privacy/requests', { schema: { tags } }, async (request) => listDataRequests(deps.db, request.owner.workspaceId));
  api.get('/api/privacy/requests/:id/receipt', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const receipt = await dataRequestReceipt(deps.db, request.owner.workspaceId, request.params.id);
    return attachment(reply, requestFileName('receipt', new Date(receipt.at)), receipt);
  });
}
