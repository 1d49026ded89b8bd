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

/** `src` and `srcset` for an <img>: the browser picks the width it needs. */
export function imageSources(image: ImageRef): { src: string; srcSet: string } {
  const widths = widthsFor(image.width);
  return {
    src: imageUrl(image.id, widths[widths.length - 1]!),
    srcSet: widths.map((w) => `${imageUrl(image.id, w)} ${w}w`).join(', '),
  };
}
