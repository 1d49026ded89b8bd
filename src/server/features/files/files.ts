import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import {
  detectFileKind,
  FILE_KIND_INFO,
  fileExtension,
  fileKindOfContentType,
  fileKindOfName,
  fileMessages,
  SNIFF_HEAD_BYTES,
  sniffHead,
  ZIP_BASED_KINDS,
  ZIP_TAIL_BYTES,
  type FileKind,
  type HeadKind,
} from '@/domain/file-kinds';
import { formMessages } from '@/domain/form-config';
import type { UploadedFile } from '@/domain/forms-api';
import type { Language } from '@/domain/i18n/languages';
import type { Db, Executor } from '@/server/db/client';
import { files } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import type { Storage } from '@/server/lib/storage';
import { visitorWords } from '@/server/lib/visitor-words';
import { isUuid } from '@/domain/ids';

const refused = (message: string) => new HttpError(415, ErrorCode.UNSUPPORTED_FILE, message);
export const tooLarge = () => new HttpError(413, ErrorCode.FILE_TOO_LARGE, formMessages.fileTooLarge);

/** The kind a file's head must show for the kind its name claims: a DOCX, XLSX or PPTX starts as any ZIP. */
const headFor = (claimed: FileKind): HeadKind =>
  claimed === 'docx' || claimed === 'xlsx' || claimed === 'pptx' ? 'zip' : claimed;

/** What to tell of a head that is not what the name says: its kind, unless it is a ZIP whose entries were not read. */
const shownKind = (head: HeadKind | undefined): FileKind | undefined => (head === 'zip' ? undefined : head);

/**
 * Passes bytes through while hashing them, checking that the head is what the name claims (so a
 * renamed file is stopped at its first chunk) and, for ZIP-based kinds, keeping the last bytes where
 * the central directory's end record is. Nothing more than the head and that tail is held.
 */
function uploadInspector(claimed: FileKind, extension: string) {
  const hash = createHash('sha256');
  const keepTail = ZIP_BASED_KINDS.has(claimed);
  let head = Buffer.alloc(0);
  let headChecked = false;
  let tail: Buffer[] = [];
  let tailLength = 0;
  let size = 0;

  const checkHead = (complete: boolean) => {
    headChecked = true;
    const kind = sniffHead(head, complete);
    return kind === headFor(claimed) ? null : refused(fileMessages.notReally(extension, shownKind(kind)));
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < SNIFF_HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_HEAD_BYTES - head.length)]);
      if (!headChecked && head.length >= SNIFF_HEAD_BYTES) {
        const problem = checkHead(false);
        if (problem) return callback(problem);
      }
      if (keepTail) {
        tail.push(chunk);
        tailLength += chunk.length;
        while (tail.length > 1 && tailLength - tail[0]!.length >= ZIP_TAIL_BYTES) tailLength -= tail.shift()!.length;
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (size === 0) return callback(refused(fileMessages.empty));
      callback(headChecked ? null : checkHead(true));
    },
  });
  return {
    stream,
    result: () => {
      const last = Buffer.concat(tail);
      tail = [];
      return { size, sha256: hash.digest('hex'), head, tail: last.subarray(Math.max(0, last.length - ZIP_TAIL_BYTES)) };
    },
  };
}

/** Bytes `start` to `end` (exclusive) of a stored file, for a central directory too far from the end to be in the kept tail. */
async function* readRange(storage: Storage, key: string, start: number, end: number): AsyncIterable<Uint8Array> {
  yield* (await storage.read(key, { start, end })) as AsyncIterable<Buffer>;
}

/** The name as shown and downloaded: no control characters (PostgreSQL refuses a NUL), at most 255 characters, extension kept. */
function cleanName(filename: string): string {
  const name = [...filename].filter((c) => c >= ' ' && c !== '\u007f').join('');
  if (name.length <= 255) return name;
  const extension = fileExtension(name);
  return `${name.slice(0, 255 - extension.length - 1)}.${extension}`;
}

/**
 * Stores an uploaded lead magnet under a server-generated key, streaming it to storage (never
 * holding it in memory). The name's extension says what it claims to be, and its bytes must agree:
 * the head is checked while it streams; a ZIP-based file's central directory once it is stored (and
 * the file removed if it is not what it claims). The upload stream emits 'limit' when it passes the
 * size limit: we stop right there and answer 413 without reading the rest of the body.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  workspaceId: string,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<UploadedFile> {
  const name = cleanName(upload.filename);
  const kind = fileKindOfName(name);
  if (!kind) {
    upload.file.resume();
    throw refused(fileMessages.unsupported);
  }
  const extension = fileExtension(name);
  const storageKey = `${randomUUID()}.${FILE_KIND_INFO[kind].extensions[0]}`;
  const inspector = uploadInspector(kind, extension);
  upload.file.once('limit', () => upload.file.destroy(tooLarge()));
  // A body that came in one piece passed the limit before that listener was there: the stream then
  // just ends early, marked truncated, and is refused at its end, before anything is stored.
  const whole = new Transform({
    transform: (chunk, _encoding, callback) => callback(null, chunk),
    flush: (callback) => callback(upload.file.truncated ? tooLarge() : null),
  });
  await storage.write(storageKey, upload.file, whole, inspector.stream);
  const { size, sha256, head, tail } = inspector.result();
  try {
    if (ZIP_BASED_KINDS.has(kind)) {
      const actual = await detectFileKind(head, size, tail, (start, end) => readRange(storage, storageKey, start, end));
      if (actual !== kind) throw refused(fileMessages.notReally(extension, actual));
    }
    const [row] = await db
      .insert(files)
      .values({ workspaceId, name, contentType: FILE_KIND_INFO[kind].contentType, size, sha256, storageKey })
      .returning({ id: files.id, name: files.name, size: files.size });
    return { ...row!, kind };
  } catch (err) {
    await storage.remove(storageKey);
    throw err;
  }
}

/** The kind of a stored file (files stored before other kinds were accepted are PDFs). */
export const kindOfFile = (file: Pick<typeof files.$inferSelect, 'contentType'>): FileKind =>
  fileKindOfContentType(file.contentType) ?? 'pdf';

/**
 * The name a visitor's download gets: the page's name for its lead magnet, with the extension the
 * owner's file had ('Email Playbook.jpeg'), or the kind's own if that is missing; a page without a
 * name gives "download" in its language.
 */
export function downloadName(
  title: string,
  file: Pick<typeof files.$inferSelect, 'contentType' | 'name'>,
  language?: Language,
): string {
  const kind = kindOfFile(file);
  const own = fileExtension(file.name);
  const extension = FILE_KIND_INFO[kind].extensions.includes(own) ? own : FILE_KIND_INFO[kind].extensions[0]!;
  const base = title.trim() || visitorWords(language)('file.downloadNameFallback');
  return fileExtension(base) === extension ? base : `${base}.${extension}`;
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
