import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type S3StandIn } from '@tests/stand-ins/s3';
import { s3Storage } from './s3-storage.js';
import { isStoredFileMissing, localStorage, StoredFileMissing, type Storage } from './storage.js';

// One contract for every Storage: what the features rely on holds on local disk and on S3 alike.

const MB = 1024 * 1024;

interface Subject {
  storage: Storage;
  /** Everything the store holds: files (and partial files) on disk; objects and unfinished multipart uploads in S3. */
  leftovers(): Promise<string[]>;
  /** Whether some of `key`'s bytes have reached the store before its write has finished. */
  storing(key: string): boolean;
  /** S3 only: the multipart operations the stand-in received for `key`. */
  operations?(key: string): string[];
  close(): Promise<void>;
}

const subjects: [string, () => Promise<Subject>][] = [
  [
    'local disk',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lodestone-storage-'));
      const root = path.join(dir, 'files');
      const list = () => {
        try {
          return readdirSync(root).sort();
        } catch {
          return [];
        }
      };
      return {
        storage: localStorage(root),
        leftovers: async () => list(),
        storing: (key) => list().includes(`${key}.partial`) && statSync(path.join(root, `${key}.partial`)).size > 0,
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (local stand-in, through the AWS SDK)',
    async () => {
      const s3: S3StandIn = await startS3();
      const storage = s3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
        prefix: 'uploads/',
      });
      const forKey = (key: string) => s3.requests.filter((r) => r.key === `uploads/${key}`);
      return {
        storage,
        async leftovers() {
          const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
          const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
          return [
            ...(objects.Contents ?? []).map((o) => o.Key!),
            ...(uploads.Uploads ?? []).map((u) => `unfinished upload of ${u.Key}`),
          ].sort();
        },
        storing: (key) => forKey(key).some((r) => r.operation === 'UploadPart' && r.status === 200),
        operations: (key) => forKey(key).map((r) => `${r.operation} ${r.status}`),
        close: async () => {
          storage.client.destroy();
          await s3.close();
        },
      };
    },
  ],
];

/** `size` bytes of a repeating, position-dependent pattern, made `chunk` bytes at a time: never held whole. */
function* pattern(size: number, chunk = 64 * 1024): Generator<Buffer> {
  for (let at = 0; at < size; at += chunk) {
    const piece = Buffer.alloc(Math.min(chunk, size - at));
    for (let i = 0; i < piece.length; i += 4096) piece.writeUInt32BE((at + i) >>> 0, i);
    yield piece;
  }
}
const sha256 = (chunks: Iterable<Buffer>) => {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
};
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Passes bytes through, failing with `error` once more than `after` bytes have passed. */
const failingAfter = (after: number, error: Error) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > after ? error : null, chunk);
    },
  });
};

