import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createForm, createUser, multipartFile } from '@tests/kit/owner';
import { pdfBytes } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { files } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { removeOrphanFiles } from './cleanup.task.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('removes uploads that no form uses once they are a day old, and keeps the rest', async () => {
  const owner = await createUser(t.app);
  const form = await createForm(t.app, owner, { publish: true });
  const body = multipartFile(pdfBytes());
  const upload = (
    await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    })
  ).json();
  const fresh = (
    await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { host: APP_HOST, cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    })
  ).json();
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  await t.db.update(files).set({ createdAt: dayAgo }).where(eq(files.id, upload.id));
  await t.db.update(files).set({ createdAt: dayAgo }).where(eq(files.id, form.draft.leadMagnet!.id));
  const [orphan] = await t.db.select().from(files).where(eq(files.id, upload.id));

  const storage = localStorage(path.join(t.config.dataDir, 'files'));
  expect(await removeOrphanFiles(t.db, storage, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(1);

  const left = (await t.db.select({ id: files.id }).from(files)).map((f) => f.id).sort();
  expect(left).toEqual([form.draft.leadMagnet!.id, fresh.id].sort());
  expect(existsSync(path.join(t.config.dataDir, 'files', orphan!.storageKey))).toBe(false);
});
