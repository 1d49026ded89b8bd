import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_KIND_INFO, FILE_KINDS, type FileKind } from '@/domain/file-kinds';
import type { FormDetail, UploadedFile } from '@/domain/forms-api';
import { publishableConfig } from '@tests/kit/data';
import { docxEntries, plainZipEntries, sampleFile, storedZip } from '@tests/kit/files';
import { createUser, multipartFile, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { files, forms } from '@/server/db/schema/index';

// Lead magnets of every kind we deliver: told by their bytes, refused when renamed, and served to a
// visitor with their own content type.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const stored = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'files'));
  } catch {
    return [];
  }
};

function upload(content: Buffer, filename: string) {
  const body = multipartFile(content, filename, 'application/octet-stream');
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
}

const ownerApi = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: owner.cookie }, ...(payload ? { payload } : {}) });

const nextAddress = addressPool('10.77');

/** A visitor signs up on the published page (no double opt-in) and follows the download link on the thank-you page. */
async function signUpAndDownload(formId: string, email: string) {
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), email, consent: 'yes' }).toString(),
  });
  expect(submitted.statusCode).toBe(303);
  const page = await t.app.inject({
    method: 'GET',
    url: submitted.headers.location as string,
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
  });
  const link = new URL(page.body.match(/href="(http[^"]+\/d\/[^"]+)"/)![1]!);
  return t.app.inject({ method: 'GET', url: link.pathname, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } });
}

describe('every kind we deliver', () => {
  it.each(FILE_KINDS)('a %s goes up, is sent to a new lead with its own content type, and back to its owner', async (kind) => {
    const { name, content } = sampleFile(kind);
    const res = await upload(content, name);
    expect(res.statusCode).toBe(201);
    const file = res.json<UploadedFile>();
    expect(file).toMatchObject({ name, size: content.length, kind });
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row!.contentType).toBe(FILE_KIND_INFO[kind].contentType);
    expect(row!.storageKey.endsWith(`.${FILE_KIND_INFO[kind].extensions[0]}`)).toBe(true);

    const created = await ownerApi('POST', '/api/forms', {
      config: publishableConfig(file, `The ${kind} page`, { doubleOptIn: false, leadMagnetName: `Our "${kind}" guide` }),
    });
    expect(created.statusCode).toBe(201);
    const form = created.json<FormDetail>();
    expect(form.draft.leadMagnet).toEqual(file);
    expect((await ownerApi('POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);

    const download = await signUpAndDownload(form.id, `${kind}-reader@example.com`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(FILE_KIND_INFO[kind].contentType);
    const filename = `Our "${kind}" guide.${FILE_KIND_INFO[kind].extensions[0]}`;
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${filename.replaceAll('"', '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(content)).toBe(true);

    const own = await ownerApi('GET', `/api/files/${file.id}`);
    expect(own.headers['content-type']).toBe(FILE_KIND_INFO[kind].contentType);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a .jpeg a .jpeg, and a name that is not ASCII safe in the fallback', async () => {
    const file = (await upload(sampleFile('jpg').content, 'Café «menu».JPEG')).json<UploadedFile>();
    expect(file).toMatchObject({ name: 'Café «menu».JPEG', kind: 'jpg' });
    const own = await ownerApi('GET', `/api/files/${file.id}`);
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ _menu_.JPEG"; filename*=UTF-8''${encodeURIComponent('Café «menu».JPEG')}`,
    );
    const form = (
      await ownerApi('POST', '/api/forms', {
        config: publishableConfig(file, 'Menu', { doubleOptIn: false, leadMagnetName: 'Menu' }),
      })
    ).json<FormDetail>();
    await ownerApi('POST', `/api/forms/${form.id}/publish`);
    const download = await signUpAndDownload(form.id, 'menu-reader@example.com');
    expect(download.headers['content-disposition']).toContain('filename="Menu.jpeg"');
  });

  it('reads a central directory too far from the end to be kept while streaming from the stored file', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ name: `pages/page-${String(i).padStart(5, '0')}.txt`, data: 'x' }));
    const accepted = await upload(storedZip([...docxEntries(), ...many]), 'long.docx');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ kind: 'docx' });
    const before = stored();
    const refused = await upload(storedZip([...plainZipEntries(), ...many]), 'long.docx');
    expect(refused.json()).toEqual({
      code: 'UNSUPPORTED_FILE',
      message: 'This file is not really a .docx (it is a ZIP archive)',
    });
    expect(stored()).toEqual(before);
  });
});

