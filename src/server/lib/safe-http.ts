import { type LookupAddress, lookup as dnsLookupCallback } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, Socket, type TcpNetConnectOpts } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Requests to addresses the owner typed (webhook endpoints), safe from server-side request forgery:
 * only http(s) to public unicast addresses, checked when the URL is saved AND when the connection
 * is made (the name may resolve elsewhere by then: DNS rebinding); no redirects followed; short
 * timeouts; answers read up to a cap. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_NETWORKS) lifts the
 * address rule for a self-hosted install that delivers to its own services.
 */

export type Resolve = (host: string) => Promise<LookupAddress[]>;
const resolveAll: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

const v4 = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;
const inRange = (ip: ipaddr.IPv6, cidr: string) => ip.match(ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number]);

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one (and
 * reach it through a translator, a tunnel or the host's own stack), with the form's name. The
 * 48-bit NAT64 prefix places the IPv4 by the operator's prefix length, so it is named without one.
 */
export function embeddedIPv4(ip: ipaddr.IPv6): { form: string; ipv4: ipaddr.IPv4 | null } | null {
  const p = ip.parts;
  if (inRange(ip, '::/96')) return { form: 'an IPv4-compatible IPv6 address', ipv4: v4(p[6]!, p[7]!) };
  if (inRange(ip, '::ffff:0:0/96')) return { form: 'an IPv4-mapped IPv6 address', ipv4: v4(p[6]!, p[7]!) };
  if (inRange(ip, '::ffff:0:0:0/96')) return { form: 'an IPv4-translated IPv6 address', ipv4: v4(p[6]!, p[7]!) };
  if (inRange(ip, '64:ff9b::/96')) return { form: 'a NAT64 IPv6 address', ipv4: v4(p[6]!, p[7]!) };
  if (inRange(ip, '64:ff9b:1::/48')) return { form: 'a local NAT64 IPv6 address', ipv4: null };
  if (inRange(ip, '2002::/16')) return { form: 'a 6to4 IPv6 address', ipv4: v4(p[1]!, p[2]!) };
  // Teredo: the client's IPv4 is the last 32 bits, inverted.
  if (inRange(ip, '2001::/32')) return { form: 'a Teredo IPv6 address', ipv4: v4(~p[6]! & 0xffff, ~p[7]! & 0xffff) };
  return null;
}

/**
 * Why an address may not be reached, or null when it is public unicast. IPv6 must be global
 * unicast (2000::/3, outside every special range), and no IPv6 form that carries an IPv4 address
 * passes: one that carries a private IPv4 is refused for it, one that carries a public IPv4
 * is refused too (the IPv4 address itself is the way to reach it).
 */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') {
    const range = ip.range();
    return range === 'unicast' ? null : `${address} is a ${range} address, not a public one`;
  }
  const ipv6 = ip as ipaddr.IPv6;
  const range = ipv6.range();
  if (range === 'unspecified' || range === 'loopback') return `${address} is a ${range} address, not a public one`;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) {
    const carried = embedded.ipv4;
    if (!carried) return `${address} is ${embedded.form}, which leads to an IPv4 address, not a public one`;
    const carriedRange = carried.range();
    return carriedRange === 'unicast'
      ? `${address} is ${embedded.form} for ${carried.toString()}: enter ${carried.toString()} itself`
      : `${address} is ${embedded.form} for ${carried.toString()}, a ${carriedRange} address, not a public one`;
  }
  if (range !== 'unicast') return `${address} is a ${range} address, not a public one`;
  if (!inRange(ipv6, '2000::/3')) return `${address} is a reserved address, not a public one`;
  return null;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The save-time check: the URL's form, and every address its host resolves to now. */
export async function checkOutboundUrl(
  raw: string,
  { allowPrivate, resolve = resolveAll }: { allowPrivate: boolean; resolve?: Resolve },
): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Enter a full URL starting with https:// or http://.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'Only http:// and https:// URLs can receive webhooks.' };
  if (url.username || url.password) return { ok: false, reason: 'Put credentials in a header or the path, not in the URL.' };
  if (allowPrivate) return { ok: true, url };

  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      return { ok: false, reason: `${host} could not be found (DNS).` };
    }
  }
  for (const address of addresses) {
    const refused = refusedAddress(address);
    if (refused) return { ok: false, reason: `Webhooks can only go to public addresses: ${refused}.` };
  }
  return { ok: true, url };
}

