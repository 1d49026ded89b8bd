import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { LoaderConfig, Placement } from '@/domain/placements';
import { submitLabel } from '@/landing/submit-label';
import { placementDailyStats } from '@/server/db/schema/index';
import { liveFormsSynced } from '@/server/features/submissions';

// What the loader on an owner's site reads and sends, on the public origin: the script, a
// placement's settings and the counts of what visitors were shown.
let t: TestApp;
let owner: SignedUpUser;
const SITE = 'https://shop.example.com';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
});
afterAll(() => t.close());

const ownerCall = (method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: owner.cookie, origin: t.config.appUrl.origin }, payload });

async function placed(settings: object = { name: 'Popup', display: 'popup' }, sites = [SITE]) {
  const form = await createForm(t.app, owner, { publish: true, config: { embedOrigins: sites, doubleOptIn: false } });
  const res = await ownerCall('POST', `/api/forms/${form.id}/placements`, settings);
  expect(res.statusCode, res.body).toBe(201);
  return { form, placement: res.json<Placement>() };
}

const config = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/l/${id}`, headers: { host: PUBLIC_HOST, ...headers } });

const beacon = (body: string, origin: string | null = SITE) =>
  t.app.inject({
    method: 'POST',
    url: '/l/events',
    headers: { host: PUBLIC_HOST, 'content-type': 'text/plain;charset=UTF-8', ...(origin ? { origin } : {}) },
    payload: body,
  });

const countsOf = async (id: string) =>
  t.db
    .select({ impressions: placementDailyStats.impressions, opens: placementDailyStats.opens })
    .from(placementDailyStats)
    .where(eq(placementDailyStats.placementId, id));

describe('GET /l/{id}', () => {
  it('gives the loader the placement’s settings, the page’s address and allowed sites, to any site', async () => {
    const { form, placement } = await placed(
      { name: 'Owner’s own name', display: 'slide-in', corner: 'bottom-left', trigger: 'scroll' },
      ['https://Shop.Example.com/', 'http://localhost:8080'],
    );
    const res = await config(placement.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^".+"$/);
    const body = res.json<LoaderConfig>();
    expect(body).toEqual({
      id: placement.id,
      pageUrl: `${t.config.publicUrl.origin}/f/${form.id}`,
      title: form.published!.title,
      buttonText: submitLabel(form.published!),
      origins: ['https://shop.example.com', 'http://localhost:8080'],
      settings: { ...placement.settings, name: undefined },
    });
    expect(JSON.stringify(body)).not.toContain('Owner’s own name');
    expect((await config(placement.id, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('takes a changed placement and a changed list of sites at once', async () => {
    const { form, placement } = await placed();
    const before = await config(placement.id);
    const edited = await ownerCall('PUT', `/api/forms/${form.id}/placements/${placement.id}`, { name: 'Popup', display: 'bar' });
    expect(edited.statusCode).toBe(200);
    const after = await config(placement.id, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<LoaderConfig>().settings.display).toBe('bar');

    expect(
      (await ownerCall('PUT', `/api/forms/${form.id}/embed-origins`, { embedOrigins: ['https://blog.example.org'] })).statusCode,
    ).toBe(200);
    await liveFormsSynced(t.db);
    const sites = await config(placement.id, { 'if-none-match': after.headers.etag as string });
    expect(sites.statusCode).toBe(200);
    expect(sites.json<LoaderConfig>().origins).toEqual(['https://blog.example.org']);
  });

  it('is not found for an unknown or malformed id, a deleted placement, or a page that is not live', async () => {
    for (const id of ['plc_AAAAAAAAAAAAAAAA', 'plc_short', '%00', 'plc_AAAAAAAAAAAAAAAA%22']) {
      const res = await config(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const deleted = await placed();
    expect((await ownerCall('DELETE', `/api/forms/${deleted.form.id}/placements/${deleted.placement.id}`)).statusCode).toBe(204);
    expect((await config(deleted.placement.id)).statusCode).toBe(404);

    const offline = await placed();
    expect((await config(offline.placement.id)).statusCode).toBe(200);
    expect((await ownerCall('PATCH', `/api/forms/${offline.form.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    await liveFormsSynced(t.db);
    expect((await config(offline.placement.id)).statusCode).toBe(404);

    const removed = await placed();
    expect((await ownerCall('DELETE', `/api/forms/${removed.form.id}`)).statusCode).toBe(204);
    await liveFormsSynced(t.db);
    expect((await config(removed.placement.id)).statusCode).toBe(404);

    // A draft never published has no live page.
    const draft = await createForm(t.app, owner);
    const onDraft = (
      await ownerCall('POST', `/api/forms/${draft.id}/placements`, { name: 'P', display: 'popup' })
    ).json<Placement>();
    expect((await config(onDraft.id)).statusCode).toBe(404);
  });

  it('is only on the public origin', async () => {
    const { placement } = await placed();
    const res = await t.app.inject({ method: 'GET', url: `/l/${placement.id}`, headers: { host: APP_HOST } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(placement.id);
  });
});

