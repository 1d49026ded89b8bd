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
