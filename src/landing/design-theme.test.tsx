import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, toHex } from '@/domain/contrast';
import { BACKGROUND_STYLES, DEFAULT_DESIGN, defaultFormConfig, type Design, type FormConfig } from '@/domain/form-config';
import { COVER_SIZES, logoBox, logoSizes } from './design-images';
import { CARD, CARD_MUTED, CARD_TEXT, designTheme, designVariables, FONT_STACKS } from './design-theme';
import { landingCss } from './landing-css';
import { automaticSubmitLabel, LandingPage, SUBMITTING_LABEL, submitLabel } from './landing-page';

/** Every other step of the web palette (#000 … #fff), and a repeatable spread of other colours. */
function brandColours(): string[] {
  const digits = '02468acef';
  const colours: string[] = [];
  for (const r of digits) for (const g of digits) for (const b of digits) colours.push(`#${r}${r}${g}${g}${b}${b}`);
  let state = 3;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) % 256;
  for (let i = 0; i < 2000; i += 1) colours.push(toHex([next(), next(), next()]));
  return colours;
}

const LOGO = { id: '0b9e2c55-5f0b-4a8e-9a57-3c2b3f1c7a10', width: 600, height: 200 };
const COVER = { id: '5d1c8a3e-2f4b-4c6d-8e9f-0a1b2c3d4e5f', width: 1600, height: 1000 };

function config(design: Partial<Design> = {}): FormConfig {
  const c = defaultFormConfig();
  c.title = 'Grow Your List';
  c.description = 'A practical guide.';
  c.businessName = 'Acme Ltd';
  c.leadMagnetName = 'The Growth Guide';
  c.design = { ...DEFAULT_DESIGN, ...design };
  return c;
}

const render = (c: FormConfig, mode: 'live' | 'preview' = 'live') =>
  renderToStaticMarkup(<LandingPage config={c} mode={mode} action="/f/abc" />);

