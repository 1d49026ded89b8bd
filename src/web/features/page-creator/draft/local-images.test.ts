import { describe, expect, it, vi } from 'vitest';
import { ClientErrorCode, ErrorCode } from '@/domain/api-errors';
import { defaultFormConfig, type FormConfig, type ImageRef } from '@/domain/form-config';
import { imageMessages } from '@/domain/images';
import { sectionImages, type Section } from '@/domain/sections';
import { ApiError } from '@/web/lib/api';
import { imageBytes } from '@tests/kit/images';
import {
  chooseImage,
  localImagesOf,
  NotUploadedError,
  readLocalImage,
  shownLocalImages,
  uploadLocalImages,
  withImageUploaded,
} from './local-images';

// Images chosen before signing in stay in the browser with the draft and are uploaded when the
// page is published (docs/decisions/0060): never dropped on the way, never published without.

const ref = (n: number, width = 800, height = 400): ImageRef => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  width,
  height,
});
const png = async (name = 'logo.png') => new File([new Uint8Array(await imageBytes('png', 40, 20))], name, { type: 'image/png' });

/** A page whose logo and cover are kept locally (ids 1 and 2), and variant B shows the page's logo too. */
async function pageWithLocalImages() {
  const base = defaultFormConfig();
  const config: FormConfig = {
    ...base,
    design: { ...base.design, logo: ref(1), cover: ref(2) },
    abTest: { ...base.abTest, enabled: true, designChanges: { logo: ref(1) } },
  };
  const logo = await png('logo.png');
  const cover = await png('cover.png');
  return { config, images: { [ref(1).id]: logo, [ref(2).id]: cover }, logo, cover };
}

const unauthorized = () => new ApiError(401, ErrorCode.UNAUTHORIZED, 'Sign in to continue.');

describe('chooseImage', () => {
  it('keeps an image chosen signed out in the browser, without asking the server', async () => {
    const file = await png();
    const upload = vi.fn();
    const keep = vi.fn(async () => ref(1));
    await expect(chooseImage(file, { signedIn: false, upload, keep })).resolves.toEqual(ref(1));
    expect(upload).not.toHaveBeenCalled();
    expect(keep).toHaveBeenCalledWith(file);
  });

  it('keeps it too when the server says the owner is not signed in (never "Sign in to continue." under the image)', async () => {
    const keep = vi.fn(async () => ref(1));
    for (const signedIn of [undefined, true]) {
      await expect(chooseImage(await png(), { signedIn, upload: () => Promise.reject(unauthorized()), keep })).resolves.toEqual(
        ref(1),
      );
    }
    expect(keep).toHaveBeenCalledTimes(2);
  });

  it('uploads at once when signed in, and passes any other refusal on', async () => {
    const keep = vi.fn();
    await expect(chooseImage(await png(), { signedIn: true, upload: async () => ref(3), keep })).resolves.toEqual(ref(3));
    const refused = new ApiError(415, ErrorCode.NOT_AN_IMAGE, imageMessages.wrongType);
    await expect(chooseImage(await png(), { signedIn: true, upload: () => Promise.reject(refused), keep })).rejects.toBe(refused);
    expect(keep).not.toHaveBeenCalled();
  });
});

describe('readLocalImage', () => {
  it('gives a kept image a new id and its own size', async () => {
    const image = await readLocalImage(await png(), async () => ({ width: 40, height: 20 }));
    expect(image).toMatchObject({ width: 40, height: 20 });
    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readLocalImage(await png(), async () => ({ width: 40, height: 20 }))).id).not.toBe(image.id);
  });

  it('refuses, as the server would, what is not a PNG, JPEG or WebP, what is too large, unreadable or too many pixels', async () => {
    const measure = async () => ({ width: 40, height: 20 });
    const gif = new File([new Uint8Array(await imageBytes('gif', 40, 20))], 'logo.png', { type: 'image/png' });
    await expect(readLocalImage(gif, measure)).rejects.toThrow(imageMessages.wrongType);
    const large = new File([new Uint8Array(await imageBytes('png', 40, 20)), new Uint8Array(5 * 1024 * 1024)], 'big.png');
    await expect(readLocalImage(large, measure)).rejects.toThrow(imageMessages.tooLarge);
    await expect(readLocalImage(await png(), () => Promise.reject(new Error('decode')))).rejects.toThrow(
      imageMessages.unreadable,
    );
    await expect(readLocalImage(await png(), async () => ({ width: 10_001, height: 10 }))).rejects.toThrow(
      imageMessages.tooManyPixels,
    );
  });
});

