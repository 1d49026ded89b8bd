import { DOC_SLUGS, TUTORIAL_SLUGS } from './docs';
import { TEMPLATES } from './templates';

/**
 * The SPA's route table (docs/product.md#routes), plus APP_ROUTE_PATTERNS below for paths with a parameter. The
 * web router renders these paths and the server answers 200 for them and 404 (with the SPA's
 * not-found screen) for anything else.
 */
export const APP_ROUTES = [
  '/',
  '/dashboard',
  '/page-creator',
  '/preview',
  '/thank-you',
  '/features',
  '/pricing',
  '/help',
  '/docs',
  '/templates',
  '/privacy',
  '/terms',
  '/gdpr',
  '/ccpa',
  '/pdpa',
  '/dpa',
  '/ccpa-addendum',
  '/pdpa-agreement',
  '/contact',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/settings/payments',
  '/settings/team',
  '/settings/billing',
  '/settings/account',
  '/settings/domains',
  '/dashboard/privacy',
  '/tutorials',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** What a form id looks like in a path (12 base62 characters, as the server makes them). */
const FORM_ID = '[0-9A-Za-z]{12}';
/** A lead id: a UUID as PostgreSQL prints it. */
const LEAD_ID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * Routes loaded lazily (those with a parameter, and screens too large for the main bundle), in
 * React Router's notation, each with the paths it accepts. Anything else under them (a malformed
 * id, a deeper path) is a 404 like any unknown path.
 */
export const APP_ROUTE_PATTERNS = {
  '/dashboard/forms/:id': new RegExp(`^/dashboard/forms/${FORM_ID}$`),
  /** "Put it on your site": a page's placements on the owner's own site. */
  '/dashboard/forms/:id/site': new RegExp(`^/dashboard/forms/${FORM_ID}/site$`),
  '/dashboard/leads': /^\/dashboard\/leads$/,
  '/dashboard/leads/:id': new RegExp(`^/dashboard/leads/${LEAD_ID}$`),
  '/settings/integrations': /^\/settings\/integrations$/,
  /** An invitation's link: 32 random bytes, base64url (src/domain/team.ts). */
  '/invite/:token': /^\/invite\/[A-Za-z0-9_-]{43}$/,
  '/docs/:slug': new RegExp(`^/docs/(${DOC_SLUGS.join('|')})$`),
  '/tutorials/:slug': new RegExp(`^/tutorials/(${TUTORIAL_SLUGS.join('|')})$`),
  '/template-preview/:slug': new RegExp(`^/template-preview/(${TEMPLATES.map((t) => t.slug).join('|')})$`),
} as const satisfies Record<string, RegExp>;

export type AppRoutePattern = keyof typeof APP_ROUTE_PATTERNS;

/**
 * The file the web build writes beside index.html: per route (of APP_ROUTES, APP_ROUTE_PATTERNS,
 * and `*` for the not-found screen), the chunks its screen needs beyond the entry's, which the
 * server names in that route's document as modulepreload links; and under SIGNED_IN_PRELOADS, the
 * chunks of the header's account area, which a document sent with a session cookie names too.
 */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';
export const SIGNED_IN_PRELOADS = 'signed-in';

/**
 * The build's file (beside index.html) of the owner screens' first frames by route: HTML for #root
 * that the server sends in a signed-in owner's document of that route (src/web/app/screen-frames.tsx).
 */
export const SCREEN_FRAMES_FILE = 'screen-frames.json';

/**
 * What an owner screen reads from the API as it first loads, in the order it asks: the server names
 * them in the document as fetch preloads when the request carries a session cookie and no query
 * (decision 0102), so they travel beside the screen's chunks instead of after them, two round trips
 * later (the session, then the screen's reads). `:id` is the route's parameter. The browser hands a
 * preload to the app's `fetch` of the same address; a browser journey checks that each is used.
 */
export const SCREEN_READS: Partial<Record<AppRoute | AppRoutePattern, readonly string[]>> = {
  '/dashboard': ['/api/auth/get-session', '/api/forms/editable', '/api/forms/stats', '/api/forms', '/api/billing'],
  '/dashboard/leads': [
    '/api/auth/get-session',
    '/api/leads/held',
    '/api/forms',
    '/api/forms?status=deleted',
    '/api/leads',
    '/api/me',
    '/api/leads/exports',
  ],
  '/dashboard/forms/:id': [
    '/api/auth/get-session',
    '/api/email-tools',
    '/api/forms/:id/email-tools',
    '/api/forms/:id/placements/stats',
    '/api/forms/:id/payments',
    '/api/forms/:id/leads',
    '/api/forms/:id',
    '/api/forms/:id/analytics',
    '/api/forms/:id/ab-test',
  ],
};

/**
 * Pages on the app origin that the server answers itself, not screens of the SPA: an export's
 * download (src/domain/lead-export.ts). The SPA reaches one with a full page load (after signing
 * in, say), never with its router, which would show its not-found screen.
 */
export const SERVER_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/exports\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/download$/i,
];

export const isServerPage = (pathname: string) => SERVER_PAGE_PATTERNS.some((pattern) => pattern.test(pathname));

export { formAnalyticsPath, formSitePath, leadPath, leadsPath } from './app-paths';

const known = new Set<string>(APP_ROUTES);
const patterns = Object.values(APP_ROUTE_PATTERNS);

/** True when `pathname` (without query) is one of the SPA's routes; a trailing slash is tolerated. */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(trimmed) || patterns.some((pattern) => pattern.test(trimmed));
}
