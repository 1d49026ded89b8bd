import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { answerText, socketGet, type SocketAnswer } from '@tests/kit/socket-get';
import { DEFAULT_AB_TEST, DEFAULT_DESIGN } from '@/domain/form-config';
import { checkFillTime, MIN_FILL_MS } from '@/server/lib/fill-time';
import { peekLiveForm } from '@/server/features/submissions';
import { createVariants, MAX_VARIANTS, pickEncoding, RENDER_WINDOW_MS } from './published-page.js';
import { PLACEMENT_RECHECK_MS, PLACEMENT_RECHECK_WAIT_MS } from './render.js';
import { ROBOTS_TXT } from './robots.js';

// The published page over a real socket: the fast path answers what Fastify answered, byte for byte
// in headers, and leaves everything else to Fastify.
let t: TestApp;
let owner: SignedUpUser;
let port: number;
/** Requests that reached Fastify (the fast path's answers never do). */
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

type Answer = SocketAnswer;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => socketGet(port, path, headers, method);
const text = answerText;
/** The length differs by a byte or two between windows: the signed time compresses differently. */
const sameAnswer = ({ date: _d, 'content-length': _l, ...rest }: Answer['headers']) => rest;

/** Every header a published page sent before this server had a fast path (helmet, 0006, 0011, 0016). */
const PAGE_HEADERS = [
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'content-type',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'date',
  'keep-alive',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'vary',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('GET /f/{id} from memory', () => {
  it('answers with the same headers as the full pipeline, in br, gzip or none by Accept-Encoding', async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { pixelFacebook: '123456789012345' } });
    const before = throughFastify;
    const first = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip' });
    expect(throughFastify).toBe(before + 1);
    expect(peekLiveForm(t.db, form.id)).toMatchObject({ id: form.id });
    const second = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip' });
    expect(throughFastify).toBe(before + 1); // not through Fastify
    expect(Object.keys(first.headers).sort()).toEqual(PAGE_HEADERS);
    expect(sameAnswer(second.headers)).toEqual(sameAnswer(first.headers));
    expect(second.headers).toMatchObject({
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(second.headers['content-security-policy']).toContain('connect.facebook.net'); // this page's own CSP
    const noTime = (html: string) => html.replace(/name="ls_t" value="[^"]+"/, '');
    expect(noTime(text(second))).toBe(noTime(text(first))); // the same document
    const br = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get(`/f/${form.id}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(text(br)).toMatch(/^<!doctype html>/);
    expect(text(plain)).toMatch(/^<!doctype html>/);
    expect(throughFastify).toBe(before + 1);
  });

  it('answers HEAD with the headers and no body, and does not count it as a view', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const get1 = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip' });
    const head = await get(`/f/${form.id}`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(sameAnswer(head.headers)).toEqual(sameAnswer(get1.headers));
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}/analytics`,
      headers: { host: 'localhost:3000', cookie: owner.cookie },
    });
    expect(stats.json<{ totals: { views: number } }>().totals.views).toBe(1);
  });

  it('puts the referrer in the form, escaped and cut to 500 characters, however long the header', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await get(`/f/${form.id}`);
    const ref = `https://news.example/?q="><script>x</script>${'a'.repeat(6000)}`;
    const res = await get(`/f/${form.id}`, { referer: ref, 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    const value = /name="ls_ref" value="([^"]*)"/.exec(text(res))![1]!;
    expect(value).not.toContain('<script>');
    expect(value.replaceAll('&quot;', '"').replaceAll('&gt;', '>').replaceAll('&lt;', '<')).toBe(ref.slice(0, 500));
    // Another referrer, another value; none, none.
    expect(text(await get(`/f/${form.id}`, { referer: 'https://other.example/' }))).toContain(
      'name="ls_ref" value="https://other.example/"',
    );
    expect(text(await get(`/f/${form.id}`))).toContain('name="ls_ref" value=""');
  });

  it('serves both variants of a page under an A/B test from memory, each counted as its own', async () => {
    const form = await createForm(t.app, owner, {
      publish: true,
      config: { abTest: { ...DEFAULT_AB_TEST, enabled: true, split: 50, title: 'The B side', design: { ...DEFAULT_DESIGN } } },
    });
    // One address here (the socket's): visitors differ by their browsers.
    const browsers = Array.from({ length: 16 }, (_, i) => `${BROWSER_UA} visitor/${i}`);
    const first = new Map<string, string>();
    for (const ua of browsers) {
      const before = throughFastify;
      const res = await get(`/f/${form.id}`, { 'user-agent': ua, 'accept-encoding': 'br' });
      const html = text(res);
      const variant = /name="ls_v" value="([ab])"/.exec(html)![1]!;
      expect(html.includes('The B side'), ua).toBe(variant === 'b');
      // Each variant's first answer is rendered by Fastify; every other from memory.
      expect(throughFastify - before, ua).toBe([...first.values()].includes(variant) ? 0 : 1);
      if (![...first.values()].includes(variant)) expect(Object.keys(res.headers).sort()).toEqual(PAGE_HEADERS);
      first.set(ua, variant);
    }
    expect(new Set(first.values())).toEqual(new Set(['a', 'b']));
    // A reload is the same variant, from memory, with the same headers as the first answer.
    const before = throughFastify;
    for (const [ua, variant] of first) {
      const again = await get(`/f/${form.id}`, { 'user-agent': ua, 'accept-encoding': 'gzip' });
      expect(/name="ls_v" value="([ab])"/.exec(text(again))![1]).toBe(variant);
    }
    expect(throughFastify).toBe(before);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}/ab-test`,
      headers: { host: 'localhost:3000', cookie: owner.cookie },
    });
    const counted = res.json<{ variants: Array<{ variant: string; views: number }> }>().variants;
    const expected = (v: string) => 2 * [...first.values()].filter((x) => x === v).length;
    expect(counted).toEqual([
      expect.objectContaining({ variant: 'a', views: expected('a') }),
      expect.objectContaining({ variant: 'b', views: expected('b') }),
    ]);
  });

  it("serves a placement's frame from memory once Fastify has sent it, and trusts its placement only for a while", async () => {
    const form = await createForm(t.app, owner, { publish: true, config: { embedOrigins: ['https://blog.example.com'] } });
    const placement = `plc_${'a'.repeat(16)}`;
    await t.db.execute(sql`insert into placements (id, workspace_id, form_id, settings)
      select ${placement}, workspace_id, id, '{"name":"Sidebar","display":"popup"}'::jsonb from forms where id = ${form.id}`);
    const frame = `/f/${form.id}?ls_placement=${placement}&ls_host=${encodeURIComponent('https://blog.example.com/post')}&ls_content=form`;
    const hidden = (a: Answer) =>
      Object.fromEntries([...text(a).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const before = throughFastify;
    const first = await get(frame, { 'accept-encoding': 'gzip', referer: 'https://blog.example.com/post' });
    expect(throughFastify).toBe(before + 1);
    const second = await get(frame, { 'accept-encoding': 'gzip', referer: 'https://blog.example.com/other' });
    expect(throughFastify).toBe(before + 1); // from memory
    expect(sameAnswer(second.headers)).toEqual(sameAnswer(first.headers));
    expect(second.headers['content-security-policy']).toContain('frame-ancestors');
    expect(hidden(second)).toMatchObject({
      ls_placement: placement,
      ls_host: 'https://blog.example.com/post',
      ls_content: 'form',
      ls_ref: 'https://blog.example.com/other',
    });
    // Another host page is another frame: Fastify renders it first.
    await get(frame.replace('%2Fpost', '%2Fthird'));
    expect(throughFastify).toBe(before + 2);
    // The owner's preview, a malformed placement and an unknown one are always Fastify's.
    for (const path of [
      `/f/${form.id}?ls_placement=preview&ls_content=form`,
      `/f/${form.id}?ls_placement=nope`,
      `/f/${form.id}?ls_placement=plc_${'b'.repeat(16)}`,
    ]) {
      const n = throughFastify;
      await get(path);
      await get(path);
      expect(throughFastify - n, path).toBe(2);
    }
    // Trusted for PLACEMENT_RECHECK_MS, then one request takes the check to Fastify; while that
    // check waits on the database (held here by a lock on the placements), the frame's other requests
    // are answered from memory for PLACEMENT_RECHECK_WAIT_MS, after which the next one checks too.
    const due = Date.now() + PLACEMENT_RECHECK_MS + 1;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(due);
    try {
      const n = throughFastify;
      const checks = await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table placements in access exclusive mode`);
        const first = get(frame);
        await vi.waitFor(() => expect(throughFastify).toBe(n + 1), { timeout: 10_000 });
        const meanwhile = await get(frame);
        expect(throughFastify).toBe(n + 1); // from memory
        expect(hidden(meanwhile).ls_placement).toBe(placement);
        clock.mockReturnValue(due + PLACEMENT_RECHECK_WAIT_MS);
        const second = get(frame);
        await vi.waitFor(() => expect(throughFastify).toBe(n + 2), { timeout: 10_000 }); // the first check took too long
        return [first, second];
      });
      for (const checked of await Promise.all(checks)) expect(hidden(checked).ls_placement).toBe(placement);
      // Checked, the frame is trusted again.
      await get(frame);
      expect(throughFastify).toBe(n + 2);
      // Deleted, the placement is still trusted until its next check, which finds it gone: the page
      // as usual, and the frame is not answered from memory again.
      await t.db.execute(sql`delete from placements where id = ${placement}`);
      clock.mockReturnValue(due + PLACEMENT_RECHECK_WAIT_MS + PLACEMENT_RECHECK_MS + 1);
      for (let i = 1; i <= 3; i++) {
        expect(hidden(await get(frame)).ls_placement).toBeUndefined();
        expect(throughFastify).toBe(n + 2 + i);
      }
    } finally {
      clock.mockRestore();
    }
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}/analytics`,
      headers: { host: 'localhost:3000', cookie: owner.cookie },
    });
    expect(stats.json<{ totals: { views: number } }>().totals.views).toBe(14); // every GET but the two previews
  });

  it("answers the loader script from memory once Fastify has sent it, with Fastify's headers, and leaves a revalidation to it", async () => {
    const first = await get('/l.js', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    const before = throughFastify;
    const second = await get('/l.js', { 'accept-encoding': 'gzip' });
    expect(throughFastify).toBe(before); // from memory
    expect(sameAnswer(second.headers)).toEqual(sameAnswer(first.headers));
    expect(second.headers).toMatchObject({
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
      'cache-control': 'public, max-age=300',
    });
    expect(gunzipSync(second.body)).toEqual(gunzipSync(first.body));
    const br = await get('/l.js', { 'accept-encoding': 'br' });
    const plain = await get('/l.js', { 'accept-encoding': 'identity' });
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(throughFastify).toBe(before);
    // A browser's revalidation, and the app's host, are Fastify's.
    const revalidated = await get('/l.js', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    await get('/l.js', { host: 'localhost:3000' });
    expect(throughFastify).toBe(before + 2);
  });

  it('leaves garbage ids, NUL bytes, payment outcomes, pages not live and the app host to Fastify', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await get(`/f/${form.id}`);
    for (const path of ['/f/%00', `/f/${form.id}%00`, '/f/../../etc/passwd', '/f/x'.padEnd(90, 'x'), '/f/AAAAAAAAAAAA']) {
      const before = throughFastify;
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(throughFastify, path).toBe(before + 1);
    }
    const before = throughFastify;
    const cancelled = await get(`/f/${form.id}?payment=cancelled`);
    expect(cancelled.status).toBe(200);
    expect(throughFastify).toBe(before + 1);
    const app = await get(`/f/${form.id}`, { host: 'localhost:3000' });
    expect(app.status).not.toBe(200);
    expect(throughFastify).toBe(before + 2);
  });

  it('answers robots.txt: published pages allowed, every other path of the public face not', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text(res)).toBe(ROBOTS_TXT);
    const lines = ROBOTS_TXT.split('\n');
    expect(lines).toContain('Allow: /f/');
    for (const path of ['/thank-you', '/confirm', '/d/', '/pay/', '/webhooks/', '/'])
      expect(lines).toContain(`Disallow: ${path}`);
    // On the app's host, the SPA's own (not this one).
    expect(text(await get('/robots.txt', { host: 'localhost:3000' }))).not.toBe(ROBOTS_TXT);
  });
});

describe('the compressed variants of a page', () => {
  const doc = {
    key: 'page:1',
    html: '<p>__LS_RENDERED_AT__|__LS_REFERRER__</p>',
    csp: '',
    vary: 'accept-encoding',
    shared: false,
  };

  it('sign the start of their window, so a person is never measured as faster than they were', () => {
    const variants = createVariants('secret');
    const renderedAt = 1_800_000_000_057; // 57 ms into a window
    const token = /<p>([^|]+)\|/.exec(variants(doc, '', 'identity', renderedAt).toString())![1]!;
    expect(token.startsWith(String(renderedAt - 57))).toBe(true);
    expect(renderedAt % RENDER_WINDOW_MS).toBe(57);
    // A person who took the minimum from the moment the page really left passes.
    expect(checkFillTime('secret', token, renderedAt + MIN_FILL_MS)).toBe('ok');
    // The same bytes for the rest of the window; new ones in the next.
    expect(variants(doc, '', 'identity', renderedAt + 40).toString()).toContain(token);
    expect(variants(doc, '', 'identity', renderedAt + RENDER_WINDOW_MS).toString()).not.toContain(token);
  });

  it('stay bounded however many referrers come in one window', () => {
    const variants = createVariants('secret');
    const now = 1_800_000_000_000;
    for (let i = 0; i < MAX_VARIANTS * 3; i++) {
      expect(variants(doc, `https://r${i}.example/`, 'gzip', now).length).toBeGreaterThan(0);
    }
    expect(variants.size()).toBe(MAX_VARIANTS);
    expect(gunzipSync(variants(doc, 'https://last.example/', 'gzip', now)).toString()).toContain('https://last.example/');
    variants(doc, '', 'identity', now + RENDER_WINDOW_MS);
    expect(variants.size()).toBe(1);
  });

  it('are chosen by Accept-Encoding: brotli, then gzip, then none', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
  });
});
