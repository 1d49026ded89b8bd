import type { ImageRef } from './form-config';

/**
 * Images on a published page (a logo, a cover): raster uploads the server re-encodes to WebP at
 * these widths (never wider than the original), served at `/img/{id}/{width}.webp` on both faces.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The widths stored for an image `width` pixels wide: each listed width below it, and the original width. */
export function widthsFor(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return width > IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! ? below : [...below, width];
}

export const imageUrl = (id: string, width: number): string => `/img/${id}/${width}.webp`;

/**
 * A PNG copy of a stored width, `/img/{id}/{width}.png`, for the logo in a visitor's email (mail
 * programs such as Outlook for Windows show no WebP): made on request from the WebP, of widths up
 * to this one only (a logo at twice its size in an email needs no more).
 */
export const PNG_MAX_WIDTH = 640;

/** `src` and `srcset` for an <img>: the browser picks the width it needs. */
export function imageSources(image: ImageRef): { src: string; srcSet: string } {
  const widths = widthsFor(image.width);
  return {
    src: imageUrl(image.id, widths[widths.length - 1]!),
    srcSet: widths.map((w) => `${imageUrl(image.id, w)} ${w}w`).join(', '),
  };
}

/** The largest upload accepted (413 over it). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The most pixels a side may have (as ImageRef allows), and in all: a decompression bomb is refused before decoding. */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * POST /api/images (multipart, one field 'file'; owners who may edit pages) -> ImageRef (201).
 * Errors: EXPECTED_MULTIPART / NO_FILE (400), FILE_TOO_LARGE (413), NOT_AN_IMAGE (415),
 * UNREADABLE_IMAGE (422: damaged, or more pixels than allowed).
 */
export const imageMessages = {
  required: 'Choose an image to upload',
  wrongType: 'Use a PNG, JPEG or WebP image',
  tooLarge: 'Image size exceeds the 5MB limit',
  unreadable: 'This image could not be read. It may be damaged: save it again and upload the copy',
  tooManyPixels: 'Use an image of at most 10,000 pixels a side and 50 megapixels in all',
} as const;

/** The raster formats a page may show, told apart by their first bytes (never by name or declared type). */
export type ImageType = 'png' | 'jpeg' | 'webp';

/** Enough of the start of a file to tell its type: WebP needs 12 bytes (RIFF, size, WEBP). */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The type the file's signature names, or null for anything else (SVG, GIF, HEIC, text, too few
 * bytes). A matching signature does not make a readable image: the server decodes it afterwards
 * (and the creator, for an image kept in the browser until the owner signs in).
 */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}
