import { createContext, useContext } from 'react';
import type { Design, ImageRef } from '@/domain/form-config';
import { imageSources } from '@/domain/images';

/**
 * The logo and the cover image of a page. Each <img> carries its intrinsic width and height (the
 * stylesheet sets `height:auto`), so the browser reserves its box before the bytes arrive and nothing
 * below it moves; `sizes` says how wide it shows in each layout (landing-css.ts), so the browser
 * fetches the smallest width of the srcset that fills it.
 *
 * Both are in the first screen in every layout (the logo tops the header; the cover sits beside or
 * above the form, and on a phone between the title and the form), so neither is lazy: lazy loading
 * is for images below the fold, and would only delay these. The cover is usually the page's largest
 * paint, so it also asks to be fetched first.
 */

/**
 * Images that are only in the owner's browser so far (chosen in the creator before signing in, and
 * uploaded when the page is published): their address there (an object URL), by image id. A
 * preview provides it; a published page never has any, so its images always come from the server.
 */
export const LocalImageUrls = createContext<ReadonlyMap<string, string>>(new Map());

/** `src` and `srcSet` of an image: its stored widths, or the browser's own copy while it has no others. */
export function useImageSources(image: ImageRef): { src: string; srcSet: string | undefined } {
  const local = useContext(LocalImageUrls).get(image.id);
  return local ? { src: local, srcSet: undefined } : imageSources(image);
}

/** Where the cover shows, or null when it does not (no image, or the 'none' layout). */
export function coverPlacement(design: Pick<Design, 'cover' | 'layout'>): 'top' | 'left' | 'right' | null {
  return design.cover && design.layout !== 'none' ? design.layout : null;
}

/**
 * The classes of the page's container. `ls-side` puts the form in a column of its own on wide
 * screens, kept in view beside the hero and the sections: when the owner places it beside them, or
 * when the cover sits beside it ('left', 'right'). Otherwise the form is under the hero, and
 * `ls-wide` gives the sections after it more room than the form's column (`withSections`).
 */
export function containerClass(
  design: Pick<Design, 'cover' | 'layout'> & { formPlacement?: Design['formPlacement'] },
  withSections = false,
): string {
  const placement = coverPlacement(design);
  if (placement === 'right') return 'ls-container ls-side ls-right';
  if (placement === 'left' || design.formPlacement === 'beside') return 'ls-container ls-side';
  return withSections ? 'ls-container ls-wide' : 'ls-container';
}

/** The logo's box: at most 12rem by 3.5rem (landing-css.ts .ls-logo), in its own proportions. */
const LOGO_MAX = { width: 192, height: 56 };

/**
 * The logo's size on the page in CSS pixels, which its width and height attributes give: a box the
 * browser knows before the image arrives, so nothing below it moves when it does.
 */
export const logoBox = (image: ImageRef): { width: number; height: number } => fitBox(image, LOGO_MAX);

/** The largest box of the image's proportions within `max` (never wider than the image itself), in CSS pixels. */
export function fitBox(image: ImageRef, max: { width: number; height: number }): { width: number; height: number } {
  const width = Math.max(1, Math.round(Math.min(max.width, (max.height * image.width) / image.height, image.width)));
  return { width, height: Math.max(1, Math.round((width * image.height) / image.width)) };
}

export const logoSizes = (image: ImageRef): string => `${logoBox(image).width}px`;

/**
 * The cover's width in each layout: above the form, the 36rem column (less the page's padding on
 * a phone); beside it, half of the 66rem two-column grid (less its 3rem gap) from 48rem up.
 */
export const COVER_SIZES = {
  top: '(min-width: 640px) 576px, calc(100vw - 32px)',
  side: '(min-width: 1104px) 504px, (min-width: 768px) calc(50vw - 48px), (min-width: 640px) 576px, calc(100vw - 32px)',
} as const;

export function Logo({ image, alt }: { image: ImageRef; alt: string }) {
  const { src, srcSet } = useImageSources(image);
  const box = logoBox(image);
  return (
    <img
      className="ls-logo"
      src={src}
      srcSet={srcSet}
      sizes={logoSizes(image)}
      width={box.width}
      height={box.height}
      alt={alt}
      loading="eager"
      decoding="async"
    />
  );
}

export function Cover({ design }: { design: Pick<Design, 'cover' | 'coverAlt' | 'layout'> }) {
  const placement = coverPlacement(design);
  if (!design.cover || !placement) return null;
  return <CoverImage image={design.cover} alt={design.coverAlt.trim()} placement={placement} />;
}

function CoverImage({ image, alt, placement }: { image: ImageRef; alt: string; placement: 'top' | 'left' | 'right' }) {
  const { src, srcSet } = useImageSources(image);
  return (
    <img
      className="ls-cover"
      src={src}
      srcSet={srcSet}
      sizes={placement === 'top' ? COVER_SIZES.top : COVER_SIZES.side}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="eager"
      fetchPriority="high"
      decoding="async"
    />
  );
}
