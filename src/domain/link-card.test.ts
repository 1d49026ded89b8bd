import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from './form-config';
import {
  LINK_CARD,
  linkCardAlt,
  linkCardPath,
  linkCardShowsCover,
  linkCardSvg,
  linkIconPath,
  parseVersionTag,
  wrapLines,
  xmlText,
  type LinkCardInput,
} from './link-card';

const theme: LinkCardInput['theme'] = {
  backgrounds: ['#eef0fb', '#f9fafb'],
  heading: '#111827',
  headingMuted: '#4b5563',
  headingAccent: { colour: '#4338ca' },
  button: '#4338ca',
  font: 'system-ui,"Segoe UI",Arial,sans-serif',
};
const card = (input: Partial<LinkCardInput> = {}) =>
  linkCardSvg({ title: 'Get the guide', businessName: 'Acme', background: 'tint', theme, ...input });

/** The text of each <text> element, unescaped as an XML reader would. */
const textsOf = (svg: string) =>
  [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map(([, t]) =>
    t!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );

describe('linkCardSvg', () => {
  it('draws a 1200 × 630 card with the title and the business name in the theme colours', () => {
    const svg = card();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
    expect(textsOf(svg)).toEqual(['Acme', 'Get the guide']);
    expect(svg).toContain('stop-color="#eef0fb"');
    expect(svg).toContain('fill="#4338ca"');
    expect(svg).toContain('font-family="system-ui,&quot;Segoe UI&quot;,Arial,sans-serif"');
    expect(LINK_CARD).toEqual({ width: 1200, height: 630 });
  });

  it('keeps every owner string text: markup, quotes and ampersands are escaped, and nothing else becomes an element', () => {
    const title = '"><script>alert(1)</script><image href="https://evil.example/x.png"/>';
    const businessName = `Tom & Jerry's <b>"Co"</b>`;
    const svg = card({ title, businessName, theme: { ...theme, font: 'x"/><script>alert(2)</script>' } });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('evil.example/x.png"/>');
    // The only elements are the card's own.
    expect(new Set([...svg.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]))).toEqual(
      new Set(['svg', 'defs', 'linearGradient', 'stop', 'rect', 'text']),
    );
    const [name, ...lines] = textsOf(svg);
    expect(name).toBe(businessName);
    expect(lines.join('').replace(/\s/g, '')).toBe(title.replace(/\s/g, ''));
  });

  it('drops characters XML refuses, so a title holding one still makes a readable card', () => {
    expect(xmlText('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(xmlText('ok 😀 & done')).toBe('ok 😀 &amp; done');
    expect(textsOf(card({ title: 'Bell\u0007 title' }))).toContain('Bell title');
  });

  it('shows the logo (a data: address) instead of the business name at the top, the name at the foot', () => {
    const href = 'data:image/png;base64,iVBORw0KGgo=';
    const svg = card({ logo: { href, width: 600, height: 200 } });
    expect(svg).toContain(`href="${href}"`);
    // 600 × 200 in a box of at most 420 × 96: 288 × 96.
    expect(svg).toMatch(/<image x="80" y="72" width="288" height="96"/);
    expect(svg).not.toMatch(/<text [^>]*y="132"/);
    expect(svg).toMatch(/<text x="80" y="560" fill="#4b5563" font-size="32" font-weight="600">Acme<\/text>/);
    expect(textsOf(svg)).toEqual(['Acme', 'Get the guide']);
  });

  it('draws each background style: plain is flat, gradient slants, and the band takes the heading colour on a gradient', () => {
    expect(card({ background: 'plain', theme: { ...theme, backgrounds: ['#ffffff'] } })).not.toContain('linearGradient');
    const gradient = card({ background: 'gradient', theme: { ...theme, heading: '#ffffff' } });
    expect(gradient).toContain('x1="0.33" y1="0" x2="0.67" y2="1"');
    expect(gradient).toMatch(/<rect y="616" width="1200" height="14" fill="#ffffff"\/>/);
    expect(card({ background: 'dark' })).toContain('x1="0" y1="0" x2="0" y2="1"');
  });

  it('breaks a long title over lines that fit, smaller as it grows, and cuts what does not fit with an ellipsis', () => {
    const short = textsOf(card({ businessName: '', title: 'Short' }));
    expect(short).toEqual(['Short']);
    const long = 'word '.repeat(120).trim();
    const lines = textsOf(card({ businessName: '', title: long }));
    expect(lines).toHaveLength(4);
    expect(lines[3]!.endsWith('…')).toBe(true);
    expect(card({ title: long })).toContain('font-size="50"');
  });
});

describe('wrapLines', () => {
  it('breaks between words, cuts a word longer than a line, and says whether everything fit', () => {
    expect(wrapLines('aa bb cc', 10, 30, 3)).toEqual({ lines: ['aa bb', 'cc'], fits: true });
    const cut = wrapLines('x'.repeat(40), 10, 60, 5);
    expect(cut.lines.every((line) => line.length * 6 <= 60)).toBe(true);
    expect(cut.lines.join('')).toBe('x'.repeat(40));
    const over = wrapLines('aa bb cc dd ee ff', 10, 30, 2);
    expect(over.fits).toBe(false);
    expect(over.lines).toHaveLength(2);
    expect(over.lines[1]!.endsWith('…')).toBe(true);
  });
});

describe('the card and icon addresses', () => {
  it('name the version and the variant, and read back only what they write', () => {
    expect(linkCardPath('abc', 3, null, false)).toBe('/f/abc/card.png?v=3');
    expect(linkCardPath('abc', 3, 'a', true)).toBe('/f/abc/card.jpg?v=3');
    expect(linkCardPath('abc', 3, 'b', true)).toBe('/f/abc/card.jpg?v=3-b');
    expect(linkIconPath('abc', 12, 'b')).toBe('/f/abc/icon.png?v=12-b');
    expect(parseVersionTag('3')).toEqual({ version: 3, variant: null });
    expect(parseVersionTag('12-b')).toEqual({ version: 12, variant: 'b' });
    for (const bad of [undefined, '', '0', '03', '3-a', '3-b-b', 'x', ['3'], '1'.repeat(11)])
      expect(parseVersionTag(bad)).toBeNull();
  });

  it('use the cover only where the page shows it, and say what the card shows', () => {
    const cover = { id: '00000000-0000-4000-8000-000000000000', width: 1600, height: 900 };
    expect(linkCardShowsCover({ ...DEFAULT_DESIGN, cover })).toBe(true);
    expect(linkCardShowsCover({ ...DEFAULT_DESIGN, cover, layout: 'none' })).toBe(false);
    expect(linkCardShowsCover(DEFAULT_DESIGN)).toBe(false);
    const config = { title: 'Guide', businessName: 'Acme' };
    expect(linkCardAlt({ ...config, design: DEFAULT_DESIGN })).toBe('Guide – Acme');
    expect(linkCardAlt({ ...config, design: { ...DEFAULT_DESIGN, cover, coverAlt: 'A book' } })).toBe('A book');
    expect(linkCardAlt({ ...config, design: { ...DEFAULT_DESIGN, cover, coverAlt: '' } })).toBe('Guide – Acme');
  });
});
