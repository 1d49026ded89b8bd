import { useContext, useEffect, useState } from 'react';
import type { ImageRef } from '@/domain/form-config';
import { imageUrl, widthsFor } from '@/domain/images';
import { LocalImageUrls } from '@/landing/design-images';

/** The logo as the link card embeds it: a data: address (an SVG in an <img> loads nothing else), with its size. */
export type CardLogo = { href: string; width: number; height: number };

/** The card's logo box is at most 420 px wide: a copy this wide stays sharp and small. */
const LOGO_WIDTH = 480;

/**
 * The page's logo as a PNG data: address, for the card drawn in the creator, as the server embeds
 * it (link-card.ts). Drawn through a canvas from the stored image or the browser's own copy (an
 * image not uploaded yet): both are images this app may show, and neither taints the canvas.
 * Null until it is ready, and when there is no logo or it cannot be read.
 */
export function useLogoDataUrl(logo: ImageRef | null | undefined): CardLogo | null {
  const local = useContext(LocalImageUrls).get(logo?.id ?? '');
  const widths = logo ? widthsFor(logo.width) : [];
  const src = logo ? (local ?? imageUrl(logo.id, widths.find((w) => w >= LOGO_WIDTH) ?? widths[widths.length - 1]!)) : null;
  const [made, setMade] = useState<{ src: string; logo: CardLogo | null } | null>(null);

  useEffect(() => {
    if (!src) return;
    let current = true;
    const image = new Image();
    image.src = src;
    image
      .decode()
      .then(() => {
        const scale = Math.min(1, LOGO_WIDTH / image.naturalWidth);
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
        canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
        canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
        return { href: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
      })
      .catch(() => null)
      .then((drawn) => {
        if (current) setMade({ src, logo: drawn });
      });
    return () => {
      current = false;
    };
  }, [src]);

  return src && made?.src === src ? made.logo : null;
}
