import { z } from 'zod';

// A placement puts a published page on the owner's own site (docs/decisions/0084): one script tag
// from the public origin (PUBLIC_URL/l.js) reads the placement's settings and, when its trigger
// fires, shows the page's form in a frame from the public origin, as an inline block, a popup, a
// slide-in or a bar. Shared by the server (API, loader config, counts) and the web screen.

export const PLACEMENT_DISPLAYS = ['inline', 'popup', 'slide-in', 'bar'] as const;
export type PlacementDisplay = (typeof PLACEMENT_DISPLAYS)[number];

/**
 * load: N seconds after the host page loaded; scroll: once N % of it is scrolled; exit: the pointer
 * leaves through the top on desktop, and on mobile a quick scroll back up or N seconds (exitMobile);
 * click: a click on any element with `data-lodestone-open="{placement id}"`; manual: only
 * `lodestone('open', id)` from the site's own code. An inline placement shows as the page loads.
 */
export const PLACEMENT_TRIGGERS = ['load', 'scroll', 'exit', 'click', 'manual'] as const;
export type PlacementTrigger = (typeof PLACEMENT_TRIGGERS)[number];

export const PLACEMENT_DEVICES = ['all', 'mobile', 'desktop'] as const;

/** At most this many URL patterns in each of showOn and hideOn. */
export const MAX_URL_PATTERNS = 20;
export const MAX_PLACEMENTS_PER_PAGE = 20;

export const placementMessages = {
  name: 'Give the placement a name',
  pattern: 'A pattern is a path like /blog/* or a whole address like https://example.com/shop/*',
  tooManyPatterns: `List at most ${MAX_URL_PATTERNS} patterns`,
  tooMany: `A page can have at most ${MAX_PLACEMENTS_PER_PAGE} placements`,
} as const;

/**
 * A URL pattern: a path (`/blog/*`) or a whole address (`https://example.com/shop/*`); `*` stands
 * for any run of characters. No spaces or control characters.
 */
const urlPattern = z
  .string()
  .trim()
  .min(1, placementMessages.pattern)
  .max(300, placementMessages.pattern)
  // eslint-disable-next-line no-control-regex
  .refine((p) => /^(\/|https?:\/\/)/i.test(p) && !/[\s\u0000-\u001f\u007f]/.test(p), placementMessages.pattern);

export const placementSettingsSchema = z.object({
  name: z.string().trim().min(1, placementMessages.name).max(80),
  display: z.enum(PLACEMENT_DISPLAYS),
  /** inline: the form alone, or the whole page. */
  inlineContent: z.enum(['form', 'page']).default('form'),
  /** bar: where it sits. */
  barPosition: z.enum(['top', 'bottom']).default('bottom'),
  /** bar: its line of text (the button opens the form); empty uses the page's title. */
  barText: z.string().trim().max(140).default(''),
  /** slide-in: its corner. */
  corner: z.enum(['bottom-right', 'bottom-left']).default('bottom-right'),
  trigger: z.enum(PLACEMENT_TRIGGERS).default('load'),
  /** load: seconds after the page loaded; exit on mobile with exitMobile 'time': seconds too. */
  delaySeconds: z.number().int().min(0).max(600).default(5),
  /** scroll: percent of the page scrolled. */
  scrollPercent: z.number().int().min(1).max(100).default(50),
  /** exit on mobile (no pointer to leave): a quick scroll back up, or delaySeconds. */
  exitMobile: z.enum(['scroll-up', 'time']).default('scroll-up'),
  devices: z.enum(PLACEMENT_DEVICES).default('all'),
  /** Shown only where the host page's URL matches one of these (none: everywhere)… */
  showOn: z.array(urlPattern).max(MAX_URL_PATTERNS, placementMessages.tooManyPatterns).default([]),
  /** …and never where it matches one of these. */
  hideOn: z.array(urlPattern).max(MAX_URL_PATTERNS, placementMessages.tooManyPatterns).default([]),
  /** A visitor who closed it is not shown it again for this many days (0: shown again on the next page view). */
  closedDays: z.number().int().min(0).max(365).default(7),
});
export type PlacementSettings = z.infer<typeof placementSettingsSchema>;

export const DEFAULT_PLACEMENT: PlacementSettings = placementSettingsSchema.parse({ name: 'Popup', display: 'popup' });

