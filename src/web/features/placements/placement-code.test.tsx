import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACEMENT, INLINE_RESERVE_STYLE_HASH } from '@/domain/placements';
import { PlacementCode } from './placement-code';
import { previewConfig, previewSrcdoc } from './preview-srcdoc';

const ORIGIN = 'https://pages.example.net';
const ID = 'plc_AbCdEfGhIjKlMnOp';

const code = (display: 'inline' | 'popup' | 'slide-in' | 'bar', trigger: 'load' | 'click' = 'load') =>
  renderToStaticMarkup(<PlacementCode publicOrigin={ORIGIN} id={ID} display={display} trigger={trigger} />);

describe("a placement's code", () => {
  it('gives a popup, slide-in or bar one async script tag, and CSP lines for script, requests and frame', () => {
    for (const display of ['popup', 'slide-in', 'bar'] as const) {
      const html = code(display);
      expect(html, display).toContain(
        `&lt;script async src=&quot;${ORIGIN}/l.js&quot; data-placement=&quot;${ID}&quot;&gt;&lt;/script&gt;`,
      );
      expect(html, display).not.toContain('data-lodestone-placement');
      expect(html, display).toContain(`script-src ${ORIGIN}\nconnect-src ${ORIGIN}\nframe-src ${ORIGIN}</code>`);
      expect(html, display).not.toContain('style-src');
    }
  });

  it("gives an inline placement its reserving element, and the CSP line for that element's style", () => {
    const html = code('inline');
    expect(html).toContain(
      `&lt;div data-lodestone-placement=&quot;${ID}&quot; style=&quot;min-height:600px&quot;&gt;&lt;/div&gt;`,
    );
    expect(html).toContain(`style-src &#x27;unsafe-hashes&#x27; ${INLINE_RESERVE_STYLE_HASH.replaceAll("'", '&#x27;')}`);
    expect(html).toContain('If your site sends a Content-Security-Policy, add these');
  });

  it("shows the site's own code: the stub, open and consent; the click attribute only for a click trigger", () => {
    const html = code('popup');
    expect(html).toContain(
      'window.lodestone = window.lodestone || function(){(lodestone.q = lodestone.q || []).push(arguments)};',
    );
    expect(html).toContain(`lodestone(&#x27;open&#x27;, &#x27;${ID}&#x27;);`);
    expect(html).toContain('lodestone(&#x27;consent&#x27;, true);');
    expect(html).toContain('never sets cookies');
    expect(html).not.toContain('data-lodestone-open');
    expect(code('popup', 'click')).toContain(
      `&lt;a href=&quot;#&quot; data-lodestone-open=&quot;${ID}&quot;&gt;Get the guide&lt;/a&gt;`,
    );
    expect(code('inline', 'click')).not.toContain('data-lodestone-open');
  });
});

describe("the live preview's sample page", () => {
  const hostile = '</script><script>alert(1)</script>';
  const settings = { ...DEFAULT_PLACEMENT, name: hostile, display: 'bar' as const, barText: hostile };
  const page = previewSrcdoc({
    publicOrigin: ORIGIN,
    pageUrl: `${ORIGIN}/f/AbC123xyZ789`,
    title: `"${hostile}'`,
    buttonText: 'Get the guide',
    settings,
  });

  it('runs the loader in preview mode with the unsaved settings, escaped so no text of the owner closes the tag', () => {
    const tag = page.match(/<script async src="[^"]*" data-placement="preview" data-preview-config="([^"]*)"><\/script>/);
    expect(tag).not.toBeNull();
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toContain('alert(1)</script>');
    const decoded = tag![1]!.replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
    );
    const config: unknown = JSON.parse(decoded);
    expect(config).toEqual(
      previewConfig({ pageUrl: `${ORIGIN}/f/AbC123xyZ789`, title: `"${hostile}'`, buttonText: 'Get the guide', settings }),
    );
    expect(config).toMatchObject({ id: 'preview', origins: [], settings: { barText: hostile, display: 'bar' } });
    // The loader never gets the placement's name (only the owner sees it).
    expect(JSON.stringify(config)).not.toContain('"name"');
  });

  it('is long enough to scroll, and has the inline element only for an inline placement', () => {
    expect(page.match(/<h2>/g)!.length).toBeGreaterThanOrEqual(3);
    expect(page).not.toContain('data-lodestone-placement');
    const inline = previewSrcdoc({
      publicOrigin: ORIGIN,
      pageUrl: `${ORIGIN}/f/x`,
      title: 'T',
      buttonText: 'Get the guide',
      settings: { ...settings, display: 'inline' },
    });
    expect(inline).toContain('<div data-lodestone-placement="preview" style="min-height:600px"></div>');
  });

  it('"Show it now" forces the trigger to the page load, at once', () => {
    const later = { ...DEFAULT_PLACEMENT, trigger: 'exit' as const, delaySeconds: 30 };
    expect(previewConfig({ pageUrl: 'p', title: 't', buttonText: 'b', settings: later, now: true }).settings).toMatchObject({
      trigger: 'load',
      delaySeconds: 0,
    });
    expect(previewConfig({ pageUrl: 'p', title: 't', buttonText: 'b', settings: later }).settings).toMatchObject({
      trigger: 'exit',
      delaySeconds: 30,
    });
  });
});
