import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversionDestinationParamsSchema,
  conversionTestBodySchema,
  googleConnectSchema,
  metaConnectSchema,
  tiktokConnectSchema,
} from '@/domain/conversions-api';
import { idParamsSchema } from '@/domain/forms-api';
import { connectConversions, conversionSettings, disconnectConversions } from './accounts.js';
import type { ConversionDeps } from './deps.js';
import { listSends, replaySend } from './sends.js';
import { sendTestConversion } from './test-event.js';

const tags = ['conversions'];

/** The workspace's conversions connections, their test events and their logs (contract: src/domain/conversions-api.ts). */
export function conversionsRoutes(app: FastifyInstance, { conversions: deps }: { conversions: ConversionDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/conversions', { schema: { tags } }, (request) => conversionSettings(deps, request.owner.workspaceId));

  api.put('/api/conversions/meta', { schema: { tags, body: metaConnectSchema } }, (request) =>
    connectConversions(deps, request.owner.workspaceId, 'meta', {
      accountId: request.body.pixelId,
      credential: request.body.accessToken,
      testEventCode: request.body.testEventCode,
    }),
  );
  api.put('/api/conversions/google', { schema: { tags, body: googleConnectSchema } }, (request) =>
    connectConversions(deps, request.owner.workspaceId, 'google', {
      accountId: request.body.measurementId,
      credential: request.body.apiSecret,
      testEventCode: null,
    }),
  );
  api.put('/api/conversions/tiktok', { schema: { tags, body: tiktokConnectSchema } }, (request) =>
    connectConversions(deps, request.owner.workspaceId, 'tiktok', {
      accountId: request.body.pixelCode,
      credential: request.body.accessToken,
      testEventCode: request.body.testEventCode,
    }),
  );

  api.delete('/api/conversions/:destination', { schema: { tags, params: conversionDestinationParamsSchema } }, (request) =>
    disconnectConversions(deps, request.owner.workspaceId, request.params.destination),
  );

  api.post(
    '/api/conversions/:destination/test',
    { schema: { tags, params: conversionDestinationParamsSchema, body: conversionTestBodySchema.nullish() } },
    (request) =>
      sendTestConversion(deps, request.owner.workspaceId, request.params.destination, {
        testEventCode: request.body?.testEventCode,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  api.get('/api/conversions/:destination/sends', { schema: { tags, params: conversionDestinationParamsSchema } }, (request) =>
    listSends(deps.db, request.owner.workspaceId, request.params.destination),
  );

  api.post('/api/conversions/sends/:id/replay', { schema: { tags, params: idParamsSchema } }, async (request, reply) =>
    reply.status(202).send(await replaySend(deps.db, request.owner.workspaceId, request.params.id)),
  );
}