describe('POST /l/events', () => {
  it('counts impressions and opens from the page’s allowed sites into today’s row', async () => {
    const { placement } = await placed();
    const impression = await beacon(JSON.stringify({ placement: placement.id, type: 'impression' }));
    expect(impression.statusCode, impression.body).toBe(204);
    expect(impression.headers['access-control-allow-origin']).toBe(SITE);
    expect((await beacon(JSON.stringify({ placement: placement.id, type: 'impression' }))).statusCode).toBe(204);
    expect((await beacon(JSON.stringify({ placement: placement.id, type: 'open' }))).statusCode).toBe(204);
    expect(await countsOf(placement.id)).toEqual([{ impressions: 2, opens: 1 }]);
  });

  it('counts nothing from a site that is not allowed, or without an Origin', async () => {
    const { placement } = await placed();
    const body = JSON.stringify({ placement: placement.id, type: 'impression' });
    expect((await beacon(body, 'https://evil.example.com')).statusCode).toBe(403);
    expect((await beacon(body, 'null')).statusCode).toBe(403);
    expect((await beacon(body, null)).statusCode).toBe(403);
    expect(await countsOf(placement.id)).toEqual([]);
  });

  it('refuses malformed, oversized and unknown beacons and counts nothing', async () => {
    const { placement } = await placed();
    const id = placement.id;
    for (const body of [
      '',
      'not json',
      `{"placement":"${id}","type":"impression"`,
      `{"placement":"${id}","type":"signup"}`,
      `{"placement":"${id}","type":"impression\u0000"}`,
      `{"placement":"${id}\u0000","type":"open"}`,
      `["${id}","impression"]`,
      `{"placement":"plc_short","type":"open"}`,
      `{"placement":{"id":"${id}"},"type":"open"}`,
    ]) {
      const res = await beacon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const nested = '['.repeat(10_000) + ']'.repeat(10_000);
    expect((await beacon(nested)).statusCode).toBe(413);
    const padded = JSON.stringify({ placement: id, type: 'open', pad: 'x'.repeat(5000) });
    expect((await beacon(padded)).statusCode).toBe(413);
    expect((await beacon(JSON.stringify({ placement: 'plc_AAAAAAAAAAAAAAAA', type: 'open' }))).statusCode).toBe(404);
    expect(await countsOf(id)).toEqual([]);
  });

  it('limits the beacons of one address', async () => {
    const { placement } = await placed();
    const body = JSON.stringify({ placement: placement.id, type: 'impression' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/l/events',
        remoteAddress: '10.77.0.9',
        headers: { host: PUBLIC_HOST, 'content-type': 'text/plain', origin: SITE },
        payload: body,
      });
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) answers.push((await send()).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(120);
    expect(answers.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect(await countsOf(placement.id)).toEqual([{ impressions: 120, opens: 0 }]);
  });
});

describe('GET /l.js', () => {
  it('serves the loader, compressed, cacheable for five minutes and readable by other sites', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/l.js',
      headers: { host: PUBLIC_HOST, 'accept-encoding': 'identity' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const js = plain.body;
    expect(js).toContain('data-placement');
    expect(gzipSync(js).length).toBeLessThan(8192);

    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/l.js',
      headers: { host: PUBLIC_HOST, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(js);
    const br = await t.app.inject({ method: 'GET', url: '/l.js', headers: { host: PUBLIC_HOST, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(8192);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/l.js',
          headers: { host: PUBLIC_HOST, 'if-none-match': plain.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('writes no inline style or script and evaluates no strings (a strict CSP allows it)', async () => {
    const js = (await t.app.inject({ method: 'GET', url: '/l.js', headers: { host: PUBLIC_HOST } })).body;
    for (const forbidden of [
      'innerHTML',
      'eval(',
      'new Function',
      'cssText',
      "createElement('style')",
      'createElement("style")',
      'document.cookie',
    ])
      expect(js, forbidden).not.toContain(forbidden);
  });
});
