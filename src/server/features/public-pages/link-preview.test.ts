import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDomain, ownerCall } from '@tests/kit/domains';
import { uploadImage } from '@tests/kit/images';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { DEFAULT_AB_TEST, DEFAULT_DESIGN, type Design, type FormConfig } from '@/domain/form-config';
import { formDailyStats } from '@/server/db/schema/index';

// What a shared link to a published page shows (docs/decisions/0079): the tags in its <head>, the
// card at og:image and the favicon made from its logo, through the real server.

let t: TestApp;
let dns: DnsStandIn;
const table: DnsTable = {};
let owner: SignedUpUser;
let stranger: SignedUpUser;
const PUBLIC_ORIGIN = `http://${PUBLIC_HOST}`;
/** The owner's custom domain. */
const DOMAIN = 'offers.links.test';

beforeAll(async () => {
  dns = await startDns();
  t = await createTestApp({ DNS_SERVERS: dns.address });
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
  await connectDomain(t.app, owner, DOMAIN, dns, table);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const visit = (url: string, host = PUBLIC_HOST, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER_UA, ...headers } });

const publish = (config: Partial<FormConfig>, user = owner) => createForm(t.app, user, { publish: true, config });
const withDesign = (design: Partial<Design>): Partial<FormConfig> => ({ design: { ...DEFAULT_DESIGN, ...design } });

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The document's <head>, and its meta tags by name or property (each as a browser reads its value). */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g))
    meta.set(key!, decode(value!));
  meta.delete('viewport');
  const icon = /<link rel="icon" href="([^"]+)" type="([^"]+)">/.exec(head);
  return { head, meta, icon: icon ? { href: decode(icon[1]!), type: icon[2] } : undefined };
}

/** The card the page's og:image names, fetched as a crawler would, read back by sharp. */
async function cardOf(url: string) {
  const res = await visit(url.replace(PUBLIC_ORIGIN, ''));
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { res, meta, bytes: res.rawPayload };
}

/** The red, green and blue of the pixel at (x, y) of an image. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return [...data.subarray(at, at + 3)];
}

describe("a published page's link preview tags", () => {
  it('carry the title, the description without its Markdown, the address, the card and the business name, all as attribute values', async () => {
    const title = 'Guide "><script>alert(1)</script>';
    const form = await publish({
      title,
      description: '**Bold** words and [a link](https://example.com)\n\n- one\n- two <img src=x onerror=alert(1)>',
      businessName: 'Acme & "Co"',
    });
    const res = await visit(`/f/${form.id}`);
    expect(res.statusCode).toBe(200);
    const { head, meta, icon } = headOf(res.body);
    expect(head).not.toContain('<script');
    expect(head).not.toContain('<img');
    const description = 'Bold words and a link one two';
    expect(Object.fromEntries(meta)).toEqual({
      description,
      'og:type': 'website',
      'og:site_name': 'Acme & "Co"',
      'og:title': title,
      'og:description': description,
      'og:url': `${PUBLIC_ORIGIN}/f/${form.id}`,
      'og:image': `${PUBLIC_ORIGIN}/f/${form.id}/card.png?v=1`,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': `${title} – Acme & "Co"`,
      'twitter:card': 'summary_large_image',
      'twitter:title': title,
      'twitter:description': description,
      'twitter:image': `${PUBLIC_ORIGIN}/f/${form.id}/card.png?v=1`,
      'twitter:image:alt': `${title} – Acme & "Co"`,
    });
    expect(icon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' });
    expect(meta.has('robots')).toBe(false);
  });

  it("use the title when there is no description, and variant B's own words and card under an A/B test", async () => {
    const form = await publish({
      title: 'Plain page',
      description: '',
      abTest: { ...DEFAULT_AB_TEST, enabled: true, split: 50, title: 'B says this', description: 'B *describes*' },
    });
    // Browsers' addresses and agents spread over both variants: read the page until each was served.
    const seen = new Map<string, Map<string, string>>();
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/f/${form.id}`,
        remoteAddress: `10.9.${i}.1`,
        headers: { host: PUBLIC_HOST, 'user-agent': `${BROWSER_UA} ${i}` },
      });
      const { meta } = headOf(res.body);
      seen.set(meta.get('og:title')!, meta);
    }
    expect([...seen.keys()].sort()).toEqual(['B says this', 'Plain page']);
    expect(seen.get('Plain page')!.get('description')).toBe('Plain page');
    expect(seen.get('Plain page')!.get('og:image')).toBe(`${PUBLIC_ORIGIN}/f/${form.id}/card.png?v=1`);
    expect(seen.get('B says this')!.get('og:description')).toBe('B describes');
    expect(seen.get('B says this')!.get('og:image')).toBe(`${PUBLIC_ORIGIN}/f/${form.id}/card.png?v=1-b`);
    const a = await cardOf(seen.get('Plain page')!.get('og:image')!);
    const b = await cardOf(seen.get('B says this')!.get('og:image')!);
    expect(a.bytes.equals(b.bytes)).toBe(false);
  });

  it('are not on notices: the 404 page stays out of search results and has no card', async () => {
    const res = await visit('/f/aaaaaaaaaaaaaaaaaaaaa');
    expect(res.statusCode).toBe(404);
    const { meta, icon } = headOf(res.body);
    expect(meta.get('robots')).toBe('noindex');
    expect(meta.has('og:image')).toBe(false);
    expect(meta.get('twitter:card')).toBe('summary');
    expect(icon?.href).toBe('/favicon.svg');
  });
});

describe("a page's card", () => {
  it('is a 1200 × 630 PNG drawn from the design, kept for good at its version, and not a view', async () => {
    const form = await publish({ title: 'Colour one' });
    const url = headOf((await visit(`/f/${form.id}`)).body).meta.get('og:image')!;
    const { res, meta } = await cardOf(url);
    expect(res.headers['content-type']).toBe('image/png');
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await visit(url.replace(PUBLIC_ORIGIN, ''), PUBLIC_HOST, { 'if-none-match': etag });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    // Without the version, or naming another, it is the live version's, kept only briefly.
    for (const other of [`/f/${form.id}/card.png`, `/f/${form.id}/card.png?v=7`]) {
      const loose = await visit(other);
      expect(loose.statusCode).toBe(200);
      expect(loose.headers['cache-control']).toBe('public, max-age=300');
    }
    // A GET through the owner API writes the views counted so far: the card made none.
    await ownerCall(t.app, owner, 'GET', `/api/forms/${form.id}`);
    const [stats] = await t.db.select().from(formDailyStats).where(eq(formDailyStats.formId, form.id));
    expect(stats?.views).toBe(1);
  });

  it('differs with the brand colour, and follows a new version to a new address', async () => {
    const indigo = await publish({ title: 'Same words', ...withDesign({ brandColor: '#4338CA', background: 'plain' }) });
    const orange = await publish({ title: 'Same words', ...withDesign({ brandColor: '#C2410C', background: 'plain' }) });
    const one = await cardOf(`/f/${indigo.id}/card.png?v=1`);
    const two = await cardOf(`/f/${orange.id}/card.png?v=1`);
    expect(one.bytes.equals(two.bytes)).toBe(false);
    // The band along the foot is the brand colour as the button shows it.
    expect(await pixel(one.bytes, 600, 625)).toEqual([0x43, 0x38, 0xca]);
    expect(await pixel(two.bytes, 600, 625)).toEqual([0xc2, 0x41, 0x0c]);

    const saved = await ownerCall(t.app, owner, 'PUT', `/api/forms/${indigo.id}`, {
      config: { ...indigo.draft, ...withDesign({ brandColor: '#047857', background: 'plain' }) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ownerCall(t.app, owner, 'POST', `/api/forms/${indigo.id}/publish`)).statusCode).toBe(200);
    const meta = headOf((await visit(`/f/${indigo.id}`)).body).meta;
    expect(meta.get('og:image')).toBe(`${PUBLIC_ORIGIN}/f/${indigo.id}/card.png?v=2`);
    const green = await cardOf(meta.get('og:image')!);
    expect(await pixel(green.bytes, 600, 625)).toEqual([0x04, 0x78, 0x57]);
  });

  it("is the page's cover cut to 1200 × 630 from its centre, as a JPEG", async () => {
    // 1600 × 1000, red above blue: scaled to 1200 × 750, 60 px go at the top and the bottom.
    const cover = await uploadImage(t.app, owner, 1600, 1000);
    const form = await publish({
      title: 'With a cover',
      ...withDesign({ cover, coverAlt: 'A red and blue flag', layout: 'left' }),
    });
    const { meta } = headOf((await visit(`/f/${form.id}`)).body);
    expect(meta.get('og:image')).toBe(`${PUBLIC_ORIGIN}/f/${form.id}/card.jpg?v=1`);
    expect(meta.get('og:image:type')).toBe('image/jpeg');
    expect(meta.get('og:image:alt')).toBe('A red and blue flag');
    const card = await cardOf(meta.get('og:image')!);
    expect(card.res.headers['content-type']).toBe('image/jpeg');
    expect([card.meta.format, card.meta.width, card.meta.height]).toEqual(['jpeg', 1200, 630]);
    const [topR, , topB] = await pixel(card.bytes, 600, 250);
    const [bottomR, , bottomB] = await pixel(card.bytes, 600, 380);
    expect([topR! > 200, topB! < 60, bottomR! < 60, bottomB! > 200]).toEqual([true, true, true, true]);

    // A cover the layout hides is not the card: the drawn one is.
    const hidden = await publish({ title: 'Hidden cover', ...withDesign({ cover, layout: 'none' }) });
    expect(headOf((await visit(`/f/${hidden.id}`)).body).meta.get('og:image')).toBe(
      `${PUBLIC_ORIGIN}/f/${hidden.id}/card.png?v=1`,
    );
  });

  it('is not found for an unknown, an unpublished or a deleted page, nor for another workspace on a custom domain', async () => {
    const draft = await createForm(t.app, owner, { title: 'Never published' });
    const deleted = await publish({ title: 'Deleted soon' });
    expect((await visit(`/f/${deleted.id}/card.png?v=1`)).statusCode).toBe(200);
    expect((await ownerCall(t.app, owner, 'DELETE', `/api/forms/${deleted.id}`)).statusCode).toBe(204);
    for (const url of [
      '/f/aaaaaaaaaaaaaaaaaaaaa/card.png',
      `/f/${draft.id}/card.png`,
      `/f/${deleted.id}/card.png?v=1`,
      `/f/${deleted.id}/icon.png?v=1`,
      '/f/not-an-id/card.jpg',
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    }

    const mine = await publish({ title: 'On my domain' });
    const theirs = await publish(
      { title: 'Not on this domain', ...withDesign({ logo: await uploadImage(t.app, stranger) }) },
      stranger,
    );
    expect((await visit(`/f/${mine.id}/card.png?v=1`, DOMAIN)).statusCode).toBe(200);
    for (const kind of ['card.png', 'card.jpg', 'icon.png']) {
      const res = await visit(`/f/${theirs.id}/${kind}?v=1`, DOMAIN);
      expect(res.statusCode, kind).toBe(404);
      expect(res.body).not.toContain('Not on this domain');
    }
  });
});

describe("a page's favicon", () => {
  it('is its logo contained in a transparent 96 px square, and /favicon.svg without a logo', async () => {
    const logo = await uploadImage(t.app, owner, 600, 200);
    const form = await publish({ title: 'With a logo', ...withDesign({ logo }) });
    const { icon } = headOf((await visit(`/f/${form.id}`)).body);
    expect(icon).toEqual({ href: `/f/${form.id}/icon.png?v=1`, type: 'image/png' });
    const res = await visit(icon!.href);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 96, 96, true]);
    // 600 × 200 in a square: 96 × 32 in the middle, transparent above and below.
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * 96 + x) * 4 + 3];
    expect([alpha(48, 5), alpha(48, 90), alpha(48, 40) === 255]).toEqual([0, 0, true]);

    // The card shows the logo too; a page without one has no icon of its own.
    expect((await cardOf(`/f/${form.id}/card.png?v=1`)).meta.width).toBe(1200);
    const plain = await publish({ title: 'No logo' });
    expect(headOf((await visit(`/f/${plain.id}`)).body).icon?.href).toBe('/favicon.svg');
    expect((await visit(`/f/${plain.id}/icon.png?v=1`)).statusCode).toBe(404);
  });

  it('is served on a custom domain of its workspace, where the page links it from', async () => {
    const logo = await uploadImage(t.app, owner, 300, 300);
    const form = await publish({ title: 'Logo on my domain', ...withDesign({ logo }) });
    const res = await visit(`/f/${form.id}/icon.png?v=1`, DOMAIN);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(96);
    const page = await visit(`/f/${form.id}`, DOMAIN);
    expect(headOf(page.body).icon?.href).toBe(`/f/${form.id}/icon.png?v=1`);
  });
});
