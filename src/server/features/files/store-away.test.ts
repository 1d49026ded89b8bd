import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageMessages } from '@/domain/api-errors';
import type { FormDetail, UploadedFile } from '@/domain/forms-api';
import { pdfBytes, publishableConfig } from '@tests/kit/data';
import { createUser, multipartFile, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { startS3, type S3StandIn } from '@tests/stand-ins/s3';
import { files } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';

// The file store goes away (decision 0068): an owner's upload is refused with 503, Retry-After and
// words that say nothing was saved, and leaves no file row; a visitor's download answers a 503 page
// to come back to; both work again once the store is back, with nothing to restart. A full disk
// under DATA_DIR refuses the upload with 507 and leaves no partial file.

const nextAddress = addressPool('10.67');

function apiOf(t: TestApp, owner: SignedUpUser) {
  return {
    upload(content: Buffer, filename = 'guide.pdf') {
      const body = multipartFile(content, filename, 'application/octet-stream');
      return t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
        payload: body.payload,
      });
    },
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { host: APP_HOST, cookie: owner.cookie }, ...(payload ? { payload } : {}) }),
  };
}

/** Publishes a page delivering `file`, signs a visitor up and returns their download path. */
async function downloadPathFor(t: TestApp, owner: SignedUpUser, file: UploadedFile): Promise<string> {
  const api = apiOf(t, owner);
  const config = publishableConfig(file, 'Playbook', { doubleOptIn: false, leadMagnetName: 'Playbook' });
  const form = (await api.post('/api/forms', { config })).json<FormDetail>();
  expect((await api.post(`/api/forms/${form.id}/publish`)).statusCode).toBe(200);
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
  return new URL(page.body.match(/href="(http[^"]+\/d\/[^"]+)"/)![1]!).pathname;
}

describe('an S3 store that goes away and comes back', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let owner: SignedUpUser;
  const dir = mkdtempSync(path.join(tmpdir(), 'lodestone-s3-away-'));
  beforeAll(async () => {
    s3 = await startS3({ dir });
    t = await createTestApp(s3.env({ prefix: 'lodestone' }));
    owner = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses uploads with 503 and keeps no row, answers downloads with a 503 page, and recovers by itself', async () => {
    const api = apiOf(t, owner);
    const content = pdfBytes(4096);
    const first = await api.upload(content);
    expect(first.statusCode).toBe(201);
    const file = first.json<UploadedFile>();
    const download = await downloadPathFor(t, owner, file);
    const port = Number(new URL(s3.endpoint).port);

    await s3.close();
    const refused = await api.upload(content, 'second.pdf');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({ code: 'STORAGE_UNAVAILABLE', message: storageMessages.writeUnavailable });
    expect(await t.db.$count(files)).toBe(1);

    const own = await api.get(`/api/files/${file.id}`);
    expect(own.statusCode).toBe(503);
    expect(own.json()).toEqual({ code: 'STORAGE_UNAVAILABLE', message: storageMessages.readUnavailable });

    const visitor = await t.app.inject({ method: 'GET', url: download, headers: { host: PUBLIC_HOST, accept: 'text/html' } });
    expect(visitor.statusCode).toBe(503);
    expect(visitor.headers['retry-after']).toBe('30');
    expect(visitor.headers['content-type']).toMatch(/^text\/html/);
    expect(visitor.body).toContain('Your download is not ready just now');
    expect(visitor.body).toContain(`href="${download}"`);

    s3 = await startS3({ dir, port });
    const again = await api.upload(content, 'third.pdf');
    expect(again.statusCode).toBe(201);
    expect(await t.db.$count(files)).toBe(2);
    const back = await t.app.inject({ method: 'GET', url: download, headers: { host: PUBLIC_HOST } });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(content)).toBe(true);
  });
});

describe('a full disk under DATA_DIR', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let filesDir = '';
  beforeAll(async () => {
    // The first write's partial file is /dev/full, which fails every write with the kernel's ENOSPC:
    // the store's own write path meets a full disk, without a small filesystem to mount.
    let full = true;
    const diskFull = (configured: Storage): Storage => ({
      ...configured,
      async write(key, source, ...transforms) {
        if (full) {
          full = false;
          symlinkSync('/dev/full', path.join(filesDir, `${key}.partial`));
        }
        return configured.write(key, source, ...transforms);
      },
    });
    t = await createTestApp({}, { storage: diskFull });
    filesDir = path.join(t.config.dataDir, 'files');
    mkdirSync(filesDir, { recursive: true });
    owner = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the upload with 507 and a clear message, keeps no row and no partial file, and takes the next one', async () => {
    const api = apiOf(t, owner);
    const refused = await api.upload(pdfBytes(64 * 1024));
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ code: 'STORAGE_FULL', message: storageMessages.full });
    expect(await t.db.$count(files)).toBe(0);
    expect(readdirSync(filesDir)).toEqual([]);

    const content = pdfBytes(4096);
    const stored = await api.upload(content);
    expect(stored.statusCode).toBe(201);
    const own = await api.get(`/api/files/${stored.json<UploadedFile>().id}`);
    expect(own.rawPayload.equals(content)).toBe(true);
    expect(readdirSync(filesDir)).toHaveLength(1);
  });
});