export interface SafePostOptions {
  allowPrivate: boolean;
  /** The whole request, connect to last byte read. */
  timeoutMs?: number;
  /** How much of the answer's body is kept. */
  maxResponseBytes?: number;
  /** Tests only: resolve names as a rebinding DNS would. */
  lookup?: http.RequestOptions['lookup'];
}

export type SafePostResult =
  { ok: true; status: number; durationMs: number; body: string } | { ok: false; error: string; durationMs: number };

type Lookup = NonNullable<TcpNetConnectOpts['lookup']>;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A name's lookup that fails when any address it returns is refused (the name may point elsewhere now). */
function guardedLookup(lookup: Lookup): Lookup {
  return ((hostname: string, options: object, callback: LookupCallback) =>
    (lookup as unknown as (h: string, o: object, c: LookupCallback) => void)(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      for (const { address: one } of Array.isArray(address) ? address : [{ address }]) {
        const refused = refusedAddress(one);
        if (refused)
          return callback(new Error(`DNS lookup ${one} (host ${hostname}) is not allowed: ${refused}.`), address, family);
      }
      callback(null, address, family);
    })) as unknown as Lookup;
}

type ConnectionListener = (error: Error | null, socket: Duplex) => void;

/**
 * Lodestone's rule (refusedAddress: no IPv6 form of an IPv4 address, only global unicast IPv6) on
 * the socket about to connect, for an IP in the URL and for every address a name resolves to at
 * that moment, before request-filtering-agent's own check (private and special ranges).
 */
function guardedConnection(
  options: TcpNetConnectOpts,
  listener: ConnectionListener | undefined,
  connect: (options: TcpNetConnectOpts, listener?: ConnectionListener) => Duplex,
): Duplex {
  const refused = options.host && isIP(options.host) ? refusedAddress(options.host) : null;
  if (!refused) return connect({ ...options, lookup: guardedLookup(options.lookup ?? dnsLookupCallback) }, listener);
  const error = new Error(`${options.host} is not allowed: ${refused}.`);
  const socket = new Socket();
  if (listener) listener(error, socket);
  else socket.destroy(error);
  return socket;
}

class GuardedHttpAgent extends RequestFilteringHttpAgent {
  override createConnection(options: TcpNetConnectOpts, listener?: ConnectionListener) {
    return guardedConnection(options, listener, (o, l) => super.createConnection(o, l));
  }
}

class GuardedHttpsAgent extends RequestFilteringHttpsAgent {
  override createConnection(options: TcpNetConnectOpts, listener?: ConnectionListener) {
    return guardedConnection(options, listener, (o, l) => super.createConnection(o, l));
  }
}

const agents = {
  strict: {
    http: new GuardedHttpAgent({ keepAlive: false }),
    https: new GuardedHttpsAgent({ keepAlive: false }),
  },
  open: { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) },
};

/**
 * POSTs `body` and reads the answer. Never throws: a refused address, a timeout or a broken
 * connection comes back as `{ ok: false, error }`. A 3xx is an answer like any other (not followed).
 */
export function postSafely(
  url: URL,
  body: string,
  headers: Record<string, string>,
  { allowPrivate, timeoutMs = 10_000, maxResponseBytes = 4096, lookup }: SafePostOptions,
): Promise<SafePostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = url.protocol === 'https:' ? https : http;
  const agent = (allowPrivate ? agents.open : agents.strict)[url.protocol === 'https:' ? 'https' : 'http'];

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SafePostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request(url, {
      method: 'POST',
      agent,
      ...(lookup ? { lookup } : {}),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (err) => finish({ ok: false, error: err.message, durationMs: elapsed() }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () =>
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          durationMs: elapsed(),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      response.on('data', (chunk: Buffer) => {
        if (kept < maxResponseBytes) {
          chunks.push(chunk.subarray(0, maxResponseBytes - kept));
          kept += Math.min(chunk.length, maxResponseBytes - kept);
        }
        // Enough read: the rest is not waited for (a receiver streaming forever cannot hold a worker).
        if (kept >= maxResponseBytes) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', (err) => finish({ ok: false, error: err.message, durationMs: elapsed() }));
    });
    request.end(body);
  });
}
