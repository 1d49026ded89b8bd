import type { AbVariant } from './ab-variants';
import type { Design } from './form-config';

/**
 * docs/product.md#link-previews: the picture a shared link to a page shows (LinkedIn, X, Slack,
 * WhatsApp, Facebook), 1200 × 630, the size they all crop least (docs/decisions/0079). It is the
 * page's cover when the page shows one; otherwise a card drawn from the page's design: its
 * background and brand colour, its font, its logo or business name, and its title.
 *
 * The card is SVG made here, from text and colours alone, so the server (which turns it into a PNG)
 * and the creator (which shows it as it is, in an <img>) draw the very same picture. Every owner
 * string is escaped for XML: a title is text on the card, never markup in it.
 */

export const LINK_CARD = { width: 1200, height: 630 } as const;
/** The favicon made from a page's logo: the logo contained in a transparent square of this side. */
export const LINK_ICON_SIZE = 96;

/** What of the page's design the card uses: a subset of landing's DesignTheme, which both callers have. */
export interface LinkCardTheme {
  /** The colours the page's background shows: one, or the two ends of its gradient. */
  backgrounds: readonly string[];
  /** The title's colour on that background, and the business name's. */
  heading: string;
  headingMuted: string;
  headingAccent: { colour: string };
  /** The brand colour as the button shows it. */
  button: string;
  /** The CSS font stack of the page. */
  font: string;
}

export interface LinkCardInput {
  title: string;
  businessName: string;
  /** The page's background style, which says how its colours run. */
  background: Design['background'];
  theme: LinkCardTheme;
  /** The logo as an address an SVG in an <img> may load: a data: URL (such an SVG loads nothing else). */
  logo?: { href: string; width: number; height: number } | null;
}

/** Whether the card is the page's cover: only when the page shows it (a 'none' layout hides it). */
export const linkCardShowsCover = (design: Pick<Design, 'cover' | 'layout'> | undefined): boolean =>
  Boolean(design?.cover && design.layout !== 'none');

/**
 * Where the public face serves a page's card and icon: per published version (and A/B variant), so
 * a crawler or a browser may keep them for good and a new version is a new address. The cover is a
 * JPEG (a photo as PNG would be too heavy for WhatsApp's limit), the drawn card a PNG.
 */
export function linkCardPath(id: string, version: number, variant: AbVariant | null | undefined, cover: boolean): string {
  return `/f/${id}/card.${cover ? 'jpg' : 'png'}?v=${versionTag(version, variant)}`;
}
export function linkIconPath(id: string, version: number, variant: AbVariant | null | undefined): string {
  return `/f/${id}/icon.png?v=${versionTag(version, variant)}`;
}
const versionTag = (version: number, variant: AbVariant | null | undefined) => `${version}${variant === 'b' ? '-b' : ''}`;

/** `?v=` as the paths above write it: the version and the variant, or null for anything else. */
export function parseVersionTag(tag: unknown): { version: number; variant: AbVariant | null } | null {
  if (typeof tag !== 'string') return null;
  const match = /^([1-9][0-9]{0,9})(-b)?$/.exec(tag);
  return match ? { version: Number(match[1]), variant: match[2] ? 'b' : null } : null;
}

/* ------------------------------------------------------------------ SVG */

/** XML 1.0 refuses these code points even escaped: a title carrying one would make the card unreadable. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value as XML: the five special characters escaped, code points XML refuses dropped. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const PAD = 80;
const TEXT_WIDTH = LINK_CARD.width - 2 * PAD;

/**
 * A character's advance in ems, a little wider than the widest of the fonts a page's stack may end
 * on (DejaVu, Liberation, Segoe, Roboto): a line measured with it never runs off the card, in the
 * browser or on the server, at the cost of breaking a little early.
 */
function advance(char: string, mono: boolean): number {
  if (mono) return 0.62;
  const code = char.codePointAt(0)!;
  if (code > 0x2e80) return 1; // CJK and emoji: a full em
  if (" .,:;!|'ijlIf()[]t".includes(char)) return 0.34;
  if ('mwMW@%'.includes(char)) return 0.95;
  if (char >= 'A' && char <= 'Z') return 0.72;
  return 0.6;
}

const widthOf = (text: string, size: number, mono: boolean) =>
  [...text].reduce((sum, char) => sum + advance(char, mono), 0) * size;

/** `text` broken into lines of at most `width` pixels at `size` (a word too long for a line is cut), and whether all of it fit in `max` lines. */
export function wrapLines(
  text: string,
  size: number,
  width: number,
  max: number,
  mono = false,
): { lines: string[]; fits: boolean } {
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate, size, mono) <= width) return void (line = candidate);
    if (line) lines.push(line);
    line = '';
    // A word wider than the line: as many characters as fit, then the rest.
    let rest = [...word];
    while (widthOf(rest.join(''), size, mono) > width) {
      let n = rest.length - 1;
      while (n > 1 && widthOf(rest.slice(0, n).join(''), size, mono) > width) n--;
      lines.push(rest.slice(0, n).join(''));
      rest = rest.slice(n);
    }
    line = rest.join('');
  };
  for (const word of text.split(/\s+/).filter(Boolean)) push(word);
  if (line) lines.push(line);
  if (lines.length <= max) return { lines, fits: true };
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last && widthOf(`${last}…`, size, mono) > width) last = [...last].slice(0, -1).join('');
  kept[max - 1] = `${last.trimEnd()}…`;
  return { lines: kept, fits: false };
}

