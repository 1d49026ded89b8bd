import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';

/** The part of node:dns/promises' Resolver the check uses. */
export interface MailResolver {
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

/**
 * node:dns's resolver for a visitor's sign-up: one try, 1.5 s, so a slow DNS delays a sign-up a
 * little and then lets it through. Asks `servers` (DNS_SERVERS) or, when unset, the system's.
 */
export function mailResolver(servers?: readonly string[]): MailResolver {
  const resolver = new Resolver({ timeout: 1500, tries: 1 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/** 'unknown': the DNS could not say (it failed, or it cannot see the internet): the address is taken. */
export type Deliverability = 'deliverable' | 'undeliverable' | 'unknown';

/**
 * A domain every resolver that sees the internet knows to take mail. A resolver that calls it
 * unknown too answers every name so (an air-gapped network, a sandbox): its "no such domain" is no
 * evidence against anyone's.
 */
export const CANARY_DOMAIN = 'gmail.com';

export const DELIVERABILITY_CACHE = {
  deliverableMs: 60 * 60_000,
  undeliverableMs: 5 * 60_000,
  /** A failed lookup is asked again soon, but not by every sign-up while the DNS is down. */
  unknownMs: 60_000,
  canaryMs: 5 * 60_000,
  maxDomains: 10_000,
};

/** The answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND']);
const codeOf = (err: unknown) => (err as { code?: string }).code;

/** What one question found: `none` that the name does not exist at all (NXDOMAIN). */
type Found = 'yes' | 'no' | 'none' | 'unknown';

export interface DeliverabilityOptions {
  resolver: MailResolver;
  /** Told once each time the resolver turns out to see no internet (and again after it did). */
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * Whether mail can reach a domain (docs/decisions/0086): it has an MX record, or, having none, an
 * address (RFC 5321's implicit MX). A null MX (RFC 7505) counts as none, not as a refusal: the
 * reserved example.com has one and an address, and the project's own journeys and benchmarks sign
 * up there against whatever DNS their machine has. Answers are kept in memory, an hour when yes,
 * five minutes when no; concurrent questions about a domain share one lookup.
 */
export function createDeliverability({ resolver, warn, now = Date.now }: DeliverabilityOptions) {
  const known = new Map<string, { result: Deliverability; until: number }>();
  const asking = new Map<string, Promise<Deliverability>>();
  let canary: { sees: boolean; until: number } | undefined;
  let canaryAsking: Promise<boolean> | undefined;
  let blindToldOf = false;

  async function mx(domain: string): Promise<Found> {
    try {
      const records = await resolver.resolveMx(domain);
      return records.some((r) => r.exchange !== '' && r.exchange !== '.') ? 'yes' : 'no';
    } catch (err) {
      const code = codeOf(err);
      return code === 'ENODATA' ? 'no' : code === 'ENOTFOUND' ? 'none' : 'unknown';
    }
  }

  async function addresses(domain: string): Promise<Found> {
    const ask = async (lookup: () => Promise<string[]>): Promise<Found> => {
      try {
        return (await lookup()).length > 0 ? 'yes' : 'no';
      } catch (err) {
        return ABSENT.has(codeOf(err) ?? '') ? 'no' : 'unknown';
      }
    };
    const found = await Promise.all([ask(() => resolver.resolve4(domain)), ask(() => resolver.resolve6(domain))]);
    return found.includes('yes') ? 'yes' : found.includes('unknown') ? 'unknown' : 'no';
  }

  /** Whether the resolver sees the internet: it knows the canary's mail servers. */
  function seesInternet(): Promise<boolean> {
    if (canary && canary.until > now()) return Promise.resolve(canary.sees);
    canaryAsking ??= (async () => {
      const sees = (await mx(CANARY_DOMAIN)) === 'yes';
      canary = { sees, until: now() + DELIVERABILITY_CACHE.canaryMs };
      if (!sees && !blindToldOf)
        warn(`The DNS does not know ${CANARY_DOMAIN}'s mail servers: visitors' email domains are not checked until it does`);
      blindToldOf = !sees;
      return sees;
    })().finally(() => (canaryAsking = undefined));
    return canaryAsking;
  }

  async function lookUp(domain: string): Promise<Deliverability> {
    let found = await mx(domain);
    // No MX: the domain's own address takes its mail, if it has one.
    if (found === 'no') found = await addresses(domain);
    if (found === 'yes') return 'deliverable';
    if (found === 'unknown') return 'unknown';
    return (await seesInternet()) ? 'undeliverable' : 'unknown';
  }

  function remember(domain: string, result: Deliverability) {
    const ms =
      result === 'deliverable'
        ? DELIVERABILITY_CACHE.deliverableMs
        : result === 'undeliverable'
          ? DELIVERABILITY_CACHE.undeliverableMs
          : DELIVERABILITY_CACHE.unknownMs;
    known.delete(domain);
    known.set(domain, { result, until: now() + ms });
    if (known.size > DELIVERABILITY_CACHE.maxDomains) known.delete(known.keys().next().value!);
  }

  /** Whether mail can reach `domain` (the part of an address after its @). Never throws. */
  return function deliverability(domain: string): Promise<Deliverability> {
    const name = domainToASCII(domain.trim().toLowerCase().replace(/\.$/, ''));
    if (!name) return Promise.resolve('unknown');
    const cached = known.get(name);
    if (cached && cached.until > now()) return Promise.resolve(cached.result);
    let pending = asking.get(name);
    if (!pending) {
      pending = lookUp(name)
        .catch((): Deliverability => 'unknown')
        .then((result) => {
          remember(name, result);
          return result;
        })
        .finally(() => asking.delete(name));
      asking.set(name, pending);
    }
    return pending;
  };
}

export type DeliverabilityCheck = ReturnType<typeof createDeliverability>;