describe('a renamed file', () => {
  it.each<[string, Buffer, string]>([
    ['a .docx that is a plain ZIP', storedZip(plainZipEntries()), 'guide.docx'],
    ['a .zip that is a Word document', storedZip(docxEntries()), 'guide.zip'],
    ['a .pdf that is a PNG', sampleFile('png').content, 'guide.pdf'],
    ['an .xlsx that is a PDF', sampleFile('pdf').content, 'budget.xlsx'],
    ['an .epub that is a Word document', storedZip(docxEntries()), 'book.epub'],
    ['an .mp3 that is text', Buffer.from('ID3 is not enough: this is a text file.'), 'episode.mp3'],
    ['a .png that is a JPEG', sampleFile('jpg').content, 'chart.png'],
  ])('%s is refused with what it is, and nothing is kept', async (_, content, name) => {
    const before = stored();
    const rowsBefore = (await t.db.select({ id: files.id }).from(files)).length;
    const res = await upload(content, name);
    expect(res.statusCode).toBe(415);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^This file is not really a \\.${name.split('.').pop()}`));
    expect(stored()).toEqual(before);
    expect(await t.db.select({ id: files.id }).from(files)).toHaveLength(rowsBefore);
  });

  it('says what it really is', async () => {
    expect((await upload(storedZip(plainZipEntries()), 'guide.docx')).json().message).toBe(
      'This file is not really a .docx (it is a ZIP archive)',
    );
    expect((await upload(storedZip(docxEntries()), 'guide.zip')).json().message).toBe(
      'This file is not really a .zip (it is a Word document)',
    );
    expect((await upload(sampleFile('png').content, 'guide.pdf')).json().message).toBe(
      'This file is not really a .pdf (it is a PNG image)',
    );
  });
});

describe("a page's file kind", () => {
  const uploaded = async (kind: FileKind) => {
    const { name, content } = sampleFile(kind);
    return (await upload(content, name)).json<UploadedFile>();
  };

  it('is the stored file’s: a config that claims another kind is refused', async () => {
    const docx = await uploaded('docx');
    const res = await ownerApi('POST', '/api/forms', { config: publishableConfig({ ...docx, kind: 'pdf' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { leadMagnet: 'Please upload a PDF file' } });
  });

  it('is a PDF for pages saved before other kinds existed: they save, publish and duplicate as before', async () => {
    const pdf = await uploaded('pdf');
    const { kind: _, ...withoutKind } = pdf;
    // Sent by an editor from before: the schema's default fills the kind in.
    const created = await ownerApi('POST', '/api/forms', {
      config: { ...publishableConfig(null, 'Old page', { doubleOptIn: false }), leadMagnet: withoutKind },
    });
    expect(created.statusCode).toBe(201);
    const form = created.json<FormDetail>();
    expect(form.draft.leadMagnet).toEqual({ ...withoutKind, kind: 'pdf' });
    // Stored before: a draft whose lead magnet has no kind at all.
    await t.db
      .update(forms)
      .set({ draft: sql`jsonb_set(${forms.draft}, '{leadMagnet}', (${forms.draft} -> 'leadMagnet') - 'kind')` })
      .where(eq(forms.id, form.id));
    const [row] = await t.db.select({ draft: forms.draft }).from(forms).where(eq(forms.id, form.id));
    expect(row!.draft.leadMagnet).toEqual(withoutKind);
    expect((await ownerApi('POST', `/api/forms/${form.id}/publish`)).statusCode).toBe(200);
    const copy = await ownerApi('POST', `/api/forms/${form.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const download = await signUpAndDownload(form.id, 'old-page-reader@example.com');
    expect(download.headers['content-type']).toBe('application/pdf');
  });
});