describe('the images a draft keeps', () => {
  it('lists each image the page shows once, and keeps only those (a removed one goes)', async () => {
    const { config, images, logo, cover } = await pageWithLocalImages();
    expect(localImagesOf(config, images)).toEqual([
      { id: ref(1).id, key: 'design.logo', label: 'logo', file: logo },
      { id: ref(2).id, key: 'design.cover', label: 'cover image', file: cover },
    ]);
    expect(shownLocalImages(config, images)).toBe(images);
    const withoutCover = { ...config, design: { ...config.design, cover: null } };
    expect(shownLocalImages(withoutCover, images)).toEqual({ [ref(1).id]: logo });
    // An uploaded image (no file here) is not the draft's to keep.
    expect(localImagesOf({ ...config, design: { ...config.design, logo: ref(5) } }, images).map((i) => i.key)).toEqual([
      'design.cover',
      'abTest.designChanges.logo',
    ]);
  });

  it('puts an uploaded image in every place that showed the local one', async () => {
    const { config } = await pageWithLocalImages();
    const next = withImageUploaded(config, ref(1).id, ref(7));
    expect(next.design.logo).toEqual(ref(7));
    expect(next.abTest.designChanges?.logo).toEqual(ref(7));
    expect(next.design.cover).toEqual(ref(2));
  });
});

describe('images in sections', () => {
  /** Kept locally: a testimonial's photo (3) and a logo (4) on the page; B's own sections show the photo and another (5). */
  async function pageWithSectionImages() {
    const base = defaultFormConfig();
    const testimonials = (photo: ImageRef): Section => ({
      id: 's-t',
      hidden: false,
      type: 'testimonials',
      heading: 'Readers',
      items: [
        { quote: 'Good', name: 'Ada', role: '', photo: null },
        { quote: 'Great', name: 'Bo', role: '', photo },
      ],
    });
    const logos: Section = {
      id: 's-l',
      hidden: true,
      type: 'logos',
      heading: 'Seen in',
      items: [{ image: ref(4), alt: 'Post' }],
    };
    const author: Section = {
      id: 's-a',
      hidden: false,
      type: 'author',
      heading: 'Me',
      name: 'Cy',
      bio: '',
      photo: ref(5),
      links: [],
    };
    const config: FormConfig = {
      ...base,
      sections: [testimonials(ref(3)), logos],
      abTest: { ...base.abTest, enabled: true, sections: [author, testimonials(ref(3))] },
    };
    const [photo, logo, authorPhoto] = [await png('photo.png'), await png('post.png'), await png('me.png')];
    return { config, images: { [ref(3).id]: photo, [ref(4).id]: logo, [ref(5).id]: authorPhoto }, photo, logo, authorPhoto };
  }

  it('are kept, each once, named by their place, hidden sections and B’s own included', async () => {
    const { config, images, photo, logo, authorPhoto } = await pageWithSectionImages();
    expect(localImagesOf(config, images)).toEqual([
      { id: ref(3).id, key: 'sections.0.items.1.photo', label: 'testimonial photo', file: photo },
      { id: ref(4).id, key: 'sections.1.items.0.image', label: 'logo', file: logo },
      { id: ref(5).id, key: 'abTest.sections.0.photo', label: "variant B's author's photo", file: authorPhoto },
    ]);
    expect(shownLocalImages(config, images)).toBe(images);
    // B shows the page's sections again: its author's photo is not the draft's to keep any more.
    const { sections: _own, ...test } = config.abTest;
    expect(Object.keys(shownLocalImages({ ...config, abTest: test }, images))).toEqual([ref(3).id, ref(4).id]);
  });

  it('are uploaded when publishing and put in every place that showed them', async () => {
    const { config, images, photo, logo, authorPhoto } = await pageWithSectionImages();
    const stored = new Map([
      [photo, ref(7)],
      [logo, ref(8)],
      [authorPhoto, ref(9)],
    ]);
    const upload = vi.fn(async (file: File) => stored.get(file)!);
    const next = await uploadLocalImages(config, images, upload);
    expect(upload).toHaveBeenCalledTimes(3);
    expect(sectionImages(next.sections).map((place) => place.ref)).toEqual([ref(7), ref(8)]);
    expect(sectionImages(next.abTest.sections, 'abTest.sections').map((place) => place.ref)).toEqual([ref(9), ref(7)]);
    expect(localImagesOf(next, images)).toEqual([]);
    // What is not an image is as it was.
    expect(next.sections[0]).toMatchObject({ heading: 'Readers', items: [{ quote: 'Good', photo: null }, { quote: 'Great' }] });
  });

  it('that cannot be uploaded stop publishing, naming the section’s place', async () => {
    const { config, images, photo } = await pageWithSectionImages();
    const failure = await uploadLocalImages(config, images, async (file) => {
      if (file === photo) return ref(7);
      throw new ApiError(415, ErrorCode.NOT_AN_IMAGE, imageMessages.wrongType);
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ key: 'sections.1.items.0.image' });
    expect((failure as Error).message).toMatch(/^Your logo could not be uploaded, so your page was not published\./);
  });

  it('of a draft saved before sections existed: none', () => {
    const { sections: _none, ...old } = defaultFormConfig();
    expect(localImagesOf(old as FormConfig, { [ref(1).id]: new File([], 'x.png') })).toEqual([]);
    expect(withImageUploaded(old as FormConfig, ref(1).id, ref(2))).not.toHaveProperty('sections');
  });
});

