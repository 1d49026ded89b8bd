import { once } from 'node:events';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, type Transform } from 'node:stream';

/** Bytes `start` to `end` (exclusive) of a stored file, cut short where the file ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: local disk (the embedded default) or any S3-compatible object store
 * (s3-storage.ts); create-storage.ts picks the configured one. Keys are flat names the server makes
 * (`[A-Za-z0-9._-]+`).
 */
export interface Storage {
  /** Streams `source` (through `transforms`) into `key`; nothing is visible under `key` unless it all succeeds. */
  write(key: string, source: Readable, ...transforms: Transform[]): Promise<void>;
  /**
   * The stored bytes (of `range` only, if given). Resolves once the file is found, so a missing one
   * rejects with StoredFileMissing before any byte is sent, and a route can still answer 404.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes `key`; removing what is not there succeeds. */
  remove(key: string): Promise<void>;
}

/** What `Storage.read` rejects with when nothing is stored under the key. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`Nothing is stored under ${key}`);
    this.name = 'StoredFileMissing';
  }
}

export const isStoredFileMissing = (err: unknown): err is StoredFileMissing => err instanceof StoredFileMissing;

/**
 * What a store rejects with when it did not answer (unreachable, too slow, failing on its side):
 * a write left nothing under its key, a read sent no byte. Owners get 503 with Retry-After, visitors
 * a page saying to try again (decision 0068).
 */
export class StorageUnavailable extends Error {
  constructor(
    readonly operation: 'write' | 'read' | 'remove',
    readonly cause: unknown,
  ) {
    super(`The file store did not answer (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageUnavailable';
  }
}

/** What a write rejects with when the disk (or quota) under DATA_DIR is full; the partial file is removed. */
export class StorageFull extends Error {
  constructor(readonly cause: unknown) {
    super(`No space left for files: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageFull';
  }
}

/** The disk is full, or the write would pass the user's quota. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** The disk itself fails: read-only after an error, I/O errors. */
const FAILING_DISK_CODES = new Set(['EIO', 'EROFS']);

/** A local disk's error as the store's: full, failing, or (the source's own errors) as it was. */
function localStoreError(err: unknown, operation: 'write' | 'read'): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code && FULL_CODES.has(code)) return new StorageFull(err);
  if (code && FAILING_DISK_CODES.has(code)) return new StorageUnavailable(operation, err);
  return err;
}

/** Throws on a key that is not one the server makes: no paths, no separators, nothing to escape. */
export function checkStorageKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(key) || key === '.' || key === '..') throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async write(key, source, ...transforms) {
      const final = pathOf(key);
      await mkdir(root, { recursive: true }).catch((err: unknown) => {
        throw localStoreError(err, 'write');
      });
      const partial = `${final}.partial`;
      // Truncates what a crashed earlier write of the same key left behind, so a rerun starts
      // clean; keys are unique per upload (and per export), so no live writer shares the file.
      const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
      try {
        await pipeline([source, ...transforms, out]);
        await fsync(partial); // acknowledged means on disk
        await rename(partial, final);
        await fsync(root);
      } catch (err) {
        // A stream before it may fail while the file is still being opened: remove it once closed.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(partial, { force: true }).catch(() => undefined);
        throw localStoreError(err, 'write');
      }
    },
    async read(key, range) {
      const file = pathOf(key);
      const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new StoredFileMissing(key) : localStoreError(err, 'read');
      });
      if (range && range.end <= range.start) {
        await handle.close();
        return Readable.from([]);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end - 1 } : {});
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

async function fsync(file: string) {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
