import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletionBodySchema } from '@/domain/account';
import type { Db } from '@/server/db/client';
import { accountStatus, cancelDeletion, scheduleDeletion } from './account.js';

const tags = ['account'];

/** The signed-in person's own account (contract: src/domain/account.ts), for the owner plugin. */
export function accountRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/account', { schema: { tags } }, (request) => accountStatus(db, request.owner.userId));
  api.post('/api/account/deletion', { schema: { tags, body: accountDeletionBodySchema } }, (request) =>
    scheduleDeletion(db, { id: request.owner.userId, email: request.owner.email }, request.body),
  );
  api.delete('/api/account/deletion', { schema: { tags } }, (request) => cancelDeletion(db, request.owner.userId));
}
