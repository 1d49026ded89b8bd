import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MAGNET_MAX_BYTES } from '@/domain/form-config';
import type { FormDetail, UploadedFile } from '@/domain/forms-api';
import { imageUrl } from '@/domain/images';
import { pdfBytes, publishableConfig } from '@tests/kit/data';
import { docxEntries, plainZipEntries, storedZip } from '@tests/kit/files';
import { uploadImage } from '@tests/kit/images';
import { createUser, multipartFile, streamOversizedUpload, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { startS3, type S3StandIn } from '@tests/stand-ins/s3';
import { files } from '@/server/db/schema/index';

// With S3_BUCKET set, uploads go to the bucket (here the S3 stand-in) and come back from it through
// the same routes, byte for byte: nothing is kept on the server's disk (decision 0054).

let s3: S3StandIn;
let bucket: S3Client;
let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  s3 = await startS3();
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  t = await createTestApp(s3.env({ prefix: 'lodestone' }));
  owner = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3?.close();
});

/** What the bucket holds: its objects' keys, and its unfinished multipart uploads. */
async function inBucket() {
  const objects = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  const uploads = await bucket.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  return { objects: (objects.Contents ?? []).map((o) => o.Key!).sort(), unfinished: (uploads.Uploads ?? []).length };
}
async function objectBytes(key: string) {
  const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const upload = (content: Buffer, filename = 'guide.pdf') => {
  const body = multipartFile(content, filename, 'application/octet-stream');
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
};
const ownerApi = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: owner.cookie }, ...(payload ? { payload } : {}) });
const nextAddress = addressPool('10.54');

describe('uploads on an S3-compatible store', () => {
  it('takes the configured store from S3_*', () => {
    expect(t.config.storage).toMatchObject({ kind: 's3', bucket: s3.bucket, prefix: 'lodestone/', forcePathStyle: true });
  });

  it('streams a 10 MB lead magnet to the bucket in parts, and gives the same bytes to its owner and to a visitor', async () => {
    const content = pdfBytes(LEAD_MAGNET_MAX_BYTES);
    s3.requests.length = 0;
    const res = await upload(content, 'playbook.pdf');
    expect(res.statusCode).toBe(201);
    expect(s3.requests.map((r) => r.operation)).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    const file = res.json<UploadedFile>();
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect((await inBucket()).objects).toContain(`lodestone/${row!.storageKey}`);
    expect((await objectBytes(`lodestone/${row!.storageKey}`)).equals(content)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

    const own = await ownerApi('GET', `/api/files/${file.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-length']).toBe(String(content.length));
    expect(own.headers['content-disposition']).toBe(`attachment; filename="playbook.pdf"; filename*=UTF-8''playbook.pdf`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(content)).toBe(true);

    const form = (
      await ownerApi('POST', '/api/forms', {
        config: publishableConfig(file, 'Playbook', { doubleOptIn: false, leadMagnetName: 'Playbook' }),
      })
    ).json<FormDetail>();
    expect((await ownerApi('POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/f/${form.id}`,
      remoteAddress: nextAddress(),
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...patientVisitorFields(t.config.secret),
        email: 'reader@example.com',
        consent: 'yes',
      }).toString(),
    });
    expect(submitted.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: submitted.headers.location as string, headers: { host: PUBLIC_HOST } });
    const link = new URL(page.body.match(/href="(http[^"]+\/d\/[^"]+)"/)![1]!);
    const download = await t.app.inject({ method: 'GET', url: link.pathname, headers: { host: PUBLIC_HOST } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="Playbook.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('keeps nothing of a file past the limit (413) or not what it claims (415)', async () => {
    const before = await inBucket();
    s3.requests.length = 0;
    const tooLarge = await upload(pdfBytes(LEAD_MAGNET_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    const renamed = await upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'guide.pdf');
    expect(renamed.statusCode).toBe(415);
    expect(s3.requests.filter((r) => ['PutObject', 'CompleteMultipartUpload'].includes(r.operation))).toEqual([]);
    expect(await inBucket()).toEqual(before);
  });

  it('aborts the multipart upload of a streamed upload that passes the limit, and answers 413 before the rest is sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await inBucket();
    s3.requests.length = 0;
    const total = 30 * 1024 * 1024;
    const { status, sent } = await streamOversizedUpload(port, owner, total);
    expect(status).toBe(413);
    expect(sent).toBeLessThan(total);
    t.app.server.closeAllConnections();
    const operations = s3.requests.map((r) => r.operation);
    expect(operations.slice(0, 2)).toEqual(['CreateMultipartUpload', 'UploadPart']);
    expect(operations.at(-1)).toBe('AbortMultipartUpload');
    expect(operations).not.toContain('CompleteMultipartUpload');
    expect(await inBucket()).toEqual(before);
  });

  it('reads a ZIP-based file’s far central directory back from the bucket by range, and removes a refused one', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ name: `pages/page-${String(i).padStart(5, '0')}.txt`, data: 'x' }));
    const docx = storedZip([...docxEntries(), ...many]);
    const accepted = await upload(docx, 'long.docx');
    expect(accepted.statusCode).toBe(201);
    const before = await inBucket();
    const refused = await upload(storedZip([...plainZipEntries(), ...many]), 'long.docx');
    expect(refused.json()).toEqual({
      code: 'UNSUPPORTED_FILE',
      message: 'This file is not really a .docx (it is a ZIP archive)',
    });
    expect(await inBucket()).toEqual(before);
    const own = await ownerApi('GET', `/api/files/${accepted.json<UploadedFile>().id}`);
    expect(own.rawPayload.equals(docx)).toBe(true);
  });

  it('serves an uploaded image from the bucket at /img/{id}/{width}.webp with no database read, and 404 for one not there', async () => {
    const image = await uploadImage(t.app, owner, 800, 600);
    const { objects } = await inBucket();
    const stored = objects.filter((key) => key.startsWith(`lodestone/img-${image.id}-`));
    expect(stored.length).toBeGreaterThan(0);
    for (const key of stored) {
      const width = Number(/-(\d+)\.webp$/.exec(key)![1]);
      const res = await t.app.inject({ method: 'GET', url: imageUrl(image.id, width), headers: { host: PUBLIC_HOST } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(await objectBytes(key))).toBe(true);
    }
    const missingWidth = await t.app.inject({ method: 'GET', url: imageUrl(image.id, 123), headers: { host: PUBLIC_HOST } });
    expect(missingWidth.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: imageUrl('00000000-0000-4000-8000-000000000000', 400),
      headers: { host: APP_HOST },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
