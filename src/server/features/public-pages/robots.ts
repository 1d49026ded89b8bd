/**
 * PUBLIC_URL/robots.txt: published pages may be crawled and listed; a visitor's own pages
 * (thank-you, confirmation, download, payment returns) and the payment webhooks may not, and
 * neither may anything else this face answers. Those pages also say `noindex` themselves.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /f/',
  // Search engines show a site's icon beside its results only if they may fetch it.
  'Allow: /favicon.svg',
  // A published page's logo and cover: a crawler that renders the page fetches them as a browser would.
  'Allow: /img/',
  'Disallow: /thank-you',
  'Disallow: /confirm',
  'Disallow: /d/',
  'Disallow: /pay/',
  'Disallow: /webhooks/',
  'Disallow: /',
  '',
].join('\n');

/**
 * robots.txt on a custom domain (docs/decisions/0055): the workspace's pages are its whole site (the
 * home page, the slugs, /f/), so everything may be crawled but a visitor's own pages. Their rules
 * end where their paths do, so a slug such as `/thank-you-gift` stays allowed.
 */
export const CUSTOM_DOMAIN_ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /thank-you$',
  'Disallow: /thank-you?',
  'Disallow: /thank-you/',
  'Disallow: /confirm$',
  'Disallow: /confirm?',
  'Disallow: /confirm/',
  'Disallow: /d/',
  'Disallow: /pay/',
  'Allow: /',
  '',
].join('\n');