describe.each(subjects)('Storage on %s', (_, make) => {
  let s: Subject;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(() => s?.close());

  it('stores a file streamed through its transforms and reads it back, whole or a range of it', async () => {
    let passed = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        passed += chunk.length;
        callback(null, chunk);
      },
    });
    const content = Buffer.from('%PDF-1.7 a small lead magnet\n'.repeat(100));
    await s.storage.write('small.pdf', Readable.from([content.subarray(0, 1000), content.subarray(1000)]), counter);
    expect(passed).toBe(content.length);
    expect((await readAll(await s.storage.read('small.pdf'))).equals(content)).toBe(true);
    expect((await readAll(await s.storage.read('small.pdf', { start: 10, end: 30 }))).equals(content.subarray(10, 30))).toBe(
      true,
    );
    // Past the end the range is cut short; a range that is empty, or starts past the end, reads nothing.
    expect(
      (await readAll(await s.storage.read('small.pdf', { start: content.length - 5, end: content.length + 100 }))).length,
    ).toBe(5);
    expect((await readAll(await s.storage.read('small.pdf', { start: 7, end: 7 }))).length).toBe(0);
    expect(
      (await readAll(await s.storage.read('small.pdf', { start: content.length + 10, end: content.length + 20 }))).length,
    ).toBe(0);

    await s.storage.write('empty.csv', Readable.from([]));
    expect((await readAll(await s.storage.read('empty.csv'))).length).toBe(0);
    expect(await s.leftovers()).toEqual(
      expect.arrayContaining([expect.stringMatching(/small\.pdf$/), expect.stringMatching(/empty\.csv$/)]),
    );
    await Promise.all([s.storage.remove('small.pdf'), s.storage.remove('empty.csv')]);
    expect(await s.leftovers()).toEqual([]);
  });

  it('streams a large file in parts (12 MB in 5 MB parts) and reads back the same bytes', async () => {
    const size = 12 * MB;
    let storedBeforeTheEnd = false;
    const source = Readable.from(
      (function* () {
        for (const piece of pattern(size)) {
          // The last piece is made only now: earlier bytes have already reached the store.
          storedBeforeTheEnd ||= s.storing('large.bin');
          yield piece;
        }
      })(),
    );
    await s.storage.write('large.bin', source);
    expect(storedBeforeTheEnd).toBe(true);
    const back = await readAll(await s.storage.read('large.bin'));
    expect(back.length).toBe(size);
    expect(sha256([back])).toBe(sha256(pattern(size)));
    expect(
      (await readAll(await s.storage.read('large.bin', { start: 5 * MB - 3, end: 5 * MB + 3 }))).equals(
        back.subarray(5 * MB - 3, 5 * MB + 3),
      ),
    ).toBe(true);
    if (s.operations) {
      expect(s.operations('large.bin').filter((op) => !op.startsWith('Get'))).toEqual([
        'CreateMultipartUpload 200',
        'UploadPart 200',
        'UploadPart 200',
        'UploadPart 200',
        'CompleteMultipartUpload 200',
      ]);
    }
    await s.storage.remove('large.bin');
  });

  it('leaves nothing when a check fails at the first bytes, and rejects with its error', async () => {
    const refused = new Error('This file is not really a .pdf');
    await expect(s.storage.write('renamed.pdf', Readable.from([Buffer.from('<html>')]), failingAfter(0, refused))).rejects.toBe(
      refused,
    );
    await expect(s.storage.read('renamed.pdf')).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await s.leftovers()).toEqual([]);
  });

  it('leaves nothing, and aborts the multipart upload, when a check fails after parts were sent', async () => {
    const tooLarge = new Error('File size exceeds the 10MB limit');
    await expect(s.storage.write('late.bin', Readable.from(pattern(12 * MB)), failingAfter(11 * MB, tooLarge))).rejects.toBe(
      tooLarge,
    );
    await expect(s.storage.read('late.bin')).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await s.leftovers()).toEqual([]);
    if (s.operations) {
      const operations = s.operations('late.bin');
      expect(operations.slice(0, 3)).toEqual(['CreateMultipartUpload 200', 'UploadPart 200', 'UploadPart 200']);
      expect(operations).toContain('AbortMultipartUpload 204');
      expect(operations.some((op) => op.startsWith('Complete') || op.startsWith('PutObject'))).toBe(false);
    }
  });

  it('leaves nothing when the source itself fails (a request cut off or past its limit)', async () => {
    const cut = new Error('the upload was cut off');
    const source = new Readable({ read() {} });
    const writing = s.storage.write('cut.bin', source);
    for (const piece of pattern(6 * MB)) source.push(piece);
    setTimeout(() => source.destroy(cut), 50);
    await expect(writing).rejects.toBe(cut);
    await expect(s.storage.read('cut.bin')).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await s.leftovers()).toEqual([]);
  });

  it('says a missing key is missing, before any byte', async () => {
    const err = await s.storage.read('never-stored.pdf').catch((e: unknown) => e);
    expect(isStoredFileMissing(err)).toBe(true);
    expect(err).toMatchObject({ key: 'never-stored.pdf' });
    expect(isStoredFileMissing(await s.storage.read('never-stored.pdf', { start: 0, end: 10 }).catch((e: unknown) => e))).toBe(
      true,
    );
  });

  it('removes a file, and removing it again (or what was never there) succeeds', async () => {
    await s.storage.write('gone.csv', Readable.from([Buffer.from('email\nada@example.com\n')]));
    await s.storage.remove('gone.csv');
    await expect(s.storage.read('gone.csv')).rejects.toBeInstanceOf(StoredFileMissing);
    await s.storage.remove('gone.csv');
    await s.storage.remove('never-stored.csv');
    expect(await s.leftovers()).toEqual([]);
  });

  it('refuses keys the server does not make: paths, separators, nothing', async () => {
    for (const key of ['../secret', 'a/b.pdf', '', '..', 'name with spaces.pdf', 'ümlaut.pdf']) {
      await expect(s.storage.write(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/Invalid storage key/);
      await expect(s.storage.read(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(s.storage.remove(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(await s.leftovers()).toEqual([]);
  });
});