/** A placement id: `plc_` and 16 base62 characters. */
export const PLACEMENT_ID = /^plc_[0-9A-Za-z]{16}$/;

// Pure, without zod: the loader (src/placement-loader) bundles them alone.
export { placementShowsOn, urlMatches } from './placement-urls';

/** A placement as the API gives it (GET/POST/PUT /api/forms/{formId}/placements[/{id}]). */
export type Placement = { id: string; formId: string; settings: PlacementSettings; createdAt: string; updatedAt: string };

/** What the loader reads (GET PUBLIC_URL/l/{id}): the settings a visitor's browser needs, nothing of the owner's. */
export type LoaderConfig = {
  id: string;
  /** The page's public address; the frame opens `{pageUrl}?ls_placement={id}&…` (PLACEMENT_FRAME_PARAMS). */
  pageUrl: string;
  /** The page's title (the bar's text when barText is empty, the frame's title). */
  title: string;
  /** The words of the page's submit button: the bar's button that opens the form says the same. */
  buttonText: string;
  /** The sites allowed to show the page (the page's embedOrigins): the loader shows nothing elsewhere. */
  origins: string[];
  settings: Omit<PlacementSettings, 'name'>;
};

/** Query parameters of the frame's address, read by the public page (placement mode) and its form. */
export const PLACEMENT_FRAME_PARAMS = {
  placement: 'ls_placement',
  /** The host page's address (without its #), recorded on the lead. */
  host: 'ls_host',
  /** 'form' or 'page': what the frame shows. */
  content: 'ls_content',
} as const;

/** Messages between the loader (host page) and the frame (public origin), by `type`. */
export const PLACEMENT_MESSAGES = {
  /** frame → loader: { type, height }: the frame's content height (same as embed.js's). */
  height: 'lodestone:height',
  /** frame → loader: { type, placement }: the visitor signed up; never shown again on this browser (with consent). */
  signedUp: 'lodestone:signed-up',
  /** frame → loader: { type }: the visitor pressed the page's own close (a thank-you's "Close"). */
  close: 'lodestone:close',
} as const;

/** Counted events the loader reports (POST PUBLIC_URL/l/events); sign-ups are counted by the lead itself. */
export const PLACEMENT_EVENTS = ['impression', 'open'] as const;
export type PlacementEvent = (typeof PLACEMENT_EVENTS)[number];

/** A placement's figures over a period (the page's analytics). */
export type PlacementStats = {
  id: string;
  name: string;
  display: PlacementDisplay;
  impressions: number;
  opens: number;
  signups: number;
};

/**
 * The height an inline placement's element reserves before the form arrives, so the host page does
 * not shift: a page's form alone (email, name, consent, button) is 545 to 602 px tall from 320 px to
 * 1280 px wide; a longer form grows its element once when it arrives (docs/decisions/0084).
 */
export const INLINE_RESERVE_STYLE = 'min-height:600px';
/** CSP's hash of INLINE_RESERVE_STYLE, for `style-src 'unsafe-hashes'` (placements.test.ts computes it again). */
export const INLINE_RESERVE_STYLE_HASH = "'sha256-QDFGtCV8DRfotcyY3LUZGsuy3J0+7R4SjLPzKlV4TDo='";

/**
 * The lines a site with a strict Content-Security-Policy adds so the snippet runs: the loader's
 * script, its settings request and event beacons, and the frame, all from the public origin; for an
 * inline placement, the reserving element's style attribute by its hash.
 */
export function placementCspLines(publicOrigin: string, display: PlacementDisplay): string[] {
  const lines = [`script-src ${publicOrigin}`, `connect-src ${publicOrigin}`, `frame-src ${publicOrigin}`];
  if (display === 'inline') lines.push(`style-src 'unsafe-hashes' ${INLINE_RESERVE_STYLE_HASH}`);
  return lines;
}

/**
 * The snippet of a placement: one async script tag; an inline placement also names the element it
 * fills, which reserves the form's height so the host page does not shift when it arrives.
 */
export function placementSnippet(publicOrigin: string, id: string, display: PlacementDisplay): string {
  const script = `<script async src="${publicOrigin}/l.js" data-placement="${id}"></script>`;
  if (display !== 'inline') return script;
  return `<div data-lodestone-placement="${id}" style="${INLINE_RESERVE_STYLE}"></div>\n${script}`;
}
