import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
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

/** Why an address may not be reached, or null when it is public unicast. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : `${address} is a ${range} address, not a public one`;
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

const agents = {
  strict: {
    http: new RequestFilteringHttpAgent({ keepAlive: false }),
    https: new RequestFilteringHttpsAgent({ keepAlive: false }),
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
