import { AA_NON_TEXT, contrastRatio, legibleOn, readableTextOn, WHITE } from '@/domain/contrast';
import { HEX_COLOUR, type Design } from '@/domain/form-config';
import { PNG_MAX_WIDTH, widthsFor } from '@/domain/images';

/**
 * A page's look in the emails its visitors get: the brand colour and the logo, carried by the
 * job (so a page rendered once per set of props, decision 0034, is rendered once per look too).
 * Absent in jobs queued before emails carried it, and for pages without a design: Lodestone's look.
 */
export interface EmailBrand {
  /** The page's brand colour, #rrggbb. */
  color: string;
  /** The page's logo as a PNG at PUBLIC_URL, at the size it shows in the email. */
  logo: { url: string; width: number; height: number } | null;
}

/** The logo's box in an email: at most 200 by 56 CSS pixels, in its own proportions (about the page's). */
const LOGO_MAX = { width: 200, height: 56 };

/**
 * The brand of a page's design for its emails. The logo is the page's re-encoded image as a PNG
 * (`/img/{id}/{width}.png` beside the WebP the page uses): Outlook for Windows and older mail
 * programs show no WebP, and every one shows a PNG (which keeps a logo's transparency).
 */
export function emailBrandOf(
  design: Pick<Design, 'brandColor' | 'logo'> | undefined,
  publicOrigin: string,
): EmailBrand | undefined {
  if (!design) return undefined;
  const color = HEX_COLOUR.test(design.brandColor) ? design.brandColor.toLowerCase() : null;
  if (!color) return undefined;
  const image = design.logo;
  if (!image) return { color, logo: null };
  const width = Math.max(1, Math.round(Math.min(LOGO_MAX.width, (LOGO_MAX.height * image.width) / image.height, image.width)));
  const height = Math.max(1, Math.round((width * image.height) / image.width));
  // The smallest stored width that is sharp at twice the size, else the largest one a PNG is made of.
  const stored = widthsFor(image.width).filter((w) => w <= PNG_MAX_WIDTH);
  const file = stored.find((w) => w >= width * 2) ?? stored[stored.length - 1];
  if (!file) return { color, logo: null };
  return { color, logo: { url: `${publicOrigin}/img/${image.id}/${file}.png`, width, height } };
}

/** Lodestone's own indigo, where an email carries no page's brand. */
const LODESTONE = '#4f46e5';

/**
 * The colours an email shows, kept legible as on the page (decision 0053): the button is the brand
 * colour with white or near-black text, whichever contrasts more, and an outline when it would not
 * stand out from the white card; the business name and links are the brand colour darkened (or
 * lightened) just enough to read 4.5:1 on white.
 */
export function emailColours(brand: EmailBrand | undefined) {
  const color = brand?.color ?? LODESTONE;
  const accent = legibleOn(color, WHITE).colour;
  return {
    button: color,
    buttonText: readableTextOn(color),
    buttonEdge: contrastRatio(color, WHITE) < AA_NON_TEXT ? legibleOn(color, WHITE, AA_NON_TEXT).colour : null,
    accent,
  };
}
