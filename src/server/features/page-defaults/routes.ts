import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageDefaultsSchema } from '@/domain/page-defaults';
import { businessAddressSchema } from '@/domain/paid-orders';
import type { Db } from '@/server/db/client';
import { businessAddress, setBusinessAddress } from './business-address.js';
import { pageDefaults, setPageDefaults } from './page-defaults.js';

const tags = ['workspace'];

/** What the caller's workspace's new pages start from (contract: src/domain/page-defaults.ts). */
export function pageDefaultsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/workspace/page-defaults', { schema: { tags } }, async (request) => pageDefaults(db, request.owner.workspaceId));
  api.put('/api/workspace/page-defaults', { schema: { tags, body: pageDefaultsSchema } }, async (request) =>
    setPageDefaults(db, request.owner.workspaceId, request.body),
  );
  // The seller's postal address on receipts: a workspace setting beside the privacy-policy address.
  api.get('/api/workspace/business-address', { schema: { tags } }, async (request) =>
    businessAddress(db, request.owner.workspaceId),
  );
  api.put('/api/workspace/business-address', { schema: { tags, body: businessAddressSchema } }, async (request) =>
    setBusinessAddress(db, request.owner.workspaceId, request.body),
  );
}