describe('uploadLocalImages (publishing)', () => {
  it('uploads each kept image once and publishes the stored ones in their places', async () => {
    const { config, images, logo, cover } = await pageWithLocalImages();
    const stored = new Map([
      [logo, ref(7)],
      [cover, ref(8, 1600, 1000)],
    ]);
    const upload = vi.fn(async (file: File) => stored.get(file)!);
    const uploaded = vi.fn();
    const next = await uploadLocalImages(config, images, upload, uploaded);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(uploaded.mock.calls).toEqual([
      [ref(1).id, ref(7)],
      [ref(2).id, ref(8, 1600, 1000)],
    ]);
    expect(next.design).toMatchObject({ logo: ref(7), cover: ref(8, 1600, 1000) });
    expect(next.abTest.designChanges?.logo).toEqual(ref(7));
    expect(localImagesOf(next, images)).toEqual([]);
  });

  it('stops at an image that cannot be uploaded, naming it and why; the ones stored before are told', async () => {
    const { config, images, logo } = await pageWithLocalImages();
    const uploaded = vi.fn();
    const offline = new ApiError(0, ClientErrorCode.NETWORK, 'Could not reach the server. Check your connection and try again.');
    const upload = async (file: File) => {
      if (file === logo) return ref(7);
      throw offline;
    };
    const failure = await uploadLocalImages(config, images, upload, uploaded).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotUploadedError);
    expect(failure).toMatchObject({
      key: 'design.cover',
      failure: offline,
      message:
        'Your cover image could not be uploaded, so your page was not published. Could not reach the server. Check your connection and try again. Your cover image is still in your draft: publish again, or replace or remove it.',
    });
    expect(uploaded.mock.calls).toEqual([[ref(1).id, ref(7)]]);
  });

  it('leaves a page with no kept images as it is', async () => {
    const config = defaultFormConfig();
    const upload = vi.fn();
    await expect(uploadLocalImages(config, {}, upload)).resolves.toBe(config);
    expect(upload).not.toHaveBeenCalled();
  });
});
