import type { DomainMap, ServingDomain } from './domain-map.js';

/** What a request's Host names: the owner's app, the pages host, a serving custom domain, or nothing of ours. */
export type Site = { kind: 'app' } | { kind: 'public' } | { kind: 'domain'; domain: ServingDomain } | { kind: 'none' };

const APP: Site = { kind: 'app' };
const PUBLIC: Site = { kind: 'public' };
const NONE: Site = { kind: 'none' };

/** The hostname of a Host header: lowercase, without its port or a trailing dot. */
export function hostnameOf(host: string): string {
  const lower = host.toLowerCase();
  const end = lower.startsWith('[') ? lower.indexOf(']') + 1 : lower.lastIndexOf(':');
  const name = end > 0 ? lower.slice(0, end) : lower;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * Decides by Host which face answers (docs/decisions/0003, 0055). APP_URL's host exactly (its port
 * included) is the app; PUBLIC_URL's hostname is the pages host on any port (a proxy may name the
 * default one or its own, and providers' webhooks in tests come to the port the server listens on);
 * a serving custom domain matches by hostname, its port and case aside (Caddy forwards
 * `offers.example.com:8443`). Anything else is nobody's.
 */
export function createSites(appUrl: URL, publicUrl: URL, domains: Pick<DomainMap, 'get'>) {
  const app = appUrl.host.toLowerCase();
  const pages = publicUrl.host.toLowerCase();
  const pagesName = publicUrl.hostname.toLowerCase();
  return (host: string | undefined): Site => {
    if (!host) return NONE;
    // The usual case first, without lowercasing anything: browsers send the host as typed, lowercase.
    if (host === pages) return PUBLIC;
    if (host === app) return APP;
    const lower = host.toLowerCase();
    if (lower === app) return APP;
    if (lower === pages) return PUBLIC;
    const name = hostnameOf(lower);
    if (name === pagesName) return PUBLIC;
    const domain = domains.get(name);
    return domain ? { kind: 'domain', domain } : NONE;
  };
}

export type Sites = ReturnType<typeof createSites>;
