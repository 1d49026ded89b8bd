import { describe, expect, it } from 'vitest';
import { COMMON_MAIL_DOMAINS, editDistance, suggestDomain, suggestEmail } from './email-typos';

describe('the edit distance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one each', () => {
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1); // swap
    expect(editDistance('gmal.com', 'gmail.com')).toBe(1); // deletion
    expect(editDistance('gmaill.com', 'gmail.com')).toBe(1); // insertion
    expect(editDistance('gmail.con', 'gmail.com')).toBe(1); // substitution
    expect(editDistance('gmial.con', 'gmail.com')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });
});

describe('a typo suggestion', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['gmal.com', 'gmail.com'],
    ['gmail.con', 'gmail.com'],
    ['gmail.co', 'gmail.com'],
    ['gmial.con', 'gmail.com'],
    ['GMAIL.CMO', 'gmail.com'],
    ['gmail.com.', null],
    ['hotmial.com', 'hotmail.com'],
    ['hotmail.con', 'hotmail.com'],
    ['hotmal.co.uk', 'hotmail.co.uk'],
    ['yaho.com', 'yahoo.com'],
    ['yahooo.com', 'yahoo.com'],
    ['outlok.com', 'outlook.com'],
    ['outllook.com', 'outlook.com'],
    ['iclod.com', 'icloud.com'],
    ['protonmial.com', 'protonmail.com'],
    ['googlemial.com', 'googlemail.com'],
    ['t-onlien.de', 't-online.de'],
    ['libreo.it', 'libero.it'],
    ['oragne.fr', 'orange.fr'],
    ['orange.rf', null], // two letters may be a country's ending
    ['yandex.r', 'yandex.ru'],
    ['comcast.ner', 'comcast.net'],
    // Any domain's ending that is no ending at all: .con is a slip for .com whatever the name.
    ['northwind.con', 'northwind.com'],
    ['shop.example.cmo', 'shop.example.com'],
    ['charity.ogr', 'charity.org'],
  ])('suggests for %s: %s', (typed, expected) => {
    expect(suggestDomain(typed)).toBe(expected);
  });

  it('never corrects a common mail domain into another, nor a real domain near one', () => {
    for (const domain of COMMON_MAIL_DOMAINS) expect(suggestDomain(domain), domain).toBeNull();
    for (const domain of [
      'gmx.de',
      'gmx.net',
      'mail.com',
      'email.com',
      'ymail.com',
      'me.com',
      'mac.com',
      'yahoo.ca', // another country's Yahoo, two slips from yahoo.com
      'yahoo.in', // India's, one slip from yahoo.it
      'hotmail.be',
      'gmx.es',
      'live.de',
      'web.com',
      'example.com',
      'example.co', // .co is a real ending
      'company.om',
      'gmx.ne', // as near gmx.net as gmx.de: no guess
      'op.pl',
      'aim.com',
      'northwind.example',
      'posteo.de',
      'fastmail.com',
      'hey.com',
      'tutanota.com',
    ])
      expect(suggestDomain(domain), domain).toBeNull();
  });

  it('keeps the local part as typed and needs a domain', () => {
    expect(suggestEmail(' Ada.Lovelace+news@gmial.com ')).toEqual({ email: 'Ada.Lovelace+news@gmail.com', domain: 'gmail.com' });
    expect(suggestEmail('someone@gmail.com')).toBeNull();
    expect(suggestEmail('@gmial.com')).toBeNull();
    expect(suggestEmail('gmial.com')).toBeNull();
    expect(suggestEmail('someone@localhost')).toBeNull();
  });

  it('answers a domain asked again, and after more domains than it remembers, as it did the first time', () => {
    expect(suggestDomain('gmial.com')).toBe('gmail.com');
    expect(suggestDomain('gmial.com')).toBe('gmail.com');
    for (let i = 0; i < 1500; i += 1) expect(suggestDomain(`company-${i}.example`)).toBeNull();
    expect(suggestDomain('hotmial.com')).toBe('hotmail.com');
    expect(suggestDomain('gmial.com')).toBe('gmail.com');
    expect(suggestDomain('northwind.example')).toBeNull();
  });

  it("answers a domain as long as a form's body allows (64 KB) like any other", () => {
    const long = 'a'.repeat(64 * 1024);
    expect(suggestDomain(`${long}.com`)).toBeNull();
    expect(suggestDomain(`${long}.con`)).toBe(`${long}.com`);
    expect(suggestEmail(`someone@${long}.con`)).toEqual({ email: `someone@${long}.com`, domain: `${long}.com` });
  });
});
