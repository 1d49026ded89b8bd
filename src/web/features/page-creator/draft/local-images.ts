import { createContext } from 'react';
import { ErrorCode } from '@/domain/api-errors';
import type { Design, FormConfig, ImageRef } from '@/domain/form-config';
import { variantDesignChanges } from '@/domain/ab-test';
import { sectionImages, withSectionImageReplaced } from '@/domain/sections';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_SIGNATURE_BYTES,
  imageMessages,
  imageTypeOf,
} from '@/domain/images';
import { ApiError } from '@/web/lib/api';

/*
 * A logo, cover or section image (a testimonial's photo, the author's, a logo of the row) chosen
 * before the owner signs in cannot be uploaded yet (POST /api/images needs a workspace). Like the
 * lead magnet, it stays in this browser with the draft until publishing: the page points at it by a
 * provisional ImageRef (an id made here, the image's own size), the file itself is kept beside the
 * config by that id, and the preview shows it from the browser's copy. Publishing uploads it first
 * and puts the server's ImageRef in its place, or stops.
 */

/** Images only in this browser so far, by the id of their provisional ImageRef. */
export type LocalImages = Readonly<Record<string, File>>;

export const NO_LOCAL_IMAGES: LocalImages = Object.freeze({});

/**
 * The places a page shows an uploaded image, by their error key, with the owner's name for each:
 * the design's logo and cover, the sections' photos and logos, and what variant B shows instead.
 */
function imagePlaces(config: FormConfig): { key: string; label: string; ref: ImageRef | null | undefined }[] {
  const b = variantDesignChanges(config.abTest);
  return [
    { key: 'design.logo', label: 'logo', ref: config.design.logo },
    { key: 'design.cover', label: 'cover image', ref: config.design.cover },
    ...sectionImages(config.sections),
    { key: 'abTest.designChanges.logo', label: "variant B's logo", ref: b.logo },
    { key: 'abTest.designChanges.cover', label: "variant B's cover image", ref: b.cover },
    ...sectionImages(config.abTest?.sections, 'abTest.sections').map((place) => ({
      ...place,
      label: `variant B's ${place.label}`,
    })),
  ];
}

/** Each image of the page still in this browser, once (variant B may share the page's): its place and file. */
export function localImagesOf(config: FormConfig, images: LocalImages): { id: string; key: string; label: string; file: File }[] {
  const found = new Map<string, { id: string; key: string; label: string; file: File }>();
  for (const { key, label, ref } of imagePlaces(config)) {
    const file = ref ? images[ref.id] : undefined;
    if (ref && file && !found.has(ref.id)) found.set(ref.id, { id: ref.id, key, label, file });
  }
  return [...found.values()];
}

/** Only the images the page still shows: what a draft keeps (one removed or replaced is dropped). */
export function shownLocalImages(config: FormConfig, images: LocalImages): LocalImages {
  const shown = localImagesOf(config, images);
  if (shown.length === Object.keys(images).length) return images;
  return Object.fromEntries(shown.map(({ id, file }) => [id, file]));
}

function replacedIn<D extends Partial<Design>>(design: D, id: string, ref: ImageRef): D {
  const next = { ...design };
  if (next.logo?.id === id) next.logo = ref;
  if (next.cover?.id === id) next.cover = ref;
  return next;
}

/** The page with the uploaded image `ref` wherever it showed the local image `id`. */
export function withImageUploaded(config: FormConfig, id: string, ref: ImageRef): FormConfig {
  return {
    ...config,
    design: replacedIn(config.design, id, ref),
    ...(config.sections ? { sections: withSectionImageReplaced(config.sections, id, ref) } : {}),
    ...(config.abTest
      ? {
          abTest: {
            ...config.abTest,
            ...(config.abTest.design ? { design: replacedIn(config.abTest.design, id, ref) } : {}),
            ...(config.abTest.designChanges ? { designChanges: replacedIn(config.abTest.designChanges, id, ref) } : {}),
            ...(config.abTest.sections ? { sections: withSectionImageReplaced(config.abTest.sections, id, ref) } : {}),
          },
        }
      : {}),
  };
}

