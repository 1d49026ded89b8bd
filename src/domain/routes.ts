/**
 * The SPA's route table (SPEC §2). The web router renders these paths and the server answers
 * 200 for them and 404 (with the SPA's not-found screen) for anything else.
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
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const known = new Set<string>(APP_ROUTES);

/** True when `pathname` (without query) is one of the SPA's routes; a trailing slash is tolerated. */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(trimmed);
}
