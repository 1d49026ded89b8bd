/**
 * A local S3-compatible server for tests: the AWS SDK (`@aws-sdk/client-s3`, `@aws-sdk/lib-storage`)
 * works against it unchanged, pointed at it by `endpoint` with path-style addressing. It checks
 * every request's Signature Version 4 and body hash, keeps objects on disk (so several Lodestone
 * servers, or a restarted stand-in, share them) and answers S3's XML and errors for: PutObject,
 * GetObject and HeadObject (with Range), DeleteObject, CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, AbortMultipartUpload, ListMultipartUploads, ListObjects(V2), CreateBucket
 * and HeadBucket. Anything else answers 501 NotImplemented.
 *
 * In Vitest:   const s3 = await startS3(); createTestApp(s3.env()); … await s3.close();
 * From a shell (Playwright, two servers):
 *   node --import tsx tests/stand-ins/s3.ts --port 4247 --dir /tmp/s3 [--bucket lodestone]
 * prints the endpoint and the S3_* settings for Lodestone, and runs until SIGINT or SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkSignature, sha256Hex } from './s3-sigv4.js';
import { byteOrder, type ObjectInfo, S3DiskStore, S3Error, type Received } from './s3-store.js';

export interface S3StandInOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** Where the buckets are kept; a fresh temporary directory (removed by close()) if unset. */
  dir?: string;
  /** The bucket made at start; `lodestone` by default. */
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** One request as the stand-in understood it, for tests that check what the SDK did. */
export interface S3Request {
  operation: string;
  bucket?: string;
  key?: string;
  uploadId?: string;
  partNumber?: number;
  status: number;
}

export interface S3StandIn {
  /** `http://127.0.0.1:PORT`: the SDK's `endpoint` (with `forcePathStyle: true`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the buckets are kept on disk. */
  dir: string;
  /** The S3_* settings that put Lodestone's uploads in this stand-in's bucket. */
  env(options?: { prefix?: string }): Record<string, string>;
  /** Every request answered, oldest first; clear it with `requests.length = 0`. */
  requests: S3Request[];
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const element = (name: string, value: string | number | boolean) => `<${name}>${escapeXml(String(value))}</${name}>`;
const document = (root: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${XMLNS}">${body}</${root}>`;

const notImplemented = (what: string) =>
  new S3Error(
    501,
    'NotImplemented',
    `A header or parameter you provided implies functionality that is not implemented (${what}).`,
  );

/** Starts the stand-in and makes its bucket. */
export async function startS3(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'lodestone-s3-'));
  const bucket = options.bucket ?? 'lodestone';
  const accessKeyId = options.accessKeyId ?? 'lodestone-test';
  const secretAccessKey = options.secretAccessKey ?? 'lodestone-test-secret-key';
  const region = 'us-east-1';
  const store = new S3DiskStore(dir);
  await store.createBucket(bucket);
  const requests: S3Request[] = [];

  const server = createServer((req, res) => {
    const request: S3Request = { operation: 'Unknown', status: 0 };
    res.once('finish', () => {
      request.status = res.statusCode;
      if (request.operation !== 'Health') requests.push(request);
    });
    handle(req, res, request).catch((err: unknown) => {
      const error =
        err instanceof S3Error ? err : new S3Error(500, 'InternalError', `We encountered an internal error: ${String(err)}`);
      if (!(err instanceof S3Error)) console.error('S3 stand-in:', err);
      if (res.headersSent) return res.destroy();
      req.resume();
      sendError(req, res, error, request);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, request: S3Request) {
    const rawUrl = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (method === 'GET' && rawUrl === '/_test/health') {
      request.operation = 'Health';
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
    const problem = checkSignature(method, rawUrl, req.headers, (id) => (id === accessKeyId ? secretAccessKey : undefined));
    if (problem) throw new S3Error(problem.status, problem.code, problem.message);
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash.startsWith('STREAMING-') || /aws-chunked/.test(String(req.headers['content-encoding'] ?? ''))) {
      throw notImplemented('aws-chunked bodies: set requestChecksumCalculation to WHEN_REQUIRED');
    }

    const url = new URL(rawUrl, 'http://stand-in');
    const query = url.searchParams;
    const [bucketName, key] = await addressOf(req, url.pathname);
    request.bucket = bucketName;
    if (key !== undefined) request.key = key;
    const uploadId = query.get('uploadId') ?? undefined;
    if (uploadId) request.uploadId = uploadId;

    // Requests without a body (or with a small XML one) must hash to what was signed.
    const readSmallBody = async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > 1024 * 1024) throw new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
        chunks.push(chunk);
      }
      const body = Buffer.concat(chunks);
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && sha256Hex(body) !== payloadHash) throw shaMismatch();
      return body.toString('utf8');
    };
    const receiveBody = async (): Promise<Received> => {
      const received = await store.receive(bucketName, req);
      const md5 = req.headers['content-md5'];
      if (
        (payloadHash !== 'UNSIGNED-PAYLOAD' && received.sha256 !== payloadHash) ||
        (typeof md5 === 'string' && received.md5.toString('base64') !== md5)
      ) {
        await store.discard(received);
        throw payloadHash !== 'UNSIGNED-PAYLOAD' && received.sha256 !== payloadHash
          ? shaMismatch()
          : new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
      }
      return received;
    };

