import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AB_TEST, DEFAULT_DESIGN, type ImageRef } from '@/domain/form-config';
import { IMAGE_MAX_BYTES, imageUrl, widthsFor } from '@/domain/images';
import type { Section } from '@/domain/sections';
import { imageBytes, postImage, uploadImage } from '@tests/kit/images';
import { createForm, createUser, multipartFile, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { images, organizations } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { removeOrphanImages } from './cleanup.task.js';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const filesDir = () => path.join(t.config.dataDir, 'files');
const storedImages = () => {
  try {
    return readdirSync(filesDir())
      .filter((f) => f.startsWith('img-'))
      .sort();
  } catch {
    return [];
  }
};
const imageRows = async () => (await t.db.select({ id: images.id }).from(images)).map((r) => r.id).sort();

const fetchImage = (url: string, host = PUBLIC_HOST, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { host, 'accept-encoding': 'br, gzip' } });

/** GETs one width on `host`, checks the answer's headers, and reads the WebP back with sharp. */
async function served(image: ImageRef, width: number, host: string) {
  const res = await fetchImage(imageUrl(image.id, width), host);
  expect(res.statusCode, `${host} ${width}`).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-encoding']).toBeUndefined(); // WebP is compressed already
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  return { bytes: res.rawPayload, meta };
}

describe('POST /api/images', () => {
  it('takes a JPEG turned by EXIF, answers its upright size, and serves each width as WebP on both faces without metadata', async () => {
    // 800 x 600, red above blue; EXIF orientation 6 says: show it turned 90° clockwise (600 x 800).
    const jpeg = await sharp(await imageBytes('png', 800, 600))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ada secret', Artist: 'Ada Owner' } })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ada secret</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect([original.orientation, !!original.exif, !!original.xmp, !!original.icc]).toEqual([6, true, true, true]);

    // Its name and declared type are a PDF's: only the bytes count.
    const res = await postImage(t.app, owner, jpeg, 'guide.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<ImageRef>();
    expect(image).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), width: 600, height: 800 });

    const [row] = await t.db.select().from(images).where(eq(images.id, image.id));
    expect(row).toMatchObject({ workspaceId: await workspaceOf(t.db, owner), width: 600, height: 800, widths: [320, 600] });
    expect(row!.size).toBe(jpeg.length);
    expect(widthsFor(image.width)).toEqual([320, 600]);

    for (const host of [APP_HOST, PUBLIC_HOST]) {
      for (const width of [320, 600]) {
        const { bytes, meta } = await served(image, width, host);
        expect([meta.width, meta.height]).toEqual([width, Math.round((800 * width) / 600)]);
        expect(meta.orientation).toBeUndefined();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(bytes.includes('Ada secret')).toBe(false);
        // Turned clockwise, the red top is now on the right and the blue bottom on the left.
        const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
        const [rightR, , rightB] = pixel(Math.floor(info.width * 0.75), Math.floor(info.height / 2));
        const [leftR, , leftB] = pixel(Math.floor(info.width * 0.25), Math.floor(info.height / 2));
        expect(rightR).toBeGreaterThan(200);
        expect(rightB).toBeLessThan(60);
        expect(leftB).toBeGreaterThan(200);
        expect(leftR).toBeLessThan(60);
      }
    }
  });

  it('stores a wide PNG at the listed widths only, never wider than 1920 px, and a small WebP at its own width', async () => {
    const wide = await uploadImage(t.app, owner, 2400, 1200);
    expect(wide).toMatchObject({ width: 2400, height: 1200 });
    for (const width of [320, 640, 960, 1280, 1920]) {
      const { meta } = await served(wide, width, PUBLIC_HOST);
      expect([meta.width, meta.height]).toEqual([width, width / 2]);
    }
    expect((await fetchImage(imageUrl(wide.id, 2400))).statusCode).toBe(404);

    const webp = await postImage(t.app, owner, await imageBytes('webp', 500, 250), 'cover.webp', 'image/webp');
    expect(webp.statusCode, webp.body).toBe(201);
    const small = webp.json<ImageRef>();
    expect(small).toMatchObject({ width: 500, height: 250 });
    expect((await served(small, 500, APP_HOST)).meta.width).toBe(500);
    expect((await served(small, 320, APP_HOST)).meta.width).toBe(320);
  });

  it('refuses SVG, GIF, a text file named .jpg and a truncated PNG with a clear message, and stores nothing', async () => {
    const png = await imageBytes('png', 400, 300);
    const before = { rows: await imageRows(), files: storedImages() };
    const refusals = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', 'image/png'],
      [await imageBytes('gif'), 'logo.gif', 'image/gif'],
      [Buffer.from('name,email\nAda,ada@example.com\n'), 'photo.jpg', 'image/jpeg'],
      [Buffer.from('tiny'), 'logo.png', 'image/png'],
    ] as const;
    for (const [bytes, name, type] of refusals) {
      const res = await postImage(t.app, owner, Buffer.from(bytes), name, type);
      expect([res.statusCode, res.json()], name).toEqual([
        415,
        { code: 'NOT_AN_IMAGE', message: 'Use a PNG, JPEG or WebP image' },
      ]);
    }
    const truncated = await postImage(t.app, owner, png.subarray(0, png.length >> 1));
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toEqual({
      code: 'UNREADABLE_IMAGE',
      message: 'This image could not be read. It may be damaged: save it again and upload the copy',
    });
    expect({ rows: await imageRows(), files: storedImages() }).toEqual(before);
  });

  it('refuses an image over 5 MB with 413, and one with more pixels than allowed (a decompression bomb) with 422', async () => {
    const before = { rows: await imageRows(), files: storedImages() };
    const over = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    (await imageBytes('png')).copy(over);
    const res = await postImage(t.app, owner, over);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'Image size exceeds the 5MB limit' });

    // 7,100 x 7,100 of one colour (50.4 megapixels, each side allowed): kilobytes of PNG, 200 MB once decoded.
    const bomb = await sharp({ create: { width: 7_100, height: 7_100, channels: 4, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const refused = await postImage(t.app, owner, bomb);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'Use an image of at most 10,000 pixels a side and 50 megapixels in all',
    );
    expect({ rows: await imageRows(), files: storedImages() }).toEqual(before);
  });

  it('is for signed-in owners of the app only: 401 signed out, 403 from another origin, absent on the visitors face', async () => {
    const png = await imageBytes('png', 100, 100);
    const signedOut = await postImage(t.app, null, png);
    expect([signedOut.statusCode, signedOut.json<{ code: string }>().code]).toEqual([401, 'UNAUTHORIZED']);

    const body = multipartFile(png, 'logo.png', 'image/png');
    const inject = (host: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { host, cookie: owner.cookie, ...body.headers, ...headers },
        payload: body.payload,
      });
    const foreign = await inject(APP_HOST, { origin: `http://${PUBLIC_HOST}` });
    expect([foreign.statusCode, foreign.json<{ code: string }>().code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    expect((await inject(PUBLIC_HOST)).statusCode).toBe(404);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { file: 'x' },
    });
    expect([notMultipart.statusCode, notMultipart.json<{ code: string }>().code]).toEqual([400, 'EXPECTED_MULTIPART']);
  });
});

