import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retentionSettingsSchema } from '@/domain/retention';
import type { Db } from '@/server/db/client';
import { retentionSettings, setRetentionSettings } from './retention.js';

const tags = ['workspace'];

/** How long the caller's workspace keeps leads (contract: src/domain/retention.ts). */
export function retentionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/workspace/retention', { schema: { tags } }, async (request) => retentionSettings(db, request.owner.workspaceId));
  api.put('/api/workspace/retention', { schema: { tags, body: retentionSettingsSchema } }, async (request) =>
    setRetentionSettings(db, request.owner.workspaceId, request.body),
  );
}
