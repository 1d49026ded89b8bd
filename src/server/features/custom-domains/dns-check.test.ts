import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type DnsStandIn } from '@tests/stand-ins/dns';
import { checkRecords, systemResolver, type DnsResolver } from './dns-check.js';

const NOW = new Date('2027-03-01T10:00:00Z');
const TOKEN = '0123456789abcdef0123456789abcdef';
const PAGES = 'pages.lodestone.test';

const dnsError = (code: string) => Object.assign(new Error(`query failed: ${code}`), { code });

/** A resolver answering from a table; `errors` names a failure per `TYPE name`. */
function stub(table: Record<string, unknown>, errors: Record<string, string> = {}): DnsResolver {
  const ask =
    <T>(type: string) =>
    async (name: string): Promise<T[]> => {
      const key = `${type} ${name}`;
      if (errors[key]) throw dnsError(errors[key]);
      const value = table[key];
      if (value === undefined) throw dnsError('ENOTFOUND');
      return value as T[];
    };
  return { resolveTxt: ask('TXT'), resolveCname: ask('CNAME'), resolve4: ask('A'), resolve6: ask('AAAA') };
}

const txtOk = { 'TXT _lodestone.offers.acme.test': [[`lodestone-verify=${TOKEN}`]] };
const pagesAddresses = { [`A ${PAGES}`]: ['203.0.113.7', '203.0.113.8'], [`AAAA ${PAGES}`]: ['2001:db8::7'] };
const check = (resolver: DnsResolver, hostname = 'offers.acme.test', pages = PAGES) =>
  checkRecords(resolver, hostname, TOKEN, pages, NOW);

describe('the TXT record', () => {
  it('is ok when one record, its chunks joined, is lodestone-verify={token}', async () => {
    const chunked = { 'TXT _lodestone.offers.acme.test': [['v=other'], ['lodestone-verify=', TOKEN]] };
    expect(await check(stub({ ...chunked, 'CNAME offers.acme.test': [PAGES] }))).toEqual({
      txt: 'ok',
      cname: 'ok',
      checkedAt: NOW.toISOString(),
      transient: false,
    });
  });

  it('is a mismatch when records are there but none holds the token', async () => {
    const other = { 'TXT _lodestone.offers.acme.test': [['lodestone-verify=someone-else'], [TOKEN]] };
    expect((await check(stub(other))).txt).toBe('mismatch');
  });

  it('is missing when the name has no TXT (ENODATA) or does not exist (ENOTFOUND)', async () => {
    expect((await check(stub({}, { 'TXT _lodestone.offers.acme.test': 'ENODATA' }))).txt).toBe('missing');
    expect((await check(stub({}))).txt).toBe('missing');
    expect((await check(stub({ 'TXT _lodestone.offers.acme.test': [] }))).txt).toBe('missing');
  });

  it('is reported missing but transient when the question got no answer', async () => {
    const found = await check(stub({ 'CNAME offers.acme.test': [PAGES] }, { 'TXT _lodestone.offers.acme.test': 'ETIMEOUT' }));
    expect(found).toMatchObject({ txt: 'missing', cname: 'ok', transient: true });
  });
});