    if (key === undefined) {
      // The bucket itself.
      if (method === 'HEAD' && query.size === 0) {
        request.operation = 'HeadBucket';
        await readSmallBody();
        if (!(await store.hasBucket(bucketName))) throw new S3Error(404, 'NotFound', 'Not Found');
        return res.writeHead(200, { 'x-amz-bucket-region': region }).end();
      }
      if (method === 'PUT' && query.size === 0) {
        request.operation = 'CreateBucket';
        await readSmallBody();
        if (await store.hasBucket(bucketName)) {
          throw new S3Error(
            409,
            'BucketAlreadyOwnedByYou',
            'Your previous request to create the named bucket succeeded and you already own it.',
          );
        }
        await store.createBucket(bucketName);
        return res.writeHead(200, { location: `/${bucketName}` }).end();
      }
      if (method === 'GET' && query.has('uploads')) {
        request.operation = 'ListMultipartUploads';
        await readSmallBody();
        const prefix = query.get('prefix') ?? '';
        const uploads = await store.listUploads(bucketName, prefix);
        return sendXml(
          res,
          200,
          document(
            'ListMultipartUploadsResult',
            element('Bucket', bucketName) +
              element('KeyMarker', '') +
              element('UploadIdMarker', '') +
              element('Prefix', prefix) +
              element('MaxUploads', 1000) +
              element('IsTruncated', false) +
              uploads
                .map(
                  (u) =>
                    `<Upload>${element('Key', u.key)}${element('UploadId', u.uploadId)}${element('Initiated', u.initiated)}${element('StorageClass', 'STANDARD')}</Upload>`,
                )
                .join(''),
          ),
        );
      }
      if (method === 'GET' && [...query.keys()].every((name) => LIST_PARAMETERS.has(name))) {
        request.operation = query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
        await readSmallBody();
        return sendXml(res, 200, await listObjects(bucketName, query));
      }
      throw notImplemented(`${method} on a bucket with ${[...query.keys()].join(', ') || 'no parameters'}`);
    }

