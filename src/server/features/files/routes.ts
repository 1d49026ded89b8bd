import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@/domain/api-errors';
import { formMessages, LEAD_MAGNET_MAX_BYTES } from '@/domain/form-config';
import { idParamsSchema } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import { attachmentDisposition } from '@/server/lib/content-disposition';
import { HttpError, notFound } from '@/server/lib/http-errors';
import type { Storage } from '@/server/lib/storage';
import { findFile, storeUpload } from './files.js';

const tags = ['files'];

/** The owner's lead-magnet files (contract: src/domain/forms-api.ts), scoped to the caller's workspace. */
export function filesRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/files', { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, ErrorCode.EXPECTED_MULTIPART, 'Send the file as multipart/form-data.');
    const part = await request.file({ limits: { fileSize: LEAD_MAGNET_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw new HttpError(400, ErrorCode.NO_FILE, formMessages.leadMagnetRequired);
    // What it is follows from its name's extension and its bytes; the type the browser guessed is not asked.
    const uploaded = await storeUpload(db, storage, request.owner.workspaceId, { filename: part.filename, file: part.file });
    return reply.status(201).send(uploaded);
  });

  api.get('/api/files/:id', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const file = await findFile(db, request.owner.workspaceId, request.params.id);
    if (!file) throw notFound('This file');
    const body = await storage.read(file.storageKey);
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
