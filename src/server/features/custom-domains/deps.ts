import type { Db } from '@/server/db/client';
import type { DnsResolver } from './dns-check.js';
import type { DomainMap } from './domain-map.js';

export interface DomainDeps {
  db: Db;
  resolver: DnsResolver;
  /** PUBLIC_URL's hostname: the target of every domain's CNAME. */
  pagesHost: string;
  /** APP_URL's and PUBLIC_URL's hostnames: Lodestone's own, no owner's. */
  ownHosts: readonly string[];
  /** Where the owners' emails link to (APP_URL's origin). */
  appOrigin: string;
  /** This server's map of serving domains, read again after a change so its visitors see it at once. */
  domains?: Pick<DomainMap, 'refresh'>;
}

/** The deps from the two URLs (the brackets of an IPv6 literal aside). */
export function domainDeps(
  options: { db: Db; resolver: DnsResolver; appUrl: URL; publicUrl: URL },
  domains?: Pick<DomainMap, 'refresh'>,
): DomainDeps {
  const bare = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return {
    db: options.db,
    resolver: options.resolver,
    pagesHost: bare(options.publicUrl),
    ownHosts: [bare(options.appUrl), bare(options.publicUrl)],
    appOrigin: options.appUrl.origin,
    domains,
  };
}