/** Something the page shows (an image, the file) could not be uploaded while publishing: the page was not published. */
export class NotUploadedError extends Error {
  constructor(
    /** The error key of its place ('design.cover', 'leadMagnet'), where the editor shows why. */
    readonly key: string,
    message: string,
    /** What the upload failed with. */
    readonly failure: unknown,
  ) {
    super(message);
    this.name = 'NotUploadedError';
  }
}

/** What the owner reads when an image (or the file) they chose cannot be uploaded while publishing. */
export function uploadFailedMessage(label: string, cause: unknown): string {
  const reason = cause instanceof Error && cause.message ? cause.message.replace(/\.?$/, '.') : 'Something went wrong.';
  return `Your ${label} could not be uploaded, so your page was not published. ${reason} Your ${label} is still in your draft: publish again, or replace or remove it.`;
}

/**
 * Publishing, signed in: uploads each image of the page still in this browser (one shared by both
 * variants once) and returns the page pointing at the stored images. `uploaded` is told of each as
 * it is stored, so a retry after a later failure does not upload it again. The first failure stops
 * everything with a NotUploadedError naming the image (a 401 stays the cause, for the sign-in gate).
 */
export async function uploadLocalImages(
  config: FormConfig,
  images: LocalImages,
  upload: (file: File) => Promise<ImageRef>,
  uploaded: (id: string, ref: ImageRef) => void = () => {},
): Promise<FormConfig> {
  let next = config;
  for (const image of localImagesOf(config, images)) {
    let ref: ImageRef;
    try {
      ref = await upload(image.file);
    } catch (error) {
      throw new NotUploadedError(image.key, uploadFailedMessage(image.label, error), error);
    }
    next = withImageUploaded(next, image.id, ref);
    uploaded(image.id, ref);
  }
  return next;
}

/** Width and height of a decodable image, as it shows (turned upright by its EXIF orientation). */
export type MeasureImage = (file: File) => Promise<{ width: number; height: number }>;

const measureInBrowser: MeasureImage = async (file) => {
  const bitmap = await createImageBitmap(file);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
};

/**
 * An image chosen before signing in, checked here as the server will check it on upload (its size,
 * its first bytes, that it decodes and is not too many pixels), so that what the preview shows is
 * what publishing can upload. The provisional ImageRef carries a new id and the image's own size.
 */
export async function readLocalImage(file: File, measure: MeasureImage = measureInBrowser): Promise<ImageRef> {
  if (file.size > IMAGE_MAX_BYTES) throw new Error(imageMessages.tooLarge);
  if (!imageTypeOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer()))) {
    throw new Error(imageMessages.wrongType);
  }
  const { width, height } = await measure(file).catch(() => {
    throw new Error(imageMessages.unreadable);
  });
  if (width < 1 || height < 1) throw new Error(imageMessages.unreadable);
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new Error(imageMessages.tooManyPixels);
  }
  return { id: crypto.randomUUID(), width, height };
}

const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.code === ErrorCode.UNAUTHORIZED);

/**
 * A chosen image: uploaded at once when signed in; kept in this browser (`keep`) when signed
 * out, or when the server answers that the owner is not signed in (a session that ended). The
 * owner never reads "Sign in to continue." under an image: publishing asks them to sign in.
 */
export async function chooseImage(
  file: File,
  {
    signedIn,
    upload,
    keep,
  }: {
    /** false when known to be signed out; undefined while the session is unknown. */
    signedIn: boolean | undefined;
    upload: (file: File) => Promise<ImageRef>;
    keep: (file: File) => Promise<ImageRef>;
  },
): Promise<ImageRef> {
  if (signedIn === false) return keep(file);
  try {
    return await upload(file);
  } catch (error) {
    if (isUnauthorized(error)) return keep(file);
    throw error;
  }
}

/**
 * What the creator tells its image inputs: whether the owner is signed in, and how to keep an image
 * in the draft (it returns the provisional ImageRef). Without it, an image input only uploads.
 */
export type ImageKeeping = {
  signedIn: boolean | undefined;
  keep: (file: File) => Promise<ImageRef>;
};

export const ImageKeepingContext = createContext<ImageKeeping | null>(null);
