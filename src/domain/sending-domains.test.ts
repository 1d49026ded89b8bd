import { describe, expect, it } from 'vitest';
import { isSpfRecord, normaliseLocalPart, spfIncludes, spfWithInclude } from './sending-domains';

describe('SPF records', () => {
  it('are told by their version, case aside', () => {
    expect(isSpfRecord('v=spf1 -all')).toBe(true);
    expect(isSpfRecord(' V=SPF1 include:x.test ~all')).toBe(true);
    expect(isSpfRecord('v=spf10 -all')).toBe(false);
    expect(isSpfRecord('site-verification=v=spf1')).toBe(false);
  });

  it('include a domain by its include term, with a passing qualifier only', () => {
    expect(spfIncludes('v=spf1 include:SPF.Lodestone.test ~all', 'spf.lodestone.test')).toBe(true);
    expect(spfIncludes('v=spf1 +include:spf.lodestone.test ~all', 'spf.lodestone.test')).toBe(true);
    expect(spfIncludes('v=spf1 -include:spf.lodestone.test ~all', 'spf.lodestone.test')).toBe(false);
    expect(spfIncludes('v=spf1 include:spf.lodestone.test.evil.test ~all', 'spf.lodestone.test')).toBe(false);
    expect(spfIncludes('v=spf1 ~all', 'spf.lodestone.test')).toBe(false);
  });

  it('get the include before their all or redirect term, or at their end', () => {
    expect(spfWithInclude('v=spf1 mx include:a.test -all', 'l.test')).toBe('v=spf1 mx include:a.test include:l.test -all');
    expect(spfWithInclude('v=spf1 redirect=_spf.a.test', 'l.test')).toBe('v=spf1 include:l.test redirect=_spf.a.test');
    expect(spfWithInclude('v=spf1  mx ', 'l.test')).toBe('v=spf1 mx include:l.test');
  });
});

describe('a local part', () => {
  it('is lowercased and checked', () => {
    expect(normaliseLocalPart(' Hello ')).toBe('hello');
    expect(normaliseLocalPart('news.letter+promo_2')).toBe('news.letter+promo_2');
    for (const bad of ['', '.a', 'a.', 'a..b', 'a b', 'a@b', 'é', 'x'.repeat(65)])
      expect(normaliseLocalPart(bad), bad).toBeNull();
  });
});
