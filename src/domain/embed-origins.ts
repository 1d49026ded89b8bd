// The sites an owner lets show their page in a frame (CSP frame-ancestors, docs/decisions/0050).
// Each is an origin: scheme, host and port, nothing else. https only, except the owner's own
// machine (localhost, 127.0.0.1) over http, so a page can be tried out before it goes live. No IPv6
// address: browsers ignore them in frame-ancestors, so listing one would allow no one.

export const MAX_EMBED_ORIGINS = 20;

export const embedMessages = {
  invalid: 'Enter a site address like https://example.com',
  https: 'Use https:// (http:// works only for localhost, for testing)',
  originOnly: "Enter only the site's address, without a path, query or #: like https://example.com",
  wildcard: 'Wildcards (*) are not allowed: list each site on its own',
  credentials: 'A site address cannot contain a user name or password',
  tooMany: `You can list at most ${MAX_EMBED_ORIGINS} sites`,
  ipv6: "Browsers ignore IPv6 addresses here: use the site's name (or localhost for your own machine)",
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A domain name with a top-level domain (or an IDN's xn--), or an IPv4 address. */
const HOST = new RegExp(`^(?:(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})|\\d{1,3}(?:\\.\\d{1,3}){3})$`);

export type OriginCheck = { origin: string } | { error: string };

/**
 * The origin an owner means by `input` (`https://Shop.Example.com:8443/` gives
 * `https://shop.example.com:8443`; a bare `example.com` is taken as https), or why it is not one.
 */
export function normalizeEmbedOrigin(input: string): OriginCheck {
  const raw = input.trim();
  if (raw === '') return { error: embedMessages.invalid };
  if (raw.includes('*')) return { error: embedMessages.wildcard };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return { error: embedMessages.invalid };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { error: embedMessages.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: embedMessages.invalid };
  const authority = withScheme.slice(withScheme.indexOf('//') + 2).split(/[/?#]/, 1)[0]!;
  if (url.username !== '' || url.password !== '' || authority.includes('@')) return { error: embedMessages.credentials };
  if (/[?#]/.test(withScheme) || url.pathname !== '/') return { error: embedMessages.originOnly };
  if (url.hostname.startsWith('[')) return { error: embedMessages.ipv6 };
  const local = LOCAL_HOSTS.has(url.hostname);
  if (!local && !HOST.test(url.hostname)) return { error: embedMessages.invalid };
  if (url.protocol === 'http:' && !local) return { error: embedMessages.https };
  return { origin: url.origin };
}

/** `input` as a site to add to `sites`: its origin, or why it cannot be added (not a site, already there, too many). */
export function checkNewEmbedOrigin(input: string, sites: readonly string[]): OriginCheck {
  const checked = normalizeEmbedOrigin(input);
  if ('error' in checked) return checked;
  if (sites.includes(checked.origin)) return { error: `${checked.origin} is already allowed` };
  if (sites.length >= MAX_EMBED_ORIGINS) return { error: embedMessages.tooMany };
  return checked;
}

/** The first problem with an owner's list of sites, naming the entry; undefined when all are fine. */
export function embedOriginsError(list: readonly string[] | undefined): string | undefined {
  for (const entry of list ?? []) {
    const checked = normalizeEmbedOrigin(entry);
    if ('error' in checked) return `${entry.trim() || '(empty)'}: ${checked.error}`;
  }
  if (normalizeEmbedOrigins(list).length > MAX_EMBED_ORIGINS) return embedMessages.tooMany;
  return undefined;
}

/** The list as origins, each once, in the owner's order; entries that are not origins are left out. */
export function normalizeEmbedOrigins(list: readonly string[] | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of list ?? []) {
    const checked = normalizeEmbedOrigin(entry);
    if ('origin' in checked) origins.add(checked.origin);
  }
  return [...origins];
}
