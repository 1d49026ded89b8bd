import { describe, expect, it } from 'vitest';
import {
  checkNewEmbedOrigin,
  embedMessages as m,
  embedOriginsError,
  MAX_EMBED_ORIGINS,
  normalizeEmbedOrigin,
  normalizeEmbedOrigins,
} from './embed-origins';
import { defaultFormConfig, validateForPublish } from './form-config';

const origin = (input: string) => normalizeEmbedOrigin(input);

describe('a site that may embed a page', () => {
  it('is an origin, normalised', () => {
    expect(origin('https://example.com')).toEqual({ origin: 'https://example.com' });
    expect(origin(' https://Shop.Example.com:8443/ ')).toEqual({ origin: 'https://shop.example.com:8443' });
    expect(origin('https://example.com:443')).toEqual({ origin: 'https://example.com' });
    expect(origin('example.com')).toEqual({ origin: 'https://example.com' });
    expect(origin('https://bücher.de')).toEqual({ origin: 'https://xn--bcher-kva.de' });
  });

  it('may be http only on the owner’s own machine', () => {
    expect(origin('http://localhost:5173')).toEqual({ origin: 'http://localhost:5173' });
    expect(origin('http://127.0.0.1:8080/')).toEqual({ origin: 'http://127.0.0.1:8080' });
    // Browsers ignore IPv6 addresses in frame-ancestors: listing one would let no one frame the page.
    expect(origin('http://[::1]:3000')).toEqual({ error: m.ipv6 });
    expect(origin('https://[2001:db8::1]')).toEqual({ error: m.ipv6 });
    expect(origin('http://example.com')).toEqual({ error: m.https });
    expect(origin('http://localhost.example.com')).toEqual({ error: m.https });
  });

  it('has no path, query, fragment, wildcard or credentials', () => {
    expect(origin('https://example.com/blog')).toEqual({ error: m.originOnly });
    expect(origin('https://example.com/?a=1')).toEqual({ error: m.originOnly });
    expect(origin('https://example.com?')).toEqual({ error: m.originOnly });
    expect(origin('https://example.com#top')).toEqual({ error: m.originOnly });
    expect(origin('https://*.example.com')).toEqual({ error: m.wildcard });
    expect(origin('*')).toEqual({ error: m.wildcard });
    expect(origin('https://user:pass@example.com')).toEqual({ error: m.credentials });
    expect(origin('https://@example.com')).toEqual({ error: m.credentials });
  });

  it('is a web address of a real host', () => {
    for (const bad of [
      '',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'https://intranet',
      'https://a.com;script-src *',
      'https://a b.com',
      "'self'",
      "'none'",
    ]) {
      expect('error' in origin(bad), bad).toBe(true);
    }
  });
});

describe("an owner's list of sites", () => {
  it('is kept as origins, each once, in order', () => {
    expect(
      normalizeEmbedOrigins(['https://B.example.com/', 'https://a.example.com', 'https://b.example.com:443', 'bad']),
    ).toEqual(['https://b.example.com', 'https://a.example.com']);
    expect(normalizeEmbedOrigins(undefined)).toEqual([]);
  });

  it('names the first entry that is not a site, and allows at most 20 sites', () => {
    expect(embedOriginsError(['https://example.com', 'https://example.com/shop'])).toBe(
      `https://example.com/shop: ${m.originOnly}`,
    );
    expect(embedOriginsError([])).toBeUndefined();
    const many = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://s${i}.example.com`);
    expect(embedOriginsError(many)).toBe(m.tooMany);
    // Duplicates are one site.
    expect(embedOriginsError([...many.slice(0, MAX_EMBED_ORIGINS), 'https://S0.example.com/'])).toBeUndefined();
  });

  it('takes a new site only once, and only up to the limit', () => {
    expect(checkNewEmbedOrigin('Shop.Example.com/', ['https://a.example.com'])).toEqual({ origin: 'https://shop.example.com' });
    expect(checkNewEmbedOrigin('https://a.example.com:443', ['https://a.example.com'])).toEqual({
      error: 'https://a.example.com is already allowed',
    });
    expect(checkNewEmbedOrigin('ftp://x', [])).toEqual({ error: m.invalid });
    const full = Array.from({ length: MAX_EMBED_ORIGINS }, (_, i) => `https://s${i}.example.com`);
    expect(checkNewEmbedOrigin('https://new.example.com', full)).toEqual({ error: m.tooMany });
  });

  it('is checked before publishing, under its own key', () => {
    const config = { ...defaultFormConfig(), embedOrigins: ['http://example.com'] };
    expect(validateForPublish(config).embedOrigins).toBe(`http://example.com: ${m.https}`);
    expect(validateForPublish({ ...config, embedOrigins: ['https://example.com'] }).embedOrigins).toBeUndefined();
  });
});