describe('the CNAME record', () => {
  it("is ok when the name is an alias of PUBLIC_URL's host, case and trailing dot aside", async () => {
    expect((await check(stub({ ...txtOk, 'CNAME offers.acme.test': ['Pages.Lodestone.TEST.'] }))).cname).toBe('ok');
  });

  it('is a mismatch when it points elsewhere and the addresses differ', async () => {
    const table = {
      ...txtOk,
      ...pagesAddresses,
      'CNAME offers.acme.test': ['elsewhere.example'],
      'A offers.acme.test': ['198.51.100.1'],
    };
    expect(await check(stub(table))).toMatchObject({ txt: 'ok', cname: 'mismatch', transient: false });
  });

  it('is a mismatch when it points elsewhere and the target has no address', async () => {
    expect((await check(stub({ ...txtOk, 'CNAME offers.acme.test': ['elsewhere.example'] }))).cname).toBe('mismatch');
  });

  it('is missing when the name has no CNAME and no address', async () => {
    expect((await check(stub(txtOk, { 'CNAME offers.acme.test': 'ENODATA', 'A offers.acme.test': 'ENODATA' }))).cname).toBe(
      'missing',
    );
  });

  it("at an apex, is ok when its A and AAAA sets are the pages host's, in any order", async () => {
    const table = {
      ...txtOk,
      ...pagesAddresses,
      'A acme.test': ['203.0.113.8', '203.0.113.7'],
      'AAAA acme.test': ['2001:DB8::7'],
    };
    expect((await check(stub(table, { 'CNAME acme.test': 'ENODATA' }), 'acme.test')).cname).toBe('ok');
  });

  it('at an apex, is ok with the A set alone (no AAAA of its own)', async () => {
    const table = { ...txtOk, ...pagesAddresses, 'A acme.test': ['203.0.113.7', '203.0.113.8'] };
    expect((await check(stub(table, { 'CNAME acme.test': 'ENODATA' }), 'acme.test')).cname).toBe('ok');
  });

  it("at an apex, is a mismatch when a set is only part of the pages host's, or has more", async () => {
    const part = { ...pagesAddresses, 'A acme.test': ['203.0.113.7'] };
    expect((await check(stub(part, { 'CNAME acme.test': 'ENODATA' }), 'acme.test')).cname).toBe('mismatch');
    const more = { ...pagesAddresses, 'A acme.test': ['203.0.113.7', '203.0.113.8'], 'AAAA acme.test': ['2001:db8::9'] };
    expect((await check(stub(more, { 'CNAME acme.test': 'ENODATA' }), 'acme.test')).cname).toBe('mismatch');
  });

  it('compares with the address itself when PUBLIC_URL names an IP', async () => {
    const table = { 'A offers.acme.test': ['127.0.0.1'] };
    expect((await check(stub(table, { 'CNAME offers.acme.test': 'ENODATA' }), 'offers.acme.test', '127.0.0.1')).cname).toBe('ok');
    const v6 = { 'AAAA offers.acme.test': ['::1'] };
    expect((await check(stub(v6, { 'CNAME offers.acme.test': 'ENODATA' }), 'offers.acme.test', '::1')).cname).toBe('ok');
  });

  it('is transient when a lookup of the addresses fails', async () => {
    const found = await check(stub(txtOk, { 'CNAME offers.acme.test': 'ENODATA', 'A offers.acme.test': 'ESERVFAIL' }));
    expect(found).toMatchObject({ cname: 'missing', transient: true });
  });
});

describe('through a real resolver and the DNS stand-in', () => {
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDns({
      '_lodestone.offers.localhost': { TXT: [['lodestone-verify=', TOKEN]] },
      'offers.localhost': { CNAME: 'pages.localhost.' },
      'pages.localhost': { A: ['127.0.0.1'] },
      'apex.localhost': { A: ['127.0.0.1'] },
      '_lodestone.apex.localhost': { TXT: ['nothing to see'] },
    });
  });
  afterAll(() => dns.close());

  it('finds the records as node:dns reads them (chunks, CNAME, apex addresses, NXDOMAIN, NODATA)', async () => {
    const resolver = systemResolver([dns.address]);
    expect(await checkRecords(resolver, 'offers.localhost', TOKEN, 'pages.localhost', NOW)).toMatchObject({
      txt: 'ok',
      cname: 'ok',
      transient: false,
    });
    expect(await checkRecords(resolver, 'apex.localhost', TOKEN, 'pages.localhost', NOW)).toMatchObject({
      txt: 'mismatch',
      cname: 'ok',
      transient: false,
    });
    expect(await checkRecords(resolver, 'nobody.localhost', TOKEN, 'pages.localhost', NOW)).toMatchObject({
      txt: 'missing',
      cname: 'missing',
      transient: false,
    });
    dns.set({ 'offers.localhost': { CNAME: 'elsewhere.localhost' } });
    expect(await checkRecords(resolver, 'offers.localhost', TOKEN, 'pages.localhost', NOW)).toMatchObject({
      txt: 'missing',
      cname: 'mismatch',
      transient: false,
    });
    expect(dns.questions).toContain('TXT _lodestone.offers.localhost');
  });
});
