import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, defaultFormConfig, type Design, type FormConfig } from '@/domain/form-config';
import { imageSources } from '@/domain/images';
import { deadlineInstant, DEFAULT_ENDED_MESSAGE, formatDeadline, type Section } from '@/domain/sections';
import { everySection, SECTION_VIDEO_URL } from '@tests/kit/sections';
import { LocalImageUrls } from './design-images';
import { landingCss } from './landing-css';
import { LandingPage } from './landing-page';
import { landingScript } from './landing-script';
import { countdownParts } from './sections';
import type { LandingPageProps } from './types';

const image = (n: number, width = 400, height = 400) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  width,
  height,
});
const IMAGES = {
  portraits: [image(1), image(2)],
  author: image(3),
  logos: [image(4, 480, 120), image(5, 100, 100)],
};
const NOW = Date.parse('2026-06-01T12:00:00Z');

function page(change: (c: FormConfig) => void = () => {}, design: Partial<Design> = {}): FormConfig {
  const c = defaultFormConfig();
  c.title = 'The Email Playbook';
  c.businessName = 'Northwind Press';
  c.leadMagnetName = 'The Playbook';
  c.sections = everySection(IMAGES);
  c.design = { ...DEFAULT_DESIGN, ...design };
  change(c);
  return c;
}

const render = (config: FormConfig, props: Partial<LandingPageProps> = {}) =>
  renderToStaticMarkup(<LandingPage config={config} mode="live" action="/f/abc" now={NOW} {...props} />);

