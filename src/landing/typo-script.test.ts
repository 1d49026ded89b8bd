import { describe, expect, it } from 'vitest';
import { COMMON_MAIL_DOMAINS, suggestEmail } from '@/domain/email-typos';
import { TYPO_FUNCTIONS } from './landing-script';

// The landing script suggests in the browser what the server would: the same rules, written twice
// (the page carries no module), held to the same answers here.

const browserSuggest = new Function(`${TYPO_FUNCTIONS}\nreturn suggest;`)() as (address: string) => string;

/** Every address one slip (a deletion, a swap, a doubled or changed letter) from each common domain, and more. */
function addresses(): string[] {
  const found = new Set<string>([
    '',
    '@',
    'a@',
    '@gmial.com',
    'gmial.com',
    'a@b',
    'x@foo.constructor',
    'x@foo.tostring',
    'A$&b@gmial.com',
  ]);
  for (const domain of [...COMMON_MAIL_DOMAINS, 'example.com', 'northwind.con', 'shop.example.cmo', 'yahoo.in', 'gmx.ne']) {
    found.add(`Someone@${domain}`);
    found.add(` someone@${domain.toUpperCase()}. `);
    for (let i = 0; i < domain.length; i += 1) {
      found.add(`someone@${domain.slice(0, i)}${domain.slice(i + 1)}`);
      found.add(`someone@${domain.slice(0, i)}${domain[i]}${domain.slice(i)}`);
      found.add(`someone@${domain.slice(0, i)}x${domain.slice(i + 1)}`);
      if (i > 0) found.add(`someone@${domain.slice(0, i - 1)}${domain[i]}${domain[i - 1]}${domain.slice(i + 1)}`);
    }
  }
  return [...found];
}

describe('the landing script’s typo suggestion', () => {
  it('agrees with the server’s on every address one slip from a common domain', () => {
    const all = addresses();
    expect(all.length).toBeGreaterThan(2000);
    let suggested = 0;
    for (const address of all) {
      const server = suggestEmail(address)?.email ?? '';
      if (server) suggested += 1;
      expect(browserSuggest(address), address).toBe(server);
    }
    // Most slips get a suggestion; the rest are as near two domains, or too short to guess.
    expect(suggested).toBeGreaterThan(all.length / 2);
  });
});
