import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { LEAD_MAGNET_MAX_BYTES } from '../../../domain/form-config.js';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import type { Storage } from '../../lib/storage.js';
import { findFile, storeUpload } from './files.js';

export function filesRoutes(app: FastifyInstance, db: Db, storage: Storage, owner: preHandlerHookHandler) {
  app.post('/api/files', { preHandler: owner }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, 'EXPECTED_MULTIPART', 'Send the PDF as multipart/form-data.');
    const part = await request.file({ limits: { fileSize: LEAD_MAGNET_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw new HttpError(400, 'NO_FILE', 'Please upload a PDF file');
    const uploaded = await storeUpload(db, storage, request.owner.workspaceId, {
      filename: part.filename,
      mimetype: part.mimetype,
      file: part.file,
    });
    return reply.status(201).send(uploaded);
  });

  app.get<{ Params: { id: string } }>('/api/files/:id', { preHandler: owner }, async (request, reply) => {
    const file = await findFile(db, request.owner.workspaceId, request.params.id);
    if (!file) throw notFound('This file');
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .send(storage.read(file.storageKey));
  });
}
