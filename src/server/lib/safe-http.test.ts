import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, postSafely, refusedAddress, type Resolve } from './safe-http.js';

// docs/decisions/0021: webhooks go only to public addresses, checked when the URL is saved and when the
// connection is made; no redirect is followed, answers are capped and slow receivers time out.

const resolvesTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
const strict = { allowPrivate: false, resolve: resolvesTo('93.184.215.14') };

let server: http.Server;
let base: string;
const received: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req.url ?? '');
    if (req.url === '/redirect') return res.writeHead(302, { location: '/landed' }).end();
    if (req.url === '/huge') return res.end('x'.repeat(1024 * 1024));
    if (req.url === '/slow') return; // never answers
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('save-time check', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/hook'],
    ['loopback by name', 'http://localhost/hook'],
    ['private 10/8', 'https://10.1.2.3/hook'],
    ['private 172.16/12', 'https://172.20.0.5/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['IPv6 unique local', 'http://[fd12:3456::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped IPv6 metadata', 'http://[::ffff:a9fe:a9fe]/hook'],
  ])('refuses %s (%s)', async (_, url) => {
    const resolve = url.includes('localhost') ? resolvesTo('127.0.0.1', '::1') : strict.resolve;
    const check = await checkOutboundUrl(url, { allowPrivate: false, resolve });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/public addresses/);
  });

  // Every IPv6 form that carries an IPv4 address, and every IPv6 address outside global unicast.
  it.each([
    [
      'IPv4-compatible loopback',
      'http://[::127.0.0.1]/',
      /::7f00:1 is an IPv4-compatible IPv6 address for 127\.0\.0\.1, a loopback/,
    ],
    ['IPv4-compatible metadata', 'http://[::169.254.169.254]/latest/', /for 169\.254\.169\.254, a linkLocal/],
    ['IPv4-compatible private', 'http://[::10.0.0.1]/hook', /for 10\.0\.0\.1, a private/],
    ['IPv4-compatible in hex', 'http://[::a9fe:a9fe]/', /for 169\.254\.169\.254/],
    ['IPv4-compatible public', 'http://[::93.184.215.14]/', /for 93\.184\.215\.14: enter 93\.184\.215\.14 itself/],
    ['IPv4-mapped public', 'http://[::ffff:93.184.215.14]/', /IPv4-mapped IPv6 address for 93\.184\.215\.14/],
    ['IPv4-translated loopback', 'http://[::ffff:0:127.0.0.1]/', /IPv4-translated IPv6 address for 127\.0\.0\.1/],
    ['NAT64 metadata', 'http://[64:ff9b::169.254.169.254]/', /NAT64 IPv6 address for 169\.254\.169\.254/],
    ['NAT64 local-use', 'http://[64:ff9b:1:a00::1]/', /local NAT64/],
    ['6to4 of a private network', 'http://[2002:a00:1::1]/', /6to4 IPv6 address for 10\.0\.0\.1, a private/],
    ['6to4 of loopback', 'http://[2002:7f00:1::]/', /6to4 IPv6 address for 127\.0\.0\.1/],
    ['Teredo to loopback', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /Teredo IPv6 address for 127\.0\.0\.1/],
    ['reserved ::/8 outside the IPv4 forms', 'http://[::1:0:0:1]/', /reserved address/],
    ['discard-only', 'http://[100::1]/', /discard/],
    ['deprecated site-local', 'http://[fec0::1]/', /deprecatedSiteLocal/],
    ['multicast', 'http://[ff02::1]/', /multicast/],
    ['documentation', 'http://[2001:db8::1]/', /reserved/],
  ])('refuses the IPv6 form %s (%s), naming the IPv4 it carries', async (_, url, reason) => {
    const check = await checkOutboundUrl(url, strict);
    expect(check.ok, url).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/^Webhooks can only go to public addresses: /);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it('refuses a name that resolves to an IPv6 form of a private IPv4 address', async () => {
    for (const address of ['::7f00:1', '64:ff9b::a00:1', '2002:a9fe:a9fe::1']) {
      const check = await checkOutboundUrl('https://hooks.example.com/in', { allowPrivate: false, resolve: resolvesTo(address) });
      expect(check.ok, address).toBe(false);
    }
  });

  it('refuses a name that resolves to a private address among public ones', async () => {
    const check = await checkOutboundUrl('https://hooks.example.com/in', {
      allowPrivate: false,
      resolve: resolvesTo('93.184.215.14', '10.0.0.8'),
    });
    expect(check).toEqual({ ok: false, reason: expect.stringMatching(/10\.0\.0\.8 is a private address/) });
  });

  it('refuses other schemes, credentials in the URL, names that do not resolve and non-URLs', async () => {
    expect((await checkOutboundUrl('ftp://example.com/x', strict)).ok).toBe(false);
    expect((await checkOutboundUrl('file:///etc/passwd', strict)).ok).toBe(false);
    expect((await checkOutboundUrl('https://user:pw@example.com/x', strict)).ok).toBe(false);
    expect((await checkOutboundUrl('not a url', strict)).ok).toBe(false);
    const nowhere = await checkOutboundUrl('https://nowhere.invalid/x', {
      allowPrivate: false,
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect(nowhere).toEqual({ ok: false, reason: 'nowhere.invalid could not be found (DNS).' });
  });

  it('accepts a public address, and private ones only when the install allows them', async () => {
    expect((await checkOutboundUrl('https://hooks.example.com/in', strict)).ok).toBe(true);
    expect((await checkOutboundUrl('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/in', strict)).ok).toBe(true);
    expect((await checkOutboundUrl('http://127.0.0.1:9/in', { allowPrivate: true })).ok).toBe(true);
    expect(refusedAddress('8.8.8.8')).toBeNull();
  });
});

describe('connect-time check', () => {
  it('refuses a loopback address even when the URL passed the save-time check (DNS rebinding)', async () => {
    const port = new URL(base).port;
    // Saved while the name pointed to a public address…
    const url = `http://rebind.example:${port}/hook`;
    expect((await checkOutboundUrl(url, strict)).ok).toBe(true);
    // …then it resolves to the loopback when the delivery connects.
    const before = received.length;
    const result = await postSafely(
      new URL(url),
      '{}',
      {},
      {
        allowPrivate: false,
        // As Node's net asks (all: true with autoSelectFamily, a single address otherwise).
        lookup: (_host, options, callback) => {
          const answer = callback as (e: null, a: string | { address: string; family: number }[], f?: number) => void;
          if (options.all) answer(null, [{ address: '127.0.0.1', family: 4 }]);
          else answer(null, '127.0.0.1', 4);
        },
      },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/127\.0\.0\.1.*not allowed/);
    expect(received.length).toBe(before);
  });

  it('refuses an IP literal to a private address at connect time', async () => {
    const result = await postSafely(new URL(`${base}/hook`), '{}', {}, { allowPrivate: false });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not allowed/) });
  });
});

