import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  INLINE_RESERVE_STYLE,
  INLINE_RESERVE_STYLE_HASH,
  placementCspLines,
  placementSettingsSchema,
  placementShowsOn,
  placementSnippet,
  urlMatches,
} from './placements';

describe('placements', () => {
  it('matches a path pattern against the path and query, a whole address against the address, * as any run', () => {
    expect(urlMatches('/blog/*', 'https://shop.example.com/blog/ten-ideas?utm_source=x#top')).toBe(true);
    expect(urlMatches('/blog/*', 'https://shop.example.com/shop/blog/')).toBe(false);
    expect(urlMatches('https://shop.example.com/*', 'https://SHOP.example.com/a')).toBe(true);
    expect(urlMatches('https://shop.example.com/*', 'https://evil.example/shop.example.com/a')).toBe(false);
    expect(urlMatches('/a.b', 'https://x.example/aXb')).toBe(false);
    expect(urlMatches('/', 'not a url')).toBe(false);
  });

  it('shows where a show pattern matches (or there is none) and no hide pattern does', () => {
    const rules = { showOn: ['/blog/*'], hideOn: ['/blog/private*'] };
    expect(placementShowsOn(rules, 'https://x.example/blog/one')).toBe(true);
    expect(placementShowsOn(rules, 'https://x.example/blog/private-notes')).toBe(false);
    expect(placementShowsOn(rules, 'https://x.example/shop')).toBe(false);
    expect(placementShowsOn({ showOn: [], hideOn: [] }, 'https://x.example/shop')).toBe(true);
  });

  it('takes settings with defaults and refuses a pattern that is neither a path nor an address', () => {
    const popup = placementSettingsSchema.parse({ name: ' Exit popup ', display: 'popup', trigger: 'exit' });
    expect(popup).toMatchObject({ name: 'Exit popup', closedDays: 7, devices: 'all', exitMobile: 'scroll-up', showOn: [] });
    expect(placementSettingsSchema.safeParse({ name: 'x', display: 'bar', showOn: ['blog'] }).success).toBe(false);
    expect(placementSettingsSchema.safeParse({ name: 'x', display: 'bar', hideOn: ['/a\u0000'] }).success).toBe(false);
    expect(placementSettingsSchema.safeParse({ name: '', display: 'bar' }).success).toBe(false);
    expect(placementSettingsSchema.safeParse({ name: 'x', display: 'modal' }).success).toBe(false);
  });

  it("names the inline element's reserving style by its CSP hash, and an async script from the public origin", () => {
    const hash = createHash('sha256').update(INLINE_RESERVE_STYLE).digest('base64');
    expect(INLINE_RESERVE_STYLE_HASH).toBe(`'sha256-${hash}'`);
    expect(placementCspLines('https://pages.example', 'inline')).toContain(`style-src 'unsafe-hashes' 'sha256-${hash}'`);
    expect(placementCspLines('https://pages.example', 'popup')).toEqual([
      'script-src https://pages.example',
      'connect-src https://pages.example',
      'frame-src https://pages.example',
    ]);
    expect(placementSnippet('https://pages.example', 'plc_0123456789abcdef', 'popup')).toBe(
      '<script async src="https://pages.example/l.js" data-placement="plc_0123456789abcdef"></script>',
    );
    expect(placementSnippet('https://pages.example', 'plc_0123456789abcdef', 'inline')).toContain(
      `<div data-lodestone-placement="plc_0123456789abcdef" style="${INLINE_RESERVE_STYLE}"></div>`,
    );
  });
});
