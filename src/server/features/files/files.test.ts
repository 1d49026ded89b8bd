import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MAGNET_MAX_BYTES } from '@/domain/form-config';
import { createUser, multipartFile, streamOversizedUpload, type SignedUpUser } from '@tests/kit/owner';
import { pdfBytes } from '@tests/kit/data';
import { notAcceptedBytes } from '@tests/kit/files';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { files } from '@/server/db/schema/index';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const filesDir = () => path.join(t.config.dataDir, 'files');
const stored = () => {
  try {
    return readdirSync(filesDir());
  } catch {
    return [];
  }
};

function upload(content: Buffer, filename?: string, contentType?: string) {
  const body = multipartFile(content, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
}

describe('lead magnet upload', () => {
  it('accepts a PDF of exactly 10 MB, stored under a server-generated name with its sha256', async () => {
    const content = pdfBytes(LEAD_MAGNET_MAX_BYTES);
    const res = await upload(content, '../../etc/passwd.pdf');
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: 'passwd.pdf', size: LEAD_MAGNET_MAX_BYTES }); // busboy keeps no path
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row!.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(stored()).toContain(row!.storageKey);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('refuses one byte more with 413 and keeps nothing', async () => {
    const before = stored();
    const res = await upload(pdfBytes(LEAD_MAGNET_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'File size exceeds the 10MB limit' });
    expect(stored()).toEqual(before);
  });

  it('refuses an HTML file renamed to .pdf, an empty file and kinds we do not deliver with 415, keeping nothing', async () => {
    const before = stored();
    const renamed = await upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'guide.pdf', 'application/pdf');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toEqual({ code: 'UNSUPPORTED_FILE', message: 'This file is not really a .pdf' });
    const empty = await upload(Buffer.alloc(0));
    expect(empty.json()).toEqual({ code: 'UNSUPPORTED_FILE', message: 'This file is empty' });
    for (const [name, bytes] of [
      ['setup.exe', notAcceptedBytes.exe],
      ['page.html', notAcceptedBytes.html],
      ['logo.svg', notAcceptedBytes.svg],
      ['guide', pdfBytes()],
    ] as const) {
      const res = await upload(bytes, name, 'application/octet-stream');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        code: 'UNSUPPORTED_FILE',
        message: 'Only PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG and MP3 files are accepted',
      });
    }
    expect(stored()).toEqual(before);
    expect(await t.db.select().from(files).where(eq(files.size, 0))).toEqual([]);
  });

  it('answers an oversized upload before the client has sent it all: the body is never buffered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const total = 200 * 1024 * 1024; // far more than anything should hold in memory
    const { status, sent } = await streamOversizedUpload(port, owner, total);
    expect(status).toBe(413);
    expect(sent).toBeLessThan(total / 2);
    t.app.server.closeAllConnections();
  });
});