/** The opening tag of the first element with this class. */
function tagWithClass(html: string, className: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\bclass="${className}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element of class ${className} in ${html}`);
  return match[0];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('designTheme: every text and background pair the page shows passes AA', () => {
  it('for thousands of brand colours on each background style', () => {
    let checked = 0;
    for (const brandColor of brandColours()) {
      for (const background of BACKGROUND_STYLES) {
        const t = designTheme({ ...DEFAULT_DESIGN, brandColor, background });
        const pairs: [string, string, string][] = [
          ['button text', t.buttonText, t.button],
          ['button text on hover', t.buttonText, t.buttonHover],
          ['link in the card', t.link.colour, CARD],
          ['card text on the payment tint', CARD_TEXT, t.soft],
          ['card hints on the payment tint', CARD_MUTED, t.soft],
          // Sections (sections.tsx): their panels are the card's white, with the card's colours.
          ['link, quote mark and FAQ sign in a section', t.link.colour, CARD],
          ['countdown digits on their tint', CARD_TEXT, t.soft],
          ['countdown units on their tint', CARD_MUTED, t.soft],
          ["video title on the still's first colour", t.buttonText, t.button],
          ["video title on the still's last colour", t.buttonText, t.buttonHover],
          ['play triangle on its button', t.button, t.buttonText],
        ];
        for (const bg of t.backgrounds) {
          pairs.push(
            ['title', t.heading, bg],
            ['description', t.headingMuted, bg],
            ['business name', t.headingAccent.colour, bg],
            ["section heading on the page's background", t.heading, bg],
            ['link in the description', t.headingAccent.colour, bg],
          );
        }
        for (const [what, fg, bg] of pairs) {
          const ratio = contrastRatio(fg, bg);
          if (ratio < AA_TEXT) throw new Error(`${brandColor} on ${background}: ${what} ${fg} on ${bg} is ${ratio}`);
        }
        if (t.buttonEdge) expect(contrastRatio(t.buttonEdge, CARD)).toBeGreaterThanOrEqual(3);
        // A benefit's icon (decoration beside its words) still stands out from its tint (1.4.11).
        expect(contrastRatio(t.link.colour, t.soft)).toBeGreaterThanOrEqual(3);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('uses the brand colour itself for the button, and says when it had to adjust it as text', () => {
    const indigo = designTheme(DEFAULT_DESIGN);
    expect(indigo.button).toBe('#4338ca');
    expect(indigo.buttonText).toBe('#ffffff');
    expect(indigo.link).toMatchObject({ colour: '#4338ca', adjusted: false });
    expect(indigo.buttonEdge).toBeNull();

    const yellow = designTheme({ ...DEFAULT_DESIGN, brandColor: '#FACC15' });
    expect(yellow.button).toBe('#facc15');
    expect(yellow.buttonText).not.toBe('#ffffff');
    expect(yellow.link.adjusted).toBe(true);
    expect(yellow.link.colour).not.toBe('#facc15');
    // A yellow button on the white card gets an outline, so it still reads as a button.
    expect(yellow.buttonEdge).not.toBeNull();
  });

  it('darkens the page for the dark style, with light text and the brand colour lightened if it must be', () => {
    const dark = designTheme({ ...DEFAULT_DESIGN, background: 'dark' });
    expect(dark.heading).toBe('#f9fafb');
    expect(dark.headingAccent.adjusted).toBe(true);
    expect(dark.background).toMatch(/^linear-gradient\(/);
    const plain = designTheme({ ...DEFAULT_DESIGN, background: 'plain' });
    expect(plain.background).toBe('#ffffff');
  });

  it('maps each font to a system font stack (no web fonts, no requests)', () => {
    for (const font of ['sans', 'serif', 'rounded', 'mono'] as const) {
      const stack = designVariables({ ...DEFAULT_DESIGN, font })['--ls-font'];
      expect(stack).toBe(FONT_STACKS[font]);
      expect(stack).not.toMatch(/url\(|@import|@font-face/);
    }
    expect(FONT_STACKS.serif).toMatch(/serif$/);
    expect(FONT_STACKS.mono).toMatch(/monospace$/);
  });
});

describe('LandingPage with a design', () => {
  it('carries the design as CSS variables on .ls-page, contrast-safe colours included', () => {
    const html = render(config({ brandColor: '#FACC15', background: 'dark', font: 'serif' }));
    const style = attr(tagWithClass(html, 'ls-page'), 'style')!;
    const theme = designTheme({ ...DEFAULT_DESIGN, brandColor: '#FACC15', background: 'dark', font: 'serif' });
    expect(style).toContain('--ls-accent:#facc15');
    expect(style).toContain(`--ls-on-accent:${theme.buttonText}`);
    expect(style).toContain(`--ls-link:${theme.link.colour}`);
    expect(style).toContain(`--ls-head:${theme.heading}`);
    expect(style).toContain('--ls-font:&quot;Iowan Old Style&quot;');
    // The stylesheet reads them: the link colour, not the raw brand colour, is used as text.
    expect(landingCss).toContain('.ls-policy-link{color:var(--ls-link)');
    expect(landingCss).toContain('background:var(--ls-bg)');
    expect(landingCss).toContain('font:400 1rem/1.5 var(--ls-font)');
  });

  it('shows the logo at the top of the header, named by the business, with its size and srcset', () => {
    const html = render(config({ logo: LOGO }));
    const logo = tagWithClass(html, 'ls-logo');
    expect(html.indexOf('class="ls-logo"')).toBeLessThan(html.indexOf('class="ls-business"'));
    expect(html.indexOf('<header')).toBeLessThan(html.indexOf('class="ls-logo"'));
    expect(attr(logo, 'alt')).toBe('Acme Ltd');
    // Its box on the page, known before it loads: 3.5rem high at most, 12rem wide at most.
    expect(attr(logo, 'width')).toBe('168');
    expect(attr(logo, 'height')).toBe('56');
    expect(attr(logo, 'src')).toBe(`/img/${LOGO.id}/600.webp`);
    expect(attr(logo, 'srcset')).toBe(`/img/${LOGO.id}/320.webp 320w, /img/${LOGO.id}/600.webp 600w`);
    // 3.5rem high at most, 12rem wide at most: 168 px for a 3:1 logo.
    expect(attr(logo, 'sizes')).toBe('168px');
    expect(attr(logo, 'loading')).toBe('eager');
    expect(attr(logo, 'decoding')).toBe('async');
    expect(logoSizes({ ...LOGO, width: 2000, height: 200 })).toBe('192px');
    expect(logoSizes({ ...LOGO, width: 40, height: 40 })).toBe('40px');
    expect(logoBox({ ...LOGO, width: 2000, height: 200 })).toEqual({ width: 192, height: 19 });
    expect(logoBox({ ...LOGO, width: 100, height: 400 })).toEqual({ width: 14, height: 56 });
  });

  it('puts the cover above the card for the top layout, eager and fetched first', () => {
    const html = render(config({ cover: COVER, coverAlt: 'A tidy desk', layout: 'top' }));
    const cover = tagWithClass(html, 'ls-cover');
    expect(html).toContain('class="ls-container"');
    expect(html.indexOf('</header>')).toBeLessThan(html.indexOf('class="ls-cover"'));
    expect(html.indexOf('class="ls-cover"')).toBeLessThan(html.indexOf('class="ls-card"'));
    expect(attr(cover, 'alt')).toBe('A tidy desk');
    expect(attr(cover, 'width')).toBe('1600');
    expect(attr(cover, 'height')).toBe('1000');
    expect(attr(cover, 'srcset')).toContain(`/img/${COVER.id}/960.webp 960w`);
    expect(attr(cover, 'sizes')).toBe(COVER_SIZES.top);
    expect(attr(cover, 'loading')).toBe('eager');
    expect(attr(cover, 'fetchpriority')).toBe('high');
    expect(attr(cover, 'decoding')).toBe('async');
    expect(html).not.toContain('loading="lazy"');
  });

  it('puts the cover beside the form for left and right, and leaves it out for none', () => {
    const left = render(config({ cover: COVER, layout: 'left' }));
    expect(left).toContain('class="ls-container ls-side"');
    expect(attr(tagWithClass(left, 'ls-cover'), 'sizes')).toBe(COVER_SIZES.side);
    expect(render(config({ cover: COVER, layout: 'right' }))).toContain('class="ls-container ls-side ls-right"');
    const none = render(config({ cover: COVER, layout: 'none' }));
    expect(none).not.toContain('ls-cover');
    expect(none).toContain('class="ls-container"');
    // No cover: no side layout either.
    expect(render(config({ layout: 'left' }))).toContain('class="ls-container"');
    // A cover without words is decorative.
    expect(attr(tagWithClass(left, 'ls-cover'), 'alt')).toBe('');
  });

  it('sizes images so nothing shifts, and stacks the side layout on phones', () => {
    expect(landingCss).toMatch(/\.ls-cover\{[^}]*width:100%;height:auto/);
    // The logo's attributes are its box (logoBox): no rule may size it otherwise before it loads.
    expect(landingCss).not.toMatch(/\.ls-logo\{[^}]*(width|height)/);
    // Side by side only from 48rem (768px): on a phone (≤ 640px) the cover stacks above the form.
    expect(landingCss).toMatch(/@media \(min-width:48rem\)\{\.ls-page \.ls-side\{display:grid/);
  });

  it('beside the form, stacks the title, the cover and the sections in the order the page arrives in', () => {
    const side = /\.ls-page \.ls-side\{[^}]*grid-template:([^/;}]*)\//.exec(landingCss)?.[1];
    // The header, the cover and the sections in one column, the form in the other; the badge under both.
    expect(side?.replace(/\s*(auto|1fr)\s*/g, ' ').trim()).toBe('"h k" "c k" "s k" "f f"');
    expect(landingCss).toContain('.ls-page .ls-side.ls-right{grid-template-areas:"k h" "k c" "k s" "f f"}');
    // Over a slow network the browser paints the page before it has all arrived: a part shown above
    // one that came before it would push that one down. The column's order is the document's.
    const html = render(config({ logo: LOGO, cover: COVER, layout: 'left' }));
    const at = ['ls-header', 'ls-cover', 'ls-card'].map((name) => html.indexOf(`class="${name}"`));
    expect(at.every((position, i) => position > (at[i - 1] ?? -1))).toBe(true);
    // No sticky cover beside a long form, leaving a gap under it.
    expect(landingCss).not.toMatch(/\.ls-side \.ls-cover\{[^}]*sticky/);
  });

  it('is the same in the preview', () => {
    const c = config({ logo: LOGO, cover: COVER, layout: 'right', background: 'gradient', brandColor: '#0F766E' });
    const live = render(c, 'live');
    const preview = render(c, 'preview');
    expect(attr(tagWithClass(preview, 'ls-page'), 'style')).toBe(attr(tagWithClass(live, 'ls-page'), 'style'));
    expect(tagWithClass(preview, 'ls-cover')).toBe(tagWithClass(live, 'ls-cover'));
    expect(tagWithClass(preview, 'ls-logo')).toBe(tagWithClass(live, 'ls-logo'));
  });

  it("uses the owner's button text, keeps 'Submitting...' for the wait, and falls back to the automatic words", () => {
    const custom = config({ buttonText: '  Send me the guide  ' });
    expect(submitLabel(custom)).toBe('Send me the guide');
    const html = render(custom);
    expect(html).toContain('>Send me the guide</button>');
    expect(html).toContain(`data-submitting-label="${SUBMITTING_LABEL}"`);
    expect(submitLabel(config())).toBe('Get The Growth Guide');
    expect(automaticSubmitLabel(custom)).toBe('Get The Growth Guide');
    // A config saved before the Design tab existed has no design at all.
    const old = config();
    delete (old as Partial<FormConfig>).design;
    expect(submitLabel(old)).toBe('Get The Growth Guide');
    expect(render(old)).toContain('class="ls-page"');
  });
});