/** The title's size and lines: the largest size at which it fits in three lines, else four lines at the smallest, cut. */
function titleLines(title: string, mono: boolean): { size: number; lines: string[] } {
  for (const size of [76, 66, 58]) {
    const wrapped = wrapLines(title, size, TEXT_WIDTH, 3, mono);
    if (wrapped.fits) return { size, lines: wrapped.lines };
  }
  return { size: 50, lines: wrapLines(title, 50, TEXT_WIDTH, 4, mono).lines };
}

/** The gradient the page's background runs, as SVG coordinates (its CSS angles: gradient 160°, the others top to bottom). */
function backgroundPaint(input: LinkCardInput): { defs: string; fill: string } {
  const [from = '#ffffff', to = from] = input.theme.backgrounds;
  if (input.background === 'plain' || from === to) return { defs: '', fill: xmlText(from) };
  const slanted = input.background === 'gradient';
  const stops = `<stop offset="0" stop-color="${xmlText(from)}"/><stop offset="1" stop-color="${xmlText(to)}"/>`;
  const direction = slanted ? 'x1="0.33" y1="0" x2="0.67" y2="1"' : 'x1="0" y1="0" x2="0" y2="1"';
  return { defs: `<linearGradient id="bg" ${direction}>${stops}</linearGradient>`, fill: 'url(#bg)' };
}

/** The logo's box in the card's top left: at most 420 × 96 px, in its own proportions. */
function logoBox(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(420 / logo.width, 96 / logo.height, 4);
  return { width: Math.round(logo.width * scale), height: Math.round(logo.height * scale) };
}

/** The drawn card, as an SVG document of 1200 × 630. */
export function linkCardSvg(input: LinkCardInput): string {
  const { theme } = input;
  const font = xmlText(theme.font);
  const mono = /monospace\s*$/.test(theme.font);
  const title = input.title.replace(/\s+/g, ' ').trim();
  const business = input.businessName.replace(/\s+/g, ' ').trim();
  const paint = backgroundPaint(input);
  const parts: string[] = [`<rect width="${LINK_CARD.width}" height="${LINK_CARD.height}" fill="${paint.fill}"/>`];
  // The brand colour as a band along the foot, where the page's button would be; on a gradient of
  // that very colour, the heading colour stands out instead.
  const band = input.background === 'gradient' ? theme.heading : theme.button;
  parts.push(`<rect y="${LINK_CARD.height - 14}" width="${LINK_CARD.width}" height="14" fill="${xmlText(band)}"/>`);

  const businessLine = (y: number, colour: string, size: number) => {
    const line = wrapLines(business, size, TEXT_WIDTH, 1, mono).lines[0] ?? '';
    return `<text x="${PAD}" y="${y}" fill="${xmlText(colour)}" font-size="${size}" font-weight="600">${xmlText(line)}</text>`;
  };
  if (input.logo) {
    const box = logoBox(input.logo);
    parts.push(
      `<image x="${PAD}" y="${72 + (96 - box.height) / 2}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMinYMid meet" href="${xmlText(input.logo.href)}"/>`,
    );
    if (business) parts.push(businessLine(LINK_CARD.height - 70, theme.headingMuted, 32));
  } else if (business) {
    parts.push(businessLine(132, theme.headingAccent.colour, 40));
  }

  // The title in the middle band (from below the logo to above the business name), centred in it.
  const { size, lines } = titleLines(title, mono);
  const leading = Math.round(size * 1.18);
  const top = 200;
  const bottom = input.logo && business ? 500 : 540;
  const first = Math.round(top + (bottom - top - leading * lines.length) / 2 + size * 0.92);
  lines.forEach((line, i) =>
    parts.push(
      `<text x="${PAD}" y="${first + i * leading}" fill="${xmlText(theme.heading)}" font-size="${size}" font-weight="700">${xmlText(line)}</text>`,
    ),
  );

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LINK_CARD.width}" height="${LINK_CARD.height}" viewBox="0 0 ${LINK_CARD.width} ${LINK_CARD.height}" font-family="${font}">` +
    (paint.defs ? `<defs>${paint.defs}</defs>` : '') +
    parts.join('') +
    `</svg>`
  );
}

/** What the card says, for people who cannot see it (og:image:alt): the cover's description, or the card's words. */
export function linkCardAlt(config: {
  title: string;
  businessName: string;
  design?: Pick<Design, 'cover' | 'layout' | 'coverAlt'>;
}): string {
  if (linkCardShowsCover(config.design) && config.design?.coverAlt.trim()) return config.design.coverAlt.trim();
  return [config.title.trim(), config.businessName.trim()].filter(Boolean).join(' – ');
}
