/**
 * Colour contrast by WCAG 2.x: relative luminance and contrast ratio, and the helpers that keep an
 * owner's brand colour legible whatever colour they pick (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
 * Colours are '#RRGGBB' strings (either case); results are lower-case '#rrggbb'.
 */

/** WCAG AA for normal text (1.4.3); also what the page asks of links and focus rings. */
export const AA_TEXT = 4.5;
/** WCAG AA for the outline of a control against what surrounds it (1.4.11). */
export const AA_NON_TEXT = 3;

export const WHITE = '#ffffff';
/**
 * The dark text colour on a button. Not #111827: against a mid-tone that and white can both fall
 * short (≈4.2:1 on some greys); this dark a colour guarantees the better of the two reaches 4.5:1.
 */
export const NEAR_BLACK = '#030303';

type Rgb = readonly [number, number, number];

export function parseHex(colour: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!match) throw new Error(`not a #RRGGBB colour: ${colour}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

export function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHex(colour);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, from 1 (same luminance) to 21 (black on white); the order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A ratio as people read it, rounded down so a shown "4.5:1" is never really 4.49. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** `a` moved toward `b` by `amount` (0: a, 1: b), channel by channel in sRGB. */
export function mix(a: string, b: string, amount: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  const at = (i: 0 | 1 | 2) => x[i] + (y[i] - x[i]) * amount;
  return toHex([at(0), at(1), at(2)]);
}

/** White or near-black, whichever contrasts more with `background` (always at least 4.5:1). */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background) ? WHITE : NEAR_BLACK;
}

export interface Legible {
  /** The colour to use: `colour` itself when it was legible already. */
  colour: string;
  /** Its contrast with the least contrasting of the backgrounds. */
  ratio: number;
  /** True when `colour` had to be darkened or lightened. */
  adjusted: boolean;
}

const worstRatio = (colour: string, backgrounds: readonly string[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(colour, background)));

/**
 * `colour` as text (or a link, a focus ring) on every one of `backgrounds` (e.g. the two ends of a
 * gradient): unchanged when it reaches `min` already, else darkened toward black (lightened toward
 * white when the backgrounds are dark) by the least step that reaches it. The backgrounds must be all
 * light or all dark, as a page's are; the end of the way, black or white, always reaches 4.5:1.
 */
export function legibleOn(colour: string, backgrounds: string | readonly string[], min = AA_TEXT): Legible {
  const list = typeof backgrounds === 'string' ? [backgrounds] : backgrounds;
  const start = colour.toLowerCase();
  const ratio = worstRatio(start, list);
  if (ratio >= min) return { colour: start, ratio, adjusted: false };
  // Toward whichever end contrasts more with the lightest-or-darkest background.
  const toward = worstRatio('#000000', list) >= worstRatio(WHITE, list) ? '#000000' : WHITE;
  // Contrast is not monotonic on the way (a light colour on a light background gets worse before it
  // gets better), so walk in small steps rather than bisect.
  for (let step = 1; step <= 100; step += 1) {
    const candidate = mix(start, toward, step / 100);
    const r = worstRatio(candidate, list);
    if (r >= min) return { colour: candidate, ratio: r, adjusted: true };
  }
  return { colour: toward, ratio: worstRatio(toward, list), adjusted: true };
}
