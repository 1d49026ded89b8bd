import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** S3's smallest part but the last (EntityTooSmall below it). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

/** An S3 error to answer with: its status, code and message, as S3 sends them. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** Quoted, as S3 sends it: `"md5"`, or `"md5-of-md5s-N"` after a multipart upload. */
  etag: string;
  contentType: string;
  lastModified: string;
}

export interface UploadInfo {
  key: string;
  uploadId: string;
  initiated: string;
  contentType: string;
}

/** What a received body turned out to be once it is on disk. */
export interface Received {
  file: string;
  size: number;
  md5: Buffer;
  sha256: string;
}

const noSuchUpload = () =>
  new S3Error(
    404,
    'NoSuchUpload',
    'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
  );

const nameOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The buckets of the S3 stand-in, on disk under `dir`, so two servers (or a restarted stand-in)
 * see the same objects: `dir/<bucket>/objects/<sha256 of key>` with a `.json` beside it (the key,
 * size, ETag, type), `dir/<bucket>/uploads/<uploadId>/` for multipart uploads in progress. An
 * object's bytes are moved into place after its metadata, so a reader never sees half of one.
 */
export class S3DiskStore {
  constructor(readonly dir: string) {}

  private bucketDir(bucket: string) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.');
    return path.join(this.dir, bucket);
  }

  async hasBucket(bucket: string): Promise<boolean> {
    return stat(path.join(this.bucketDir(bucket), 'objects')).then(
      () => true,
      () => false,
    );
  }

  async createBucket(bucket: string): Promise<void> {
    const dir = this.bucketDir(bucket);
    await Promise.all(['objects', 'uploads', 'tmp'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })));
  }

  private async bucket(bucket: string): Promise<string> {
    if (!(await this.hasBucket(bucket))) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', { BucketName: bucket });
    }
    return this.bucketDir(bucket);
  }

  /** Streams a request body into a temporary file of the bucket, hashing it on the way. */
  async receive(bucket: string, body: Readable): Promise<Received> {
    const file = path.join(await this.bucket(bucket), 'tmp', randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        sha256.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, hashing, createWriteStream(file, { mode: 0o600 }));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return { file, size, md5: md5.digest(), sha256: sha256.digest('hex') };
  }

  async discard(received: Received): Promise<void> {
    await rm(received.file, { force: true });
  }

  async putObject(bucket: string, key: string, received: Received, contentType: string): Promise<ObjectInfo> {
    return this.place(bucket, key, received.file, received.size, `"${received.md5.toString('hex')}"`, contentType);
  }

  private async place(bucket: string, key: string, file: string, size: number, etag: string, contentType: string) {
    const base = path.join(await this.bucket(bucket), 'objects', nameOf(key));
    const info: ObjectInfo = { key, size, etag, contentType, lastModified: new Date().toISOString() };
    await writeFile(`${base}.json`, JSON.stringify(info));
    await rename(file, base);
    return info;
  }

  /** The object's metadata and where its bytes are, or NoSuchKey. */
  async getObject(bucket: string, key: string): Promise<{ info: ObjectInfo; file: string }> {
    const base = path.join(await this.bucket(bucket), 'objects', nameOf(key));
    const info = await readJson<ObjectInfo>(`${base}.json`);
    const present = await stat(base).then(
      () => true,
      () => false,
    );
    if (!info || !present) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    return { info, file: base };
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    const base = path.join(await this.bucket(bucket), 'objects', nameOf(key));
    await rm(base, { force: true });
    await rm(`${base}.json`, { force: true });
  }

  /** Every object whose key starts with `prefix`, in key order (S3 sorts by UTF-8 bytes). */
  async listObjects(bucket: string, prefix: string): Promise<ObjectInfo[]> {
    const dir = path.join(await this.bucket(bucket), 'objects');
    const infos = await Promise.all(
      (await readdir(dir)).filter((name) => name.endsWith('.json')).map((name) => readJson<ObjectInfo>(path.join(dir, name))),
    );
    return infos.filter((i): i is ObjectInfo => !!i && i.key.startsWith(prefix)).sort((a, b) => byteOrder(a.key, b.key));
  }

  async createUpload(bucket: string, key: string, contentType: string): Promise<UploadInfo> {
    const uploadId = randomBytes(16).toString('hex');
    const dir = path.join(await this.bucket(bucket), 'uploads', uploadId);
    await mkdir(dir);
    const info: UploadInfo = { key, uploadId, initiated: new Date().toISOString(), contentType };
    await writeFile(path.join(dir, 'upload.json'), JSON.stringify(info));
    return info;
  }

  private async upload(bucket: string, key: string, uploadId: string): Promise<{ dir: string; info: UploadInfo }> {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw noSuchUpload();
    const dir = path.join(await this.bucket(bucket), 'uploads', uploadId);
    const info = await readJson<UploadInfo>(path.join(dir, 'upload.json'));
    if (!info || info.key !== key) throw noSuchUpload();
    return { dir, info };
  }

  async putPart(bucket: string, key: string, uploadId: string, partNumber: number, received: Received): Promise<string> {
    const { dir } = await this.upload(bucket, key, uploadId);
    const etag = `"${received.md5.toString('hex')}"`;
    await writeFile(path.join(dir, `${partNumber}.json`), JSON.stringify({ etag, size: received.size }));
    await rename(received.file, path.join(dir, String(partNumber)));
    return etag;
  }

  /** Joins the parts named into the object, checking them as S3 does; the upload is gone after. */
  async completeUpload(bucket: string, key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
    const { dir, info } = await this.upload(bucket, key, uploadId);
    if (parts.length === 0)
      throw new S3Error(
        400,
        'MalformedXML',
        'The XML you provided was not well-formed or did not validate against our published schema.',
      );
    const stored = await Promise.all(
      parts.map(async (part, index) => {
        if (index > 0 && part.partNumber <= parts[index - 1]!.partNumber) {
          throw new S3Error(
            400,
            'InvalidPartOrder',
            'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
          );
        }
        const saved = await readJson<{ etag: string; size: number }>(path.join(dir, `${part.partNumber}.json`));
        if (!saved || saved.etag !== normaliseEtag(part.etag)) {
          throw new S3Error(
            400,
            'InvalidPart',
            "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
          );
        }
        if (index < parts.length - 1 && saved.size < MIN_PART_SIZE) {
          throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
        }
        return saved;
      }),
    );
    const joined = path.join(await this.bucket(bucket), 'tmp', randomBytes(12).toString('hex'));
    const out = createWriteStream(joined, { mode: 0o600 });
    try {
      for (const part of parts) await pipeline(createReadStream(path.join(dir, String(part.partNumber))), out, { end: false });
      out.end();
      await new Promise<void>((resolve, reject) => out.once('finish', resolve).once('error', reject));
    } catch (err) {
      out.destroy();
      await rm(joined, { force: true });
      throw err;
    }
    const md5s = Buffer.concat(stored.map((s) => Buffer.from(s.etag.slice(1, -1), 'hex')));
    const etag = `"${createHash('md5').update(md5s).digest('hex')}-${parts.length}"`;
    const size = stored.reduce((sum, s) => sum + s.size, 0);
    const object = await this.place(bucket, key, joined, size, etag, info.contentType);
    await rm(dir, { recursive: true, force: true });
    return object;
  }

  async abortUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    const { dir } = await this.upload(bucket, key, uploadId);
    await rm(dir, { recursive: true, force: true });
  }

  /** Multipart uploads begun and neither completed nor aborted, by key then start. */
  async listUploads(bucket: string, prefix: string): Promise<UploadInfo[]> {
    const dir = path.join(await this.bucket(bucket), 'uploads');
    const infos = await Promise.all((await readdir(dir)).map((id) => readJson<UploadInfo>(path.join(dir, id, 'upload.json'))));
    return infos
      .filter((i): i is UploadInfo => !!i && i.key.startsWith(prefix))
      .sort((a, b) => byteOrder(a.key, b.key) || a.initiated.localeCompare(b.initiated));
  }
}

const normaliseEtag = (etag: string) => (etag.startsWith('"') ? etag : `"${etag}"`);

export const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
