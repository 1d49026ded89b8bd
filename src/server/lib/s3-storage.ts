import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '@/server/config';
import { checkStorageKey, StorageUnavailable, StoredFileMissing, type Storage } from './storage.js';

/** A read whose object has not started to come within this long fails (503 for owners and visitors). */
export const S3_READ_HEADERS_TIMEOUT_MS = 15_000;

/** Network failures: the store cannot be reached, or dropped the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * The store's failure as StorageUnavailable when the store did not answer or failed on its side (a
 * network error, a timeout, a 5xx or a throttling answer); anything else (a refused upload's own
 * error, a missing bucket, bad credentials) as it was.
 */
function unavailableOr(err: unknown, operation: 'write' | 'read' | 'remove'): unknown {
  if (err instanceof StorageUnavailable) return err;
  const e = (err ?? {}) as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const away =
    (e.code !== undefined && NETWORK_CODES.has(e.code)) ||
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.name === 'SlowDown' ||
    (status !== undefined && status >= 500);
  return away ? new StorageUnavailable(operation, err) : err;
}

/** S3's smallest part but the last; a part is held in memory while it is sent. */
export const S3_PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions extends Omit<S3StorageConfig, 'kind'> {
  /** Bytes per part of a multipart upload (at least 5 MiB). */
  partSize?: number;
}

/**
 * Storage on any S3-compatible object store (AWS S3, R2, MinIO, …), so every server behind a load
 * balancer sees every upload (docs/decisions/0054). Writes stream through a multipart upload one
 * part at a time: an upload holds at most one part in memory, never the whole file. Nothing
 * becomes visible under the key until the upload completes; a failed check aborts it.
 */
export function s3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const { bucket, prefix, partSize = S3_PART_SIZE } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Unset: the SDK's default chain (AWS_* variables, shared config files, instance or task roles).
    credentials: options.credentials,
    // Checksums only where S3 requires them: some S3-compatible stores refuse or mishandle the
    // SDK's newer default (CRC32 trailers in aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection while the visitor reads it: the SDK's 50 would queue the rest.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 512 },
      httpsAgent: { keepAlive: true, maxSockets: 512 },
    },
  });
  const keyOf = (key: string) => `${prefix}${checkStorageKey(key)}`;

  return {
    client,
    async write(key, source, ...transforms) {
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(key), Body: body },
        partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // A failed upload stops reading the body: destroying it ends the pipeline, which would wait on it.
      const uploaded = upload.done().catch((err: unknown) => {
        body.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
      // A failed source or check destroys `body`, so the upload fails too and aborts the multipart
      // upload before `done()` settles: when this rejects, no part is left behind (unless the abort
      // itself failed; a bucket lifecycle rule then clears the parts).
      const [piped, stored] = await Promise.allSettled([pipeline([source, ...transforms, body]), uploaded]);
      if (piped.status === 'rejected') throw unavailableOr(piped.reason, 'write');
      if (stored.status === 'rejected') throw unavailableOr(stored.reason, 'write');
    },
    async read(key, range) {
      if (range && range.end <= range.start) return Readable.from([]);
      // Only the wait for the object's start is limited: its bytes then flow as fast as the reader takes them.
      const slow = new AbortController();
      const timer = setTimeout(() => slow.abort(), S3_READ_HEADERS_TIMEOUT_MS);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end - 1}` : undefined,
          }),
          { abortSignal: slow.signal },
        );
        return object.Body as Readable;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey') throw new StoredFileMissing(key);
        // A range starting past the end: like a file read there, nothing.
        if (name === 'InvalidRange') return Readable.from([]);
        throw unavailableOr(err, 'read');
      } finally {
        clearTimeout(timer);
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) })).catch((err: unknown) => {
        throw unavailableOr(err, 'remove');
      });
    },
  };
}
