import sharp from 'sharp';
import { abTestOn, variantConfig } from '@/domain/ab-test';
import type { AbVariant } from '@/domain/ab-variants';
import { DEFAULT_DESIGN, type FormConfig } from '@/domain/form-config';
import { LINK_CARD, LINK_ICON_SIZE, linkCardShowsCover, linkCardSvg } from '@/domain/link-card';
import { designTheme } from '@/landing/index';
import { storedImageBytes } from '@/server/features/images/index';
import type { LiveForm } from '@/server/features/submissions';
import type { Storage } from '@/server/lib/storage';

/**
 * The pictures a page's link preview uses (docs/decisions/0079): its card, 1200 × 630, and its
 * favicon from the logo. Each is made once per published version and variant and kept here, so a
 * burst of crawlers (a link shared in a busy channel) costs one rendering, not one each; a new
 * version has a new address, and the old one's pictures leave the memory as new ones come.
 */

export type LinkImageKind = 'card.png' | 'card.jpg' | 'icon.png';

/** Bumped when the drawing changes, so the ETags of the pictures made before no longer match. */
export const LINK_IMAGES_REVISION = 1;
/** Kept in memory: a drawn card is 20–70 KB, a cover 50–250 KB, an icon a few KB. */
const KEPT = 64;

export function createLinkImages({ storage }: { storage: Storage }) {
  const made = new Map<string, Promise<Buffer | null>>();

  /**
   * The picture `kind` of the page as visitors of `variant` see it, or null (an icon of a page with
   * no logo). Made on first request; one made and failed is tried again on the next.
   */
  function get(form: LiveForm, variant: AbVariant | null, kind: LinkImageKind): Promise<Buffer | null> {
    const key = `${form.id}:${form.version}:${variant ?? ''}:${kind}`;
    let image = made.get(key);
    if (image) {
      made.delete(key); // the most recently used goes last, the least first out
      made.set(key, image);
      return image;
    }
    const config = variant === 'b' && abTestOn(form.config) ? variantConfig(form.config, 'b') : form.config;
    image = (kind === 'icon.png' ? icon(storage, config) : card(storage, config, kind === 'card.jpg' ? 'jpeg' : 'png')).catch(
      (err: unknown) => {
        made.delete(key);
        throw err;
      },
    );
    made.set(key, image);
    if (made.size > KEPT) made.delete(made.keys().next().value!);
    return image;
  }

  return { get };
}

export type LinkImages = ReturnType<typeof createLinkImages>;

/** The card: the cover cut to 1200 × 630 as CSS `object-fit: cover` would, or the card drawn from the design. */
async function card(storage: Storage, config: FormConfig, format: 'png' | 'jpeg'): Promise<Buffer> {
  const design = config.design ?? DEFAULT_DESIGN;
  const theme = designTheme(design);
  const encode = (image: sharp.Sharp) =>
    format === 'jpeg' ? image.jpeg({ quality: 84, mozjpeg: true }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
  if (linkCardShowsCover(design)) {
    const cover = await storedImageBytes(storage, design.cover!, LINK_CARD.width);
    if (cover)
      return encode(
        sharp(cover)
          .resize(LINK_CARD.width, LINK_CARD.height, { fit: 'cover', position: 'centre' })
          // A transparent cover shows the page's background through it, as on the page.
          .flatten({ background: theme.backgrounds[0] ?? '#ffffff' }),
      );
  }
  const logoBytes = design.logo ? await storedImageBytes(storage, design.logo, 480) : null;
  let logo = null;
  if (logoBytes) {
    // As a PNG: the SVG renderer reads PNG and JPEG data, not WebP.
    const { data, info } = await sharp(logoBytes).png().toBuffer({ resolveWithObject: true });
    logo = { href: `data:image/png;base64,${data.toString('base64')}`, width: info.width, height: info.height };
  }
  const svg = linkCardSvg({
    title: config.title,
    businessName: config.businessName,
    background: design.background,
    theme,
    logo,
  });
  return encode(sharp(Buffer.from(svg)));
}

/** The logo contained in a transparent square, or null when the page has none (or it is gone). */
async function icon(storage: Storage, config: FormConfig): Promise<Buffer | null> {
  const logo = config.design?.logo;
  const bytes = logo ? await storedImageBytes(storage, logo, LINK_ICON_SIZE * 2) : null;
  if (!bytes) return null;
  return sharp(bytes)
    .resize(LINK_ICON_SIZE, LINK_ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
