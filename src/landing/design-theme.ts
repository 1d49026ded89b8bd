import type { CSSProperties } from 'react';
import { AA_NON_TEXT, contrastRatio, legibleOn, mix, readableTextOn, WHITE, type Legible } from '@/domain/contrast';
import { DEFAULT_DESIGN, HEX_COLOUR, type Design } from '@/domain/form-config';

/**
 * A page's design turned into the colours and fonts its stylesheet uses. The shared stylesheet
 * (landing-css.ts) stays the same for every page and reads these as CSS variables, which the page
 * carries in its own `style` attribute: a few hundred bytes per page, and the SPA preview and the
 * published page get them from the same <LandingPage>.
 *
 * Every pair of text and background the page shows passes WCAG AA (4.5:1): the owner's colour is
 * used as it is where it can be (the button, whose text is white or near-black to suit it), and
 * darkened or lightened where it would be text on the page (links, the business name, focus rings).
 */

/** System fonts only: a published page makes no font requests. */
export const FONT_STACKS: Record<Design['font'], string> = {
  sans: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  serif: '"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua",Georgia,"DejaVu Serif",serif',
  rounded:
    'ui-rounded,"SF Pro Rounded","Hiragino Maru Gothic ProN",Quicksand,Comfortaa,Manjari,"Arial Rounded MT Bold",Calibri,sans-serif',
  mono: 'ui-monospace,"Cascadia Code","Source Code Pro",Menlo,Consolas,"DejaVu Sans Mono",monospace',
};

/** The card and the form's text are the same on every background (the card stays white). */
export const CARD = WHITE;
export const CARD_TEXT = '#111827';
export const CARD_MUTED = '#4b5563';
const PAGE_END = '#f9fafb';
const DARK_END = '#0b1120';
const LIGHT_TEXT = '#f9fafb';

export interface DesignTheme {
  /** The button: the brand colour as picked, its text, and a hover shade that keeps the text readable. */
  button: string;
  buttonText: string;
  buttonHover: string;
  /** An outline when the button would not stand out from the white card (3:1), else null. */
  buttonEdge: string | null;
  /** The brand colour as links, checkboxes and focus rings in the card (on white). */
  link: Legible;
  /** The page around the card: its CSS background and the colours the page shows (the ends of a gradient). */
  background: string;
  backgrounds: readonly string[];
  /** The header on the page's background: title, description, business name. */
  heading: string;
  headingMuted: string;
  /** The business name: the brand colour made legible on the page's background. */
  headingAccent: Legible;
  /** A faint brand tint behind the payment block, inside the card. */
  soft: string;
  font: string;
}

/** The brand colour, or the default one when a config holds something that is not #RRGGBB. */
const brandOf = (design: Pick<Design, 'brandColor'>) =>
  HEX_COLOUR.test(design.brandColor) ? design.brandColor.toLowerCase() : DEFAULT_DESIGN.brandColor.toLowerCase();

export function designTheme(design: Design): DesignTheme {
  const brand = brandOf(design);
  const buttonText = readableTextOn(brand);
  // Hover moves away from the text colour, so the text stays readable.
  const buttonHover = mix(brand, buttonText === WHITE ? '#000000' : WHITE, buttonText === WHITE ? 0.16 : 0.22);
  const buttonEdge = contrastRatio(brand, CARD) < AA_NON_TEXT ? legibleOn(brand, CARD, AA_NON_TEXT).colour : null;
  const link = legibleOn(brand, CARD);
  const soft = mix(brand, WHITE, 0.93);
  const font = FONT_STACKS[design.font] ?? FONT_STACKS.sans;
  const base = { button: brand, buttonText, buttonHover, buttonEdge, link, soft, font };

  switch (design.background) {
    case 'plain': {
      const backgrounds = [WHITE];
      return {
        ...base,
        background: WHITE,
        backgrounds,
        heading: CARD_TEXT,
        headingMuted: legibleOn(CARD_MUTED, backgrounds).colour,
        headingAccent: legibleOn(brand, backgrounds),
      };
    }
    case 'gradient': {
      // From the brand colour toward the side its readable text is not, so that text stays readable all the way.
      const end = mix(brand, buttonText === WHITE ? '#000000' : WHITE, 0.38);
      const backgrounds = [brand, end];
      const heading = legibleOn(buttonText, backgrounds).colour;
      return {
        ...base,
        background: `linear-gradient(160deg,${brand} 0,${end} 100%)`,
        backgrounds,
        heading,
        headingMuted: mutedOn(heading, backgrounds),
        headingAccent: legibleOn(heading, backgrounds),
      };
    }
    case 'dark': {
      const top = mix(brand, DARK_END, 0.8);
      const backgrounds = [top, DARK_END];
      return {
        ...base,
        background: `linear-gradient(180deg,${top} 0,${DARK_END} 28rem)`,
        backgrounds,
        heading: LIGHT_TEXT,
        headingMuted: legibleOn('#d1d5db', backgrounds).colour,
        headingAccent: legibleOn(brand, backgrounds),
      };
    }
    case 'tint':
    default: {
      const tint = mix(brand, WHITE, 0.9);
      const backgrounds = [tint, PAGE_END];
      return {
        ...base,
        background: `linear-gradient(180deg,${tint} 0,${PAGE_END} 20rem)`,
        backgrounds,
        heading: legibleOn(CARD_TEXT, backgrounds).colour,
        headingMuted: legibleOn(CARD_MUTED, backgrounds).colour,
        headingAccent: legibleOn(brand, backgrounds),
      };
    }
  }
}

/** A softer shade of the heading colour for the description: 22% toward the background, if that stays legible. */
function mutedOn(heading: string, backgrounds: readonly string[]): string {
  const softer = mix(heading, backgrounds[0]!, 0.22);
  return legibleOn(softer, backgrounds).adjusted ? heading : softer;
}

/** The page's CSS variables, for the `style` attribute of its `.ls-page` element. */
export function designVariables(design: Design): Record<string, string> {
  const theme = designTheme(design);
  const vars: Record<string, string> = {
    '--ls-accent': theme.button,
    '--ls-accent-dark': theme.buttonHover,
    '--ls-on-accent': theme.buttonText,
    '--ls-link': theme.link.colour,
    '--ls-bg': theme.background,
    '--ls-head': theme.heading,
    '--ls-head-muted': theme.headingMuted,
    '--ls-head-accent': theme.headingAccent.colour,
    '--ls-soft': theme.soft,
    '--ls-font': theme.font,
  };
  if (theme.buttonEdge) vars['--ls-edge'] = theme.buttonEdge;
  return vars;
}

export const designStyle = (design: Design): CSSProperties => designVariables(design) as CSSProperties;
