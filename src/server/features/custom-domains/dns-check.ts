import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { txtRecordName, txtRecordValue, type DomainCheck, type RecordCheck } from '@/domain/custom-domains';

/** The part of node:dns/promises' Resolver the checks use: tests hand in a stub. */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

/** node:dns's resolver, asking `servers` (DNS_SERVERS) or, when unset, the system's. */
export function systemResolver(servers?: readonly string[]): DnsResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/** What one check found; `transient`: a lookup failed (timeout, SERVFAIL), so nothing may change on it. */
export interface RecordsFound extends DomainCheck {
  transient: boolean;
}

/** The answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND']);

class Transient extends Error {}

/** The records, [] when there are none; throws Transient when the question got no answer. */
async function lookup<T>(ask: () => Promise<T[]>): Promise<T[]> {
  try {
    return await ask();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code && ABSENT.has(code)) return [];
    throw new Transient(code ?? String(err));
  }
}

const bareName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const sameSet = (a: string[], b: string[]) => {
  const x = [...new Set(a.map((v) => v.toLowerCase()))].sort();
  const y = [...new Set(b.map((v) => v.toLowerCase()))].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/**
 * Checks a domain's two records (docs/decisions/0055):
 * - TXT at `_lodestone.{hostname}`: one record (its chunks joined) must be `lodestone-verify={token}`;
 * - the hostname must be a CNAME of `pagesHost` (PUBLIC_URL's hostname, case and trailing dot aside),
 *   or, where a CNAME cannot be (an apex, a provider flattening it), have the pages host's addresses:
 *   each family it has (A, AAAA) the same set as the pages host's, and at least one.
 * No record at all is 'missing'; records saying something else are 'mismatch'.
 */
export async function checkRecords(
  resolver: DnsResolver,
  hostname: string,
  token: string,
  pagesHost: string,
  now = new Date(),
): Promise<RecordsFound> {
  let transient = false;
  const guard = async (check: () => Promise<RecordCheck>): Promise<RecordCheck> => {
    try {
      return await check();
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      transient = true;
      return 'missing';
    }
  };
  const expected = txtRecordValue(token);
  const target = bareName(pagesHost);
  const [txt, cname] = await Promise.all([
    guard(async () => {
      const records = await lookup(() => resolver.resolveTxt(txtRecordName(hostname)));
      if (records.length === 0) return 'missing';
      return records.some((chunks) => chunks.join('').trim() === expected) ? 'ok' : 'mismatch';
    }),
    guard(async () => {
      const aliases = await lookup(() => resolver.resolveCname(hostname));
      if (aliases.some((alias) => bareName(alias) === target)) return 'ok';
      const [own4, own6] = await Promise.all([
        lookup(() => resolver.resolve4(hostname)),
        lookup(() => resolver.resolve6(hostname)),
      ]);
      if (own4.length === 0 && own6.length === 0) return aliases.length > 0 ? 'mismatch' : 'missing';
      const [pages4, pages6] = await pagesAddresses(resolver, target);
      const sameFamily = (own: string[], pages: string[]) => own.length === 0 || sameSet(own, pages);
      return sameFamily(own4, pages4) && sameFamily(own6, pages6) ? 'ok' : 'mismatch';
    }),
  ]);
  return { txt, cname, checkedAt: now.toISOString(), transient };
}

async function pagesAddresses(resolver: DnsResolver, host: string): Promise<[string[], string[]]> {
  const family = isIP(host);
  if (family === 4) return [[host], []];
  if (family === 6) return [[], [host]];
  return Promise.all([lookup(() => resolver.resolve4(host)), lookup(() => resolver.resolve6(host))]);
}