describe('connect-time check of IPv6 forms of IPv4 addresses', () => {
  const forms = [
    '::7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '::1:0:0:1',
  ];

  it.each(forms)('refuses %s in the URL before connecting', async (address) => {
    const port = new URL(base).port;
    const before = received.length;
    const result = await postSafely(new URL(`http://[${address}]:${port}/hook`), '{}', {}, { allowPrivate: false });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/is not allowed: .*not a public one|itself/) });
    expect(received.length).toBe(before);
  });

  it.each(forms)('refuses a name that resolves to %s when the delivery connects (DNS rebinding)', async (address) => {
    const port = new URL(base).port;
    const before = received.length;
    const result = await postSafely(
      new URL(`http://rebind.example:${port}/hook`),
      '{}',
      {},
      {
        allowPrivate: false,
        lookup: (_host, options, callback) => {
          const answer = callback as (e: null, a: string | { address: string; family: number }[], f?: number) => void;
          if (options.all) answer(null, [{ address, family: 6 }]);
          else answer(null, address, 6);
        },
      },
    );
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/is not allowed: .*not a public one|itself/) });
    expect(received.length).toBe(before);
  });
});

describe('the request itself', () => {
  const open = { allowPrivate: true };

  it('posts the body and reports the status and duration', async () => {
    const result = await postSafely(new URL(`${base}/hook`), '{"a":1}', { 'webhook-id': 'msg_1' }, open);
    expect(result).toMatchObject({ ok: true, status: 204, body: '' });
  });

  it('does not follow a redirect: the 302 is the answer', async () => {
    const before = received.length;
    const result = await postSafely(new URL(`${base}/redirect`), '{}', {}, open);
    expect(result).toMatchObject({ ok: true, status: 302 });
    expect(received.slice(before)).toEqual(['/redirect']);
  });

  it('keeps only the first bytes of a large answer', async () => {
    const result = await postSafely(new URL(`${base}/huge`), '{}', {}, { ...open, maxResponseBytes: 100 });
    expect(result.ok && result.body.length).toBe(100);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const result = await postSafely(new URL(`${base}/slow`), '{}', {}, { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'no answer within 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(5000);
  });
});
