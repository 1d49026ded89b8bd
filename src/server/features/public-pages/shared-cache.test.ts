import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { answerText, socketGet } from '@tests/kit/socket-get';
import { DEFAULT_AB_TEST, DEFAULT_DESIGN } from '@/domain/form-config';
import { checkFillTime } from '@/server/lib/fill-time';

// A published page kept by a shared cache in front (PAGE_CACHE_SECONDS, decision 0091): one document
// for every visitor, its views counted by its beacon, its referrer left to the browser.
let t: TestApp;
let owner: SignedUpUser;
let port: number;
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp(
    { PAGE_CACHE_SECONDS: '5' },
    { beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++) },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => socketGet(port, path, headers, method);
const html = answerText;

async function views(formId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/forms/${formId}/analytics`,
    headers: { host: 'localhost:3000', cookie: owner.cookie },
  });
  return res.json<{ totals: { views: number } }>().totals.views;
}

describe('a published page for shared caches', () => {
  it('is one document for every visitor, public for s-maxage, from the fast path too', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const first = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip', referer: 'https://news.example/a' });
    const before = throughFastify;
    const second = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip', referer: 'https://other.example/b' });
    expect(throughFastify).toBe(before); // from memory
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['set-cookie']).toBeUndefined();
      // No referrer in the document (the landing script reads the browser's), and the beacon after the page.
      expect(html(answer)).toContain('name="ls_ref" value=""');
      expect(html(answer)).not.toContain('news.example');
      expect(html(answer)).toContain(`<img src="/f/${form.id}/seen" alt="" width="1" height="1" hidden></body>`);
    }
    // The time trap still works: the document's render time is signed, and a form sent at once is too fast.
    const renderedAt = /name="ls_t" value="([^"]+)"/.exec(html(second))![1]!;
    expect(checkFillTime('test-secret-test-secret-test-secret-0123', renderedAt)).toBe('tooFast');
  });

  it('counts views by its beacon, not by the document: a browser once per beacon, never a bot or a HEAD', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await get(`/f/${form.id}`);
    await get(`/f/${form.id}`);
    expect(await views(form.id)).toBe(0);
    const viaFastify = throughFastify;
    const seen = await get(`/f/${form.id}/seen`);
    expect(seen.status).toBe(200);
    expect(seen.headers).toMatchObject({ 'content-type': 'image/gif', 'cache-control': 'no-store' });
    expect(seen.body.subarray(0, 6).toString()).toBe('GIF89a');
    expect(throughFastify).toBe(viaFastify); // the page is live in memory: the fast path answered
    await get(`/f/${form.id}/seen`, { 'user-agent': 'curl/8.0' });
    await get(`/f/${form.id}/seen`, {}, 'HEAD');
    await get(`/f/${form.id}/seen`, { 'sec-purpose': 'prefetch' });
    expect(await views(form.id)).toBe(1);
    await get(`/f/${form.id}/seen`, { 'user-agent': `${BROWSER_UA} second` });
    expect(await views(form.id)).toBe(2);
  });

  it('answers a beacon from Fastify too, and 404 for a page that is not live', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/f/${form.id}/seen`,
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await views(form.id)).toBe(1);
    const draft = await createForm(t.app, owner, { publish: false });
    for (const id of [draft.id, 'AAAAAAAAAAAA', '%00']) expect((await get(`/f/${id}/seen`)).status, id).toBe(404);
  });

  it('keeps a page under an A/B test per visitor: no-store, counted by its own request, no beacon', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { abTest: { ...DEFAULT_AB_TEST, enabled: true, split: 50, title: 'The B side', design: { ...DEFAULT_DESIGN } } },
    });
    const page = await get(`/f/${form.id}`, { referer: 'https://news.example/a' });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(html(page)).not.toContain('/seen"');
    expect(html(page)).toContain('name="ls_ref" value="https://news.example/a"');
    await get(`/f/${form.id}`);
    await get(`/f/${form.id}/seen`);
    expect(await views(form.id)).toBe(2);
  });
});
