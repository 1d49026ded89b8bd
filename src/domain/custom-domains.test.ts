import { describe, expect, it } from 'vitest';
import { normaliseHostname, pointingRecordType } from './custom-domains';

describe('the hostname an owner types', () => {
  it('is kept lowercase, without a trailing dot', () => {
    expect(normaliseHostname(' Offers.Example.COM. ')).toBe('offers.example.com');
  });

  it('may be pasted as an address: its host is taken', () => {
    expect(normaliseHostname('https://offers.example.com/')).toBe('offers.example.com');
    expect(normaliseHostname('http://Offers.Example.com:8443/free-guide?x=1')).toBe('offers.example.com');
    expect(normaliseHostname('offers.example.com/')).toBe('offers.example.com');
  });

  it('may be international: it becomes its ASCII form', () => {
    expect(normaliseHostname('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it('is refused when it is not a domain name', () => {
    for (const bad of [
      '',
      'localhost',
      'offers example.com',
      '10.0.0.1',
      'https://10.0.0.1/',
      '[::1]',
      '-a.example.com',
      'a..b',
      'ftp://x.example.com',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(normaliseHostname(bad), bad).toBeNull();
    }
  });
});

describe('the record that points a domain at the pages host', () => {
  it('is a CNAME to a name, and an A or AAAA record to an address', () => {
    expect(pointingRecordType('pages.lodestone.example')).toBe('CNAME');
    expect(pointingRecordType('203.0.113.7')).toBe('A');
    expect(pointingRecordType('[2001:db8::1]')).toBe('AAAA');
  });
});
