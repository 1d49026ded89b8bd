import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@/domain/api-errors';
import { IMAGE_MAX_BYTES, imageMessages, PNG_MAX_WIDTH } from '@/domain/images';
import type { Db } from '@/server/db/client';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { isStoredFileMissing, type Storage } from '@/server/lib/storage';
import sharp from 'sharp';
import { imageFileOf } from './image-keys.js';
import { storeImage } from './store-image.js';

const tags = ['images'];

/** POST /api/images: the owner's logo and cover uploads (contract: src/domain/images.ts), for the caller's workspace. */
export function imagesRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/images', { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, ErrorCode.EXPECTED_MULTIPART, 'Send the image as multipart/form-data.');
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw new HttpError(400, ErrorCode.NO_FILE, imageMessages.required);
    const image = await storeImage(db, storage, request.owner.workspaceId, part.file);
    return reply.status(201).send(image);
  });
}

/**
 * GET /img/{id}/{width}.webp on either face: the app's (the creator's preview) and the visitors'
 * (published pages). Straight from storage, with no database lookup: the key follows from the path,
 * and an id is never reused, so the answer may be cached for good. `{width}.png` (widths up to
 * PNG_MAX_WIDTH) is the same image as a PNG, made from the WebP, for emails: mail programs cache it
 * (Gmail's and Outlook.com's image proxies fetch it once), and a small width costs a few milliseconds.
 */
export function imageFileRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  app.get<{ Params: { id: string; file: string } }>('/img/:id/:file', async (request, reply) => {
    const found = imageFileOf(request.params.id, request.params.file, PNG_MAX_WIDTH);
    if (!found) throw notFound('This image');
    const made = found.png ? pngCopies.get(found.key) : undefined;
    if (made) return sendImage(reply, 'image/png', made);
    // Found before answering, so a missing file is a 404 and not a broken 200.
    const stream = await storage.read(found.key).catch((err: unknown) => {
      throw isStoredFileMissing(err) ? notFound('This image') : err;
    });
    if (!found.png) return sendImage(reply, 'image/webp', stream);
    const png = await sharp(await streamBytes(stream))
      .png({ compressionLevel: 9 })
      .toBuffer();
    rememberPng(found.key, png);
    return sendImage(reply, 'image/png', png);
  });
}

function sendImage(reply: FastifyReply, type: string, body: Buffer | NodeJS.ReadableStream | AsyncIterable<Buffer>) {
  return (
    reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // Public by design: an email or another site may show the page's logo too.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body)
  );
}

// PNG copies made once per server and kept (an image never changes under its id): a burst of requests
// for an email's logo, or someone asking for it over and over, costs one conversion, not one each.
const PNG_COPIES_KEPT = 256;
const pngCopies = new Map<string, Buffer>();
function rememberPng(key: string, png: Buffer) {
  if (pngCopies.size >= PNG_COPIES_KEPT) pngCopies.delete(pngCopies.keys().next().value!);
  pngCopies.set(key, png);
}

async function streamBytes(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
