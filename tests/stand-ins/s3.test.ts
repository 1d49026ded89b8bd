import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, type AgentOptions } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type S3StandIn } from './s3.js';

// The S3 stand-in answers the AWS SDK as S3 would, including its refusals.

const clientFor = (s3: S3StandIn, secretAccessKey = s3.secretAccessKey, accessKeyId = s3.accessKeyId) =>
  new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (err: { name: string; $metadata?: { httpStatusCode?: number } }) => `${err.$metadata?.httpStatusCode} ${err.name}`,
  );

describe('S3 stand-in', () => {
  let s3: S3StandIn;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3();
    client = clientFor(s3);
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('refuses a wrong secret, an unknown key and an unsigned request', async () => {
    const put = new PutObjectCommand({ Bucket: s3.bucket, Key: 'x.txt', Body: 'x' });
    const wrongSecret = clientFor(s3, 'not-the-secret');
    const unknownKey = clientFor(s3, s3.secretAccessKey, 'someone-else');
    expect(await failure(wrongSecret.send(put))).toBe('403 SignatureDoesNotMatch');
    expect(await failure(unknownKey.send(put))).toBe('403 InvalidAccessKeyId');
    wrongSecret.destroy();
    unknownKey.destroy();
    const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/x.txt`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    expect(await failure(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'x.txt' })))).toBe('404 NotFound');
    expect(await failure(client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'x.txt' })))).toBe('404 NoSuchKey');
    expect(await failure(client.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'x.txt' })))).toBe('404 NoSuchBucket');
  });

  it('refuses to complete an upload whose parts but the last are under 5 MB, or whose part is unknown', async () => {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'parts.bin' }));
    const part = (PartNumber: number) =>
      client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: 'parts.bin', UploadId, PartNumber, Body: Buffer.alloc(10) }));
    const [one, two] = [await part(1), await part(2)];
    const complete = (Parts: { PartNumber: number; ETag: string }[]) =>
      client.send(
        new CompleteMultipartUploadCommand({ Bucket: s3.bucket, Key: 'parts.bin', UploadId, MultipartUpload: { Parts } }),
      );
    expect(
      await failure(
        complete([
          { PartNumber: 1, ETag: one.ETag! },
          { PartNumber: 2, ETag: two.ETag! },
        ]),
      ),
    ).toBe('400 EntityTooSmall');
    expect(await failure(complete([{ PartNumber: 3, ETag: one.ETag! }]))).toBe('400 InvalidPart');
    await complete([{ PartNumber: 1, ETag: one.ETag! }]);
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'parts.bin' }));
    expect(object.ETag).toMatch(/^"[0-9a-f]{32}-1"$/);
    expect((await object.Body!.transformToByteArray()).length).toBe(10);
  });

  it('lists objects by prefix, a page at a time, rolling keys up at a delimiter', async () => {
    for (const key of ['list/a.txt', 'list/b.txt', 'list/c.txt', 'list/sub/d.txt']) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: key }));
    }
    const first = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'list/', MaxKeys: 2 }));
    expect(first.Contents!.map((o) => o.Key)).toEqual(['list/a.txt', 'list/b.txt']);
    expect(first.IsTruncated).toBe(true);
    const rest = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'list/', ContinuationToken: first.NextContinuationToken }),
    );
    expect(rest.Contents!.map((o) => o.Key)).toEqual(['list/c.txt', 'list/sub/d.txt']);
    const folders = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'list/', Delimiter: '/' }));
    expect(folders.Contents!.map((o) => o.Key)).toEqual(['list/a.txt', 'list/b.txt', 'list/c.txt']);
    expect(folders.CommonPrefixes!.map((p) => p.Prefix)).toEqual(['list/sub/']);
  });

  it('understands virtual-hosted addresses (bucket.host) as well as path-style ones', async () => {
    const virtual = new S3Client({
      endpoint: s3.endpoint.replace('127.0.0.1', 's3.stand-in.test'),
      region: s3.region,
      forcePathStyle: false,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // Every host name leads to the stand-in.
      requestHandler: {
        httpAgent: new Agent({
          lookup: (_host, options, callback) =>
            (options as { all?: boolean }).all
              ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
                  { address: '127.0.0.1', family: 4 },
                ])
              : callback(null, '127.0.0.1', 4),
        } as AgentOptions),
      },
    });
    await virtual.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'virtual/hosted.txt', Body: 'by host' }));
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'virtual/hosted.txt' }));
    expect(await object.Body!.transformToString()).toBe('by host');
    expect(s3.requests.at(-2)).toMatchObject({
      operation: 'PutObject',
      bucket: s3.bucket,
      key: 'virtual/hosted.txt',
      status: 200,
    });
    virtual.destroy();
  });
});

describe('the S3 stand-in on its own (node --import tsx tests/stand-ins/s3.ts)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lodestone-s3-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts the CLI on a free port and reads the settings it prints. */
  async function run() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/stand-ins/s3.ts', '--port', '0', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const settings: Record<string, string> = {};
    for await (const line of createInterface({ input: child.stdout })) {
      const [name, value] = line.split('=', 2) as [string, string | undefined];
      if (value !== undefined) settings[name] = value;
      if (name === 'S3_FORCE_PATH_STYLE') break;
    }
    return { child, settings };
  }

  it('prints its S3_* settings, keeps objects in --dir across restarts, and stops on SIGTERM', async () => {
    const first = await run();
    expect(first.settings).toMatchObject({ S3_BUCKET: 'lodestone', S3_FORCE_PATH_STYLE: 'true' });
    expect(first.settings.S3_ENDPOINT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const connect = ({ settings }: { settings: Record<string, string> }) =>
      new S3Client({
        endpoint: settings.S3_ENDPOINT,
        region: settings.S3_REGION,
        forcePathStyle: true,
        credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID!, secretAccessKey: settings.S3_SECRET_ACCESS_KEY! },
      });
    const before = connect(first);
    await before.send(new PutObjectCommand({ Bucket: 'lodestone', Key: 'kept.txt', Body: 'still here' }));
    before.destroy();
    first.child.kill('SIGTERM');
    expect((await once(first.child, 'exit'))[0]).toBe(0);

    const second = await run();
    const after = connect(second);
    const object = await after.send(new GetObjectCommand({ Bucket: 'lodestone', Key: 'kept.txt' }));
    expect(await object.Body!.transformToString()).toBe('still here');
    after.destroy();
    second.child.kill('SIGTERM');
    expect((await once(second.child, 'exit'))[0]).toBe(0);
  });
});
