import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../domain/api-errors.js';
import { formMessages } from '../../../domain/form-config.js';
import type { UploadedFile } from '../../../domain/forms-api.js';
import type { Db, Executor } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-errors.js';
import type { Storage } from '../../lib/storage.js';
import { isUuid } from '../../../domain/ids.js';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
export const notAPdf = () => new HttpError(415, ErrorCode.NOT_A_PDF, formMessages.onlyPdf);
export const tooLarge = () => new HttpError(413, ErrorCode.FILE_TOO_LARGE, formMessages.fileTooLarge);

/** Passes bytes through while hashing them and checking that they start with %PDF-. */
function pdfInspector() {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, chunk]).subarray(0, PDF_MAGIC.length);
        if (!PDF_MAGIC.subarray(0, head.length).equals(head)) return callback(notAPdf());
      }
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      callback(head.length < PDF_MAGIC.length ? notAPdf() : null);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Stores an uploaded PDF under a server-generated key, streaming it to storage (never holding it
 * in memory). The upload stream emits 'limit' when it passes the size limit: we stop right there
 * and answer 413 without reading the rest of the body.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  workspaceId: string,
  upload: { filename: string; mimetype: string; file: Readable & { truncated?: boolean } },
): Promise<UploadedFile> {
  if (!upload.mimetype.toLowerCase().includes('pdf')) {
    upload.file.resume();
    throw notAPdf();
  }
  const storageKey = `${randomUUID()}.pdf`;
  const inspector = pdfInspector();
  upload.file.once('limit', () => upload.file.destroy(tooLarge()));
  await storage.write(storageKey, upload.file, inspector.stream);
  if (upload.file.truncated) {
    await storage.remove(storageKey);
    throw tooLarge();
  }
  const { size, sha256 } = inspector.result();
  // Control characters (a NUL, which PostgreSQL refuses; line breaks) have no place in a file name.
  const name =
    [...upload.filename]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .slice(0, 255) || 'lead-magnet.pdf';
  try {
    const [row] = await db
      .insert(files)
      .values({ workspaceId, name, contentType: 'application/pdf', size, sha256, storageKey })
      .returning({ id: files.id, name: files.name, size: files.size });
    return row!;
  } catch (err) {
    await storage.remove(storageKey);
    throw err;
  }
}

export async function findFile(db: Db, workspaceId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.workspaceId, workspaceId)));
  return row;
}

/** Deletes file rows in the caller's transaction; returns their storage keys to remove after commit. */
export async function deleteFileRows(executor: Executor, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .delete(files)
    .where(and(eq(files.workspaceId, workspaceId), inArray(files.id, ids)))
    .returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}