describe('GET /img/{id}/{width}.webp', () => {
  it('answers 404 for an unknown id or width, or a path that cannot name an image, on both faces', async () => {
    const image = await uploadImage(t.app, owner, 400, 200);
    const png = await fetchImage(`/img/${image.id}/320.png`, PUBLIC_HOST);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const urls = [
      imageUrl('00000000-0000-4000-8000-000000000000', 320),
      imageUrl(image.id, 321),
      imageUrl(image.id, 640),
      imageUrl(image.id.toUpperCase(), 320),
      // A PNG copy (for emails) only of a stored width up to PNG_MAX_WIDTH; no other format.
      `/img/${image.id}/321.png`,
      `/img/${image.id}/320.jpg`,
      `/img/${image.id}/0320.webp`,
      `/img/${image.id}/..%2F..%2Fsecret.webp`,
      '/img/not-an-id/320.webp',
    ];
    for (const host of [APP_HOST, PUBLIC_HOST]) {
      for (const url of urls) {
        const res = await fetchImage(url, host);
        expect(res.statusCode, `${host} ${url}`).toBe(404);
        expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
      }
    }
    expect((await fetchImage(imageUrl(image.id, 320))).statusCode).toBe(200);
  });

  it('may be fetched by crawlers that render a published page', async () => {
    const robots = await fetchImage('/robots.txt');
    expect(robots.body.split('\n')).toContain('Allow: /img/');
  });

  it('answers HEAD with the headers and no body', async () => {
    const image = await uploadImage(t.app, owner, 400, 200);
    const res = await fetchImage(imageUrl(image.id, 320), PUBLIC_HOST, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBe(0);
  });
});

describe('removeOrphanImages', () => {
  it('removes images no page uses once a day old, keeps those a draft, a published page or its A/B variant shows, and removes those of a deleted workspace at once', async () => {
    const storage = localStorage(filesDir());
    const user = await createUser(t.app);
    const [logo, abCover, abLogo, orphan, fresh] = [
      await uploadImage(t.app, user),
      await uploadImage(t.app, user),
      await uploadImage(t.app, user),
      await uploadImage(t.app, user),
      await uploadImage(t.app, user),
    ];
    await createForm(t.app, user, { config: { design: { ...DEFAULT_DESIGN, logo } } });
    await createForm(t.app, user, {
      publish: true,
      config: { abTest: { ...DEFAULT_AB_TEST, design: { ...DEFAULT_DESIGN, cover: abCover } } },
    });
    await createForm(t.app, user, { config: { abTest: { ...DEFAULT_AB_TEST, designChanges: { logo: abLogo } } } });
    const gone = await createUser(t.app);
    const leftBehind = await uploadImage(t.app, gone);
    await t.db.delete(organizations).where(eq(organizations.id, await workspaceOf(t.db, gone)));

    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const image of [logo, abCover, abLogo, orphan])
      await t.db.update(images).set({ createdAt: dayAgo }).where(eq(images.id, image.id));
    const others = (await imageRows()).filter(
      (id) => ![logo, abCover, abLogo, orphan, fresh, leftBehind].some((i) => i.id === id),
    );

    expect(await removeOrphanImages(t.db, storage, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(2);

    expect(await imageRows()).toEqual([...others, logo.id, abCover.id, abLogo.id, fresh.id].sort());
    for (const image of [orphan, leftBehind]) {
      expect((await fetchImage(imageUrl(image.id, 320))).statusCode).toBe(404);
      expect(storedImages().filter((f) => f.includes(image.id))).toEqual([]);
    }
    for (const image of [logo, abCover, abLogo, fresh]) expect((await fetchImage(imageUrl(image.id, 320))).statusCode).toBe(200);
  });

  it('keeps the images sections show, of the page and of variant B, in a draft or a published page', async () => {
    const storage = localStorage(filesDir());
    const user = await createUser(t.app);
    const upload = () => uploadImage(t.app, user);
    const [photo, author, logo, abPhoto, publishedLogo, orphan] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ];
    const uploads = [photo, author, logo, abPhoto, publishedLogo, orphan];
    const testimonials = (image: ImageRef): Section => ({
      id: 's-1',
      hidden: false,
      type: 'testimonials',
      heading: 'Readers',
      items: [
        { quote: 'Good', name: 'Ada', role: '', photo: null },
        { quote: 'Great', name: 'Bo', role: '', photo: image },
      ],
    });
    const authorOf = (image: ImageRef): Section => ({
      id: 's-2',
      hidden: true,
      type: 'author',
      heading: 'Me',
      name: 'Cy',
      bio: '',
      photo: image,
      links: [],
    });
    const logos = (image: ImageRef): Section => ({
      id: 's-3',
      hidden: false,
      type: 'logos',
      heading: 'Seen in',
      items: [{ image, alt: 'A' }],
    });
    await createForm(t.app, user, { config: { sections: [testimonials(photo), authorOf(author)] } });
    await createForm(t.app, user, {
      config: { sections: [logos(logo)], abTest: { ...DEFAULT_AB_TEST, sections: [testimonials(abPhoto)] } },
    });
    // Published with a logo, then the draft no longer shows it: the published page still does.
    const published = await createForm(t.app, user, {
      publish: true,
      config: { abTest: { ...DEFAULT_AB_TEST, sections: [logos(publishedLogo)] } },
    });
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${published.id}`,
      headers: { host: APP_HOST, cookie: user.cookie },
      payload: { config: { ...published.draft, abTest: { ...DEFAULT_AB_TEST } } },
    });
    expect(save.statusCode).toBe(200);

    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const image of uploads) await t.db.update(images).set({ createdAt: dayAgo }).where(eq(images.id, image.id));
    const before = await imageRows();

    expect(await removeOrphanImages(t.db, storage, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(1);

    expect(await imageRows()).toEqual(before.filter((id) => id !== orphan.id));
    expect((await fetchImage(imageUrl(orphan.id, 320))).statusCode).toBe(404);
    for (const image of [photo, author, logo, abPhoto, publishedLogo])
      expect((await fetchImage(imageUrl(image.id, 320))).statusCode).toBe(200);
  });
});