/** The markup of the <section> whose h2 reads `heading`. */
function sectionOf(html: string, heading: string): string {
  const at = html.indexOf(`>${heading}</h2>`);
  if (at < 0) throw new Error(`no section headed ${heading}`);
  const start = html.lastIndexOf('<section', at);
  return html.slice(start, html.indexOf('</section>', at) + '</section>'.length);
}

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('the sections of a page', () => {
  it('shows every kind after the form, in the owner’s order, each a <section> named by its h2', () => {
    const html = render(page());
    const headings = everySection().map((s) => s.heading.replace("'", '&#x27;'));
    let last = html.indexOf('id="ls-form"');
    expect(last).toBeGreaterThan(0);
    for (const heading of headings) {
      const at = html.indexOf(`>${heading}</h2>`);
      expect(at, heading).toBeGreaterThan(last);
      last = at;
      const section = sectionOf(html, heading);
      const id = attr(tags(section, 'section')[0]!, 'aria-labelledby');
      expect(section).toContain(`<h2 id="${id}" class="ls-h2">${heading}</h2>`);
    }
    expect(tags(html, 'section')).toHaveLength(headings.length);
  });

  it('leaves out hidden and empty sections, and a section without a heading has no h2', () => {
    const html = render(
      page((c) => {
        c.sections = [
          { ...everySection()[0]!, hidden: true },
          { id: 'empty', hidden: false, type: 'faq', heading: 'Nothing yet', items: [{ question: ' ', answer: 'x' }] },
          { id: 'go', hidden: false, type: 'cta', heading: '', text: '', buttonText: '' },
        ];
      }),
    );
    expect(html).not.toContain('What&#x27;s inside');
    expect(html).not.toContain('Nothing yet');
    expect(tags(html, 'section')).toEqual(['<section class="ls-section">']);
    // A call to action without words of its own says what the form's button says.
    expect(html).toContain('<a class="ls-button" href="#ls-form">Get The Playbook</a>');
  });

  it('lists benefits with their icons hidden from assistive technology, and their words as rich text', () => {
    const section = sectionOf(render(page()), 'What&#x27;s inside the playbook');
    expect(section).toContain('<ul class="ls-benefits ls-panel">');
    expect(tags(section, 'li')).toHaveLength(6);
    for (const svg of tags(section, 'svg')) expect(attr(svg, 'aria-hidden')).toBe('true');
    expect(section).toContain('<strong>42 pages</strong>');
    expect(section).toContain('<a href="https://northwind.example/calendar" rel="noopener" target="_blank">');
  });

  it('shows testimonials as figures with a blockquote and a caption, photos lazy and sized', () => {
    const section = sectionOf(render(page()), 'What readers say');
    expect(tags(section, 'figure')).toHaveLength(3);
    expect(tags(section, 'blockquote')).toHaveLength(3);
    expect(section).toMatch(
      /<figcaption><img [^>]*><span><strong>Maya Lindqvist<\/strong><span class="ls-role">Founder, Fika &amp; Co.<\/span>/,
    );
    const photos = tags(section, 'img');
    expect(photos).toHaveLength(2); // the third quote has no photo
    expect(attr(photos[0]!, 'src')).toBe(imageSources(IMAGES.portraits[0]!).src);
    expect(attr(photos[0]!, 'srcset')).toBe(imageSources(IMAGES.portraits[0]!).srcSet);
    for (const photo of photos) {
      expect(attr(photo, 'width')).toBe('48');
      expect(attr(photo, 'height')).toBe('48');
      expect(attr(photo, 'sizes')).toBe('48px');
      expect(attr(photo, 'loading')).toBe('lazy');
      expect(attr(photo, 'alt')).toBe(''); // the name is beside it
    }
  });

  it("shows the author's photo, name, bio and only the links a visitor may follow", () => {
    const html = render(
      page((c) => {
        const author = c.sections.find((s) => s.type === 'author')!;
        if (author.type === 'author') author.links.push({ label: 'Sneaky', url: 'javascript:alert(1)' });
      }),
    );
    const section = sectionOf(html, 'About the author');
    expect(section).toContain('<p class="ls-author-name">Jordan Avery</p>');
    expect(section).toContain('<strong>twelve years</strong>');
    const photo = tags(section, 'img')[0]!;
    expect([attr(photo, 'width'), attr(photo, 'height'), attr(photo, 'loading')]).toEqual(['96', '96', 'lazy']);
    const links = tags(section, 'a');
    expect(links.map((a) => attr(a, 'href'))).toEqual([
      'https://northwind.example/',
      'https://www.linkedin.com/in/jordan-avery-example',
      'mailto:jordan@northwind.example',
    ]);
    for (const link of links) expect(attr(link, 'rel')).toBe('noopener');
    expect(attr(links[2]!, 'target')).toBeUndefined(); // an email address opens the mail program, not a tab
    expect(section).not.toContain('Sneaky');
  });

  it('shows questions as <details> that open without JavaScript', () => {
    const section = sectionOf(render(page()), 'Questions, answered');
    expect(tags(section, 'details')).toHaveLength(5);
    expect(section).toContain('<details><summary>Is the playbook really free?</summary><div class="ls-rich ls-answer"><p>Yes.');
    expect(section).toContain('<li>shops and makers</li>');
    expect(section).not.toContain('<details open');
  });

  it('shows logos in a row, with their words as alt text, in their own proportions and lazily', () => {
    const section = sectionOf(render(page()), 'As featured in');
    const [wide, square] = tags(section, 'img');
    expect([attr(wide!, 'alt'), attr(wide!, 'width'), attr(wide!, 'height'), attr(wide!, 'loading')]).toEqual([
      'Partner 1',
      '160',
      '40',
      'lazy',
    ]);
    expect([attr(square!, 'width'), attr(square!, 'height')]).toEqual(['48', '48']);
  });

  it('shows a video as a still whose play button links to the video, with no request to its provider', () => {
    const html = render(page());
    const section = sectionOf(html, 'See the playbook in two minutes');
    const link = tags(section, 'a')[0]!;
    expect(attr(link, 'href')).toBe(SECTION_VIDEO_URL);
    expect(attr(link, 'data-ls-video')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(attr(link, 'data-ls-title')).toBe('A two-minute tour of the Email Marketing Playbook');
    expect(attr(link, 'rel')).toBe('noopener');
    expect(section).toContain('<span class="ls-sr">Play video: </span>A two-minute tour of the Email Marketing Playbook');
    // Nothing on the page loads from the provider: no frame, no thumbnail.
    expect(html).not.toContain('<iframe');
    for (const tag of [...tags(html, 'img'), ...tags(html, 'iframe')]) expect(tag).not.toMatch(/youtube|vimeo|ytimg/);
    // The landing script puts the player from the privacy-enhanced host in its place, once pressed.
    expect(landingScript).toContain('a[data-ls-video]');
    expect(landingScript).toContain('youtube-nocookie');
  });

  it('says when the offer ends, in the page’s time zone, with a countdown the script ticks', () => {
    const html = render(page());
    const section = sectionOf(html, 'The bonus calendar is free until');
    const deadline = everySection().find((s) => s.type === 'deadline')!;
    if (deadline.type !== 'deadline') throw new Error('no deadline');
    const iso = deadlineInstant(deadline)!.toISOString();
    expect(iso).toBe('2030-06-30T17:00:00.000Z');
    expect(section).toContain(`Offer ends <time dateTime="${iso}">${formatDeadline(deadline)}</time>`);
    expect(formatDeadline(deadline)).toBe('30 June 2030 at 18:00 BST');
    expect(section).toContain(`data-ls-deadline="${iso}"`);
    expect(section).toContain('aria-hidden="true"');
    // Hidden until it ticks (its box already there, so nothing moves), and without JavaScript not at all.
    expect(landingCss).toContain('.ls-countdown:not([data-on]){visibility:hidden}');
    expect(landingCss).toContain('@media (scripting:none){.ls-page .ls-countdown{display:none}}');
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual(['02', '03', '04', '05']);
    expect(countdownParts(-5000)).toEqual(['00', '00', '00', '00']);
  });

  it('takes the reader to the form from every call to action, by ids of the page’s own prefix', () => {
    const html = render(page(), { idPrefix: 'pv' });
    expect(html).toContain('<div class="ls-card" id="pv-form">');
    expect(html).toContain('<a class="ls-button" href="#pv-form">Send me the playbook</a>');
    expect(html).not.toContain('id="ls-');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows the images of the preview from the owner’s browser until they are uploaded', () => {
    const local = new Map([[IMAGES.author.id, 'blob:http://localhost/author']]);
    const html = renderToStaticMarkup(
      <LocalImageUrls.Provider value={local}>
        <LandingPage config={page()} mode="preview" now={NOW} />
      </LocalImageUrls.Provider>,
    );
    const photo = tags(sectionOf(html, 'About the author'), 'img')[0]!;
    expect(attr(photo, 'src')).toBe('blob:http://localhost/author');
    expect(attr(photo, 'srcset')).toBeUndefined();
  });
});

describe('a deadline that has passed', () => {
  const closing = (afterDeadline: 'keepForm' | 'closeForm', endedMessage = '') =>
    page((c) => {
      c.sections = everySection(IMAGES, { endsAt: '2026-05-31T12:00', timeZone: 'UTC', afterDeadline, endedMessage });
    });

  it('replaces the form with its message when it closes the form, and drops the calls to action', () => {
    const html = render(closing('closeForm', 'The free edition has ended.'));
    expect(html).toContain('<div class="ls-card" id="ls-form"><p class="ls-ended">The free edition has ended.</p></div>');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('href="#ls-form"');
    expect(html).toContain('Offer ended <time');
    expect(html).not.toContain('data-ls-deadline');
    expect(render(closing('closeForm'))).toContain(`<p class="ls-ended">${DEFAULT_ENDED_MESSAGE}</p>`);
    // Before it, the form is there.
    expect(render(closing('closeForm'), { now: Date.parse('2026-05-31T11:59:00Z') })).toContain('<form');
  });

  it('changes nothing but the countdown when the form stays', () => {
    const html = render(closing('keepForm'));
    expect(html).toContain('<form');
    expect(html).toContain('Offer ends <time');
    expect(html).toContain('data-ls-deadline="2026-05-31T12:00:00.000Z"');
  });
});

describe('layouts', () => {
  const classOf = (html: string) => attr(tags(html, 'main')[0]!, 'class');

  it('puts the form under the hero, the sections after it in a wider column, or beside them', () => {
    expect(classOf(render(page()))).toBe('ls-container ls-wide');
    expect(classOf(render(page(() => {}, { formPlacement: 'beside' })))).toBe('ls-container ls-side');
    // A cover beside the form keeps the form beside the hero and the sections.
    const cover = image(9, 1600, 1000);
    expect(classOf(render(page(() => {}, { cover, layout: 'right' })))).toBe('ls-container ls-side ls-right');
    expect(classOf(render(page(() => {}, { cover, layout: 'left', formPlacement: 'below' })))).toBe('ls-container ls-side');
    // Without sections, the page is as it was.
    expect(classOf(render(page((c) => (c.sections = []))))).toBe('ls-container');
    expect(classOf(render(page((c) => delete (c as Partial<FormConfig>).sections)))).toBe('ls-container');
  });

  it('stacks hero, form and sections in that order, and keeps the form in view beside them on wide screens', () => {
    const html = render(page(() => {}, { formPlacement: 'beside' }));
    expect(html.indexOf('</header>')).toBeLessThan(html.indexOf('id="ls-form"'));
    expect(html.indexOf('id="ls-form"')).toBeLessThan(html.indexOf('class="ls-sections"'));
    expect(landingCss).toMatch(/@media \(min-width:48rem\)\{[^\n]*\.ls-side \.ls-card\{grid-area:k;position:sticky;top:1\.5rem/);
    expect(landingCss).toMatch(/\.ls-side \.ls-sections\{grid-area:s\}/);
  });
});

describe('the description', () => {
  it('is rich text: bold, italic, lists and safe links, never markup', () => {
    const html = render(
      page((c) => {
        c.description =
          'Forty pages of **tactics**\n\n- one\n- two\n\n[site](https://northwind.example) [bad](javascript:alert(1)) <b>raw</b>';
      }),
    );
    expect(html).toContain('<div class="ls-rich ls-description"><p>Forty pages of <strong>tactics</strong></p>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://northwind.example/" rel="noopener" target="_blank">site</a>');
    expect(html).not.toMatch(/javascript:|<b>/);
  });

  it('shows Markdown nested by the thousand as its text, and the rest of the page as usual', () => {
    const quotes = `${'>'.repeat(5000)} deep`;
    const html = render(
      page((c) => {
        c.description = quotes;
        c.sections = [
          {
            id: 'faq',
            type: 'faq',
            hidden: false,
            heading: 'Questions',
            items: [{ question: 'Why?', answer: '- '.repeat(1000) + 'x' }],
          },
        ];
      }),
    );
    expect(html).toContain(`<div class="ls-rich ls-description"><p>${'&gt;'.repeat(5000)} deep</p></div>`);
    expect(html).toContain('<summary');
    expect(html).toContain('data-ls-form');
  });
});

/* --------------------------------------------------- owner text is never markup */

const PAYLOADS = [
  'MARK<script>alert(1)</script>',
  'MARK<img src=x onerror=alert(1)>',
  '[MARK](javascript:alert(1))',
  '[MARK](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'MARK javascript:alert(1)',
];
const URL_PAYLOADS = [
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>alert(1)</script>',
  ' JaVaScRiPt:alert(1)',
];

type Edit = (section: Section, value: string) => void;
const field = (type: Section['type'], name: string, edit: Edit, urls = false) => ({ type, name, edit, urls });
const FIELDS = [
  ...(['benefits', 'testimonials', 'author', 'faq', 'logos', 'video', 'deadline', 'cta'] as const).map((type) =>
    field(type, 'heading', (s, v) => (s.heading = v)),
  ),
  field('benefits', 'item text', (s, v) => s.type === 'benefits' && (s.items[0]!.text = v)),
  field('testimonials', 'quote', (s, v) => s.type === 'testimonials' && (s.items[0]!.quote = v)),
  field('testimonials', 'name', (s, v) => s.type === 'testimonials' && (s.items[0]!.name = v)),
  field('testimonials', 'role', (s, v) => s.type === 'testimonials' && (s.items[0]!.role = v)),
  field('author', 'name', (s, v) => s.type === 'author' && (s.name = v)),
  field('author', 'bio', (s, v) => s.type === 'author' && (s.bio = v)),
  field('author', 'link label', (s, v) => s.type === 'author' && (s.links[0]!.label = v)),
  field('author', 'link url', (s, v) => s.type === 'author' && (s.links[0]!.url = v), true),
  field('faq', 'question', (s, v) => s.type === 'faq' && (s.items[0]!.question = v)),
  field('faq', 'answer', (s, v) => s.type === 'faq' && (s.items[0]!.answer = v)),
  field('logos', 'alt', (s, v) => s.type === 'logos' && (s.items[0]!.alt = v)),
  field('video', 'url', (s, v) => s.type === 'video' && (s.url = v), true),
  field('video', 'title', (s, v) => s.type === 'video' && (s.title = v)),
  field('deadline', 'ended message', (s, v) => {
    if (s.type !== 'deadline') return;
    Object.assign(s, { endsAt: '2026-01-01T00:00', timeZone: 'UTC', afterDeadline: 'closeForm', endedMessage: v });
  }),
  field('cta', 'text', (s, v) => s.type === 'cta' && (s.text = v)),
  field('cta', 'button text', (s, v) => s.type === 'cta' && (s.buttonText = v)),
];

/** Nothing in `html` can run: no script element, no event handler, no javascript: or data: address. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  // Attribute values (always in double quotes, a quote in them escaped) are text: the tags are what is left.
  const bare = html.replace(/="[^"]*"/g, '=""');
  expect(bare).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  expect(html).not.toMatch(/<img[^>]*\ssrc="x"/i);
  expect(html).not.toMatch(/\s(href|src|srcset|action|formaction|data-ls-video)="\s*(javascript|data):/i);
  expect(html).not.toMatch(/<(iframe|object|embed|base|meta|link|style)\b/i);
}

describe('owner text in a section is never markup', () => {
  it.each(FIELDS.map((f) => [`${f.type}: ${f.name}`, f] as const))('%s', (_name, { type, edit, urls }) => {
    for (const value of urls ? URL_PAYLOADS : PAYLOADS) {
      const config = page((c) => {
        c.sections = everySection(IMAGES);
        edit(
          c.sections.find((s) => s.type === type)!,
          value,
        );
      });
      const html = render(config);
      expectInert(html);
      // The words are on the page, as text (or, for an address that is no link, not at all).
      if (!urls) expect(html, value).toContain('MARK');
    }
  });

  it('description', () => {
    for (const value of PAYLOADS) {
      const html = render(page((c) => (c.description = value)));
      expectInert(html);
      expect(html).toContain('MARK');
    }
  });
});