    const subresources = [...query.keys()].filter((name) => !['uploadId', 'partNumber', 'x-id'].includes(name));
    if (subresources.length > 0 && !(method === 'POST' && subresources.join() === 'uploads')) {
      throw notImplemented(`the ${subresources.join(', ')} sub-resource`);
    }
    if (method === 'PUT' && uploadId) {
      request.operation = 'UploadPart';
      const partNumber = Number(query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive.');
      }
      request.partNumber = partNumber;
      if (req.headers['x-amz-copy-source']) throw notImplemented('UploadPartCopy');
      const received = await receiveBody();
      const etag = await store.putPart(bucketName, key, uploadId, partNumber, received).catch(async (err: unknown) => {
        await store.discard(received);
        throw err;
      });
      return res.writeHead(200, { etag }).end();
    }
    if (method === 'PUT') {
      request.operation = 'PutObject';
      if (req.headers['x-amz-copy-source']) throw notImplemented('CopyObject');
      const received = await receiveBody();
      const info = await store.putObject(bucketName, key, received, contentTypeOf(req)).catch(async (err: unknown) => {
        await store.discard(received);
        throw err;
      });
      return res.writeHead(200, { etag: info.etag }).end();
    }
    if (method === 'POST' && query.has('uploads')) {
      request.operation = 'CreateMultipartUpload';
      await readSmallBody();
      const upload = await store.createUpload(bucketName, key, contentTypeOf(req));
      return sendXml(
        res,
        200,
        document(
          'InitiateMultipartUploadResult',
          element('Bucket', bucketName) + element('Key', key) + element('UploadId', upload.uploadId),
        ),
      );
    }
    if (method === 'POST' && uploadId) {
      request.operation = 'CompleteMultipartUpload';
      const parts = partsOf(await readSmallBody());
      const info = await store.completeUpload(bucketName, key, uploadId, parts);
      return sendXml(
        res,
        200,
        document(
          'CompleteMultipartUploadResult',
          element('Location', `${endpoint}/${bucketName}/${key}`) +
            element('Bucket', bucketName) +
            element('Key', key) +
            element('ETag', info.etag),
        ),
      );
    }
    if (method === 'DELETE' && uploadId) {
      request.operation = 'AbortMultipartUpload';
      await readSmallBody();
      await store.abortUpload(bucketName, key, uploadId);
      return res.writeHead(204).end();
    }
    if (method === 'DELETE') {
      request.operation = 'DeleteObject';
      await readSmallBody();
      await store.deleteObject(bucketName, key);
      return res.writeHead(204).end();
    }
    if (method === 'GET' || method === 'HEAD') {
      request.operation = method === 'GET' ? 'GetObject' : 'HeadObject';
      if (uploadId) throw notImplemented('ListParts');
      await readSmallBody();
      const { info, file } = await store.getObject(bucketName, key);
      const headers: Record<string, string | number> = {
        etag: info.etag,
        'last-modified': new Date(info.lastModified).toUTCString(),
        'content-type': info.contentType,
        'accept-ranges': 'bytes',
      };
      const range = rangeOf(req.headers.range, info);
      if (range === 'unsatisfiable') {
        throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
          RangeRequested: String(req.headers.range),
          ActualObjectSize: String(info.size),
        });
      }
      const [start, end] = range ?? [0, info.size - 1];
      const length = Math.max(end - start + 1, 0);
      if (range) headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
      res.writeHead(range ? 206 : 200, { ...headers, 'content-length': length });
      if (method === 'HEAD' || length === 0) return res.end();
      return pipeline(createReadStream(file, { start, end }), res);
    }
    throw notImplemented(`${method} on an object`);
  }

  /** Path style (`/bucket/key`), or virtual-hosted (`bucket.host/key`) when the host names an existing bucket. */
  async function addressOf(req: IncomingMessage, pathname: string): Promise<[string, string | undefined]> {
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
    const label = hostname.split('.')[0]!;
    if (hostname.includes('.') && !/^[\d.]+$/.test(hostname) && label && (await store.hasBucket(label).catch(() => false))) {
      return [label, pathname === '/' ? undefined : decodeURIComponent(pathname.slice(1))];
    }
    const [, bucketName = '', ...rest] = pathname.split('/');
    if (!bucketName) throw notImplemented('ListBuckets');
    const key = rest.length === 0 || (rest.length === 1 && rest[0] === '') ? undefined : decodeURIComponent(rest.join('/'));
    return [decodeURIComponent(bucketName), key];
  }

  async function listObjects(bucketName: string, query: URLSearchParams): Promise<string> {
    const v2 = query.get('list-type') === '2';
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeys = Math.min(Math.max(Number(query.get('max-keys') ?? 1000) || 0, 0), 1000);
    const token = query.get('continuation-token');
    const after = v2
      ? token
        ? Buffer.from(token, 'base64url').toString()
        : (query.get('start-after') ?? '')
      : (query.get('marker') ?? '');
    const contents: ObjectInfo[] = [];
    const prefixes: string[] = [];
    let truncated = false;
    let last = '';
    for (const info of await store.listObjects(bucketName, prefix)) {
      if (after && byteOrder(info.key, after) <= 0) continue;
      const cut = delimiter ? info.key.indexOf(delimiter, prefix.length) : -1;
      const rolled = cut === -1 ? undefined : info.key.slice(0, cut + delimiter.length);
      if (rolled && prefixes.at(-1) === rolled) continue;
      if (contents.length + prefixes.length >= maxKeys) {
        truncated = true;
        break;
      }
      if (rolled) prefixes.push(rolled);
      else contents.push(info);
      last = rolled ?? info.key;
    }
    const items =
      contents
        .map(
          (o) =>
            `<Contents>${element('Key', o.key)}${element('LastModified', o.lastModified)}${element('ETag', o.etag)}${element('Size', o.size)}${element('StorageClass', 'STANDARD')}</Contents>`,
        )
        .join('') + prefixes.map((p) => `<CommonPrefixes>${element('Prefix', p)}</CommonPrefixes>`).join('');
    const paging = v2
      ? element('KeyCount', contents.length + prefixes.length) +
        (token ? element('ContinuationToken', token) : '') +
        (truncated ? element('NextContinuationToken', Buffer.from(last).toString('base64url')) : '')
      : element('Marker', after) + (truncated ? element('NextMarker', last) : '');
    return document(
      'ListBucketResult',
      element('Name', bucketName) +
        element('Prefix', prefix) +
        (delimiter ? element('Delimiter', delimiter) : '') +
        element('MaxKeys', maxKeys) +
        element('IsTruncated', truncated) +
        paging +
        items,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    dir,
    requests,
    env: ({ prefix } = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    createBucket: (name) => store.createBucket(name),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections alive: end them, or close() waits for their timeout.
        server.closeAllConnections();
      });
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const LIST_PARAMETERS = new Set([
  'list-type',
  'prefix',
  'delimiter',
  'max-keys',
  'continuation-token',
  'start-after',
  'marker',
  'encoding-type',
  'fetch-owner',
]);

const shaMismatch = () =>
  new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");

const contentTypeOf = (req: IncomingMessage) => req.headers['content-type'] ?? 'binary/octet-stream';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` as [first, last] clipped to the object; one range only, as S3 serves. */
function rangeOf(header: string | undefined, info: ObjectInfo): [number, number] | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || info.size === 0) return 'unsatisfiable';
    return [Math.max(info.size - suffix, 0), info.size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? info.size - 1 : Math.min(Number(match[2]), info.size - 1);
  if (start >= info.size) return 'unsatisfiable';
  if (end < start) return undefined;
  return [start, end];
}

/** The parts of a CompleteMultipartUpload body, in the order given. */
function partsOf(xml: string): { partNumber: number; etag: string }[] {
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
    etag: (/<ETag>([^<]*)<\/ETag>/.exec(part!)?.[1] ?? '').replace(/&quot;/g, '"'),
  }));
  if (!/<CompleteMultipartUpload[\s>]/.test(xml) || parts.some((p) => !Number.isInteger(p.partNumber) || !p.etag)) {
    throw new S3Error(
      400,
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
    );
  }
  return parts;
}

function sendXml(res: ServerResponse, status: number, xml: string) {
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) }).end(xml);
}

function sendError(req: IncomingMessage, res: ServerResponse, error: S3Error, request: S3Request) {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  if (req.method === 'HEAD') return res.writeHead(error.status, { 'x-amz-request-id': requestId }).end();
  const extra = { ...(request.key !== undefined && error.code === 'NoSuchKey' ? { Key: request.key } : {}), ...error.extra };
  sendXml(
    res,
    error.status,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${element('Code', error.code)}${element('Message', error.message)}${Object.entries(
      extra,
    )
      .map(([name, value]) => element(name, value))
      .join('')}${element('RequestId', requestId)}</Error>`,
  );
}

// `node --import tsx tests/stand-ins/s3.ts --port N --dir D`: the stand-in on its own.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string' },
      bucket: { type: 'string' },
      'access-key-id': { type: 'string' },
      'secret-access-key': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('--port must be a port number');
  const s3 = await startS3({
    port,
    host: values.host,
    dir: values.dir && path.resolve(values.dir),
    bucket: values.bucket,
    accessKeyId: values['access-key-id'],
    secretAccessKey: values['secret-access-key'],
  });
  console.log(`S3 stand-in: ${s3.endpoint} (bucket ${s3.bucket}, kept in ${s3.dir})`);
  for (const [name, value] of Object.entries(s3.env())) console.log(`${name}=${value}`);
  const stop = () => void s3.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
