import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageDefaultsSchema } from '@/domain/page-defaults';
import type { Db } from '@/server/db/client';
import { pageDefaults, setPageDefaults } from './page-defaults.js';

const tags = ['workspace'];

/** What the caller's workspace's new pages start from (contract: src/domain/page-defaults.ts). */
export function pageDefaultsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/workspace/page-defaults', { schema: { tags } }, async (request) => pageDefaults(db, request.owner.workspaceId));
  api.put('/api/workspace/page-defaults', { schema: { tags, body: pageDefaultsSchema } }, async (request) =>
    setPageDefaults(db, request.owner.workspaceId, request.body),
  );
}
