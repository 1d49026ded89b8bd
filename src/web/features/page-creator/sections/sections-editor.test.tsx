import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  MAX_SECTIONS,
  newSection,
  SECTION_TYPES,
  sectionMessages,
  type Section,
  type SectionOf,
  type SectionType,
} from '@/domain/sections';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { SectionsEditor } from './sections-editor';

const render = (sections: Section[], errors: EditorErrors = {}, list: 'sections' | 'abTest.sections' = 'sections') =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SectionsEditor list={list} sections={sections} errors={errors} dispatch={() => {}} idPrefix="s" />
    </QueryClientProvider>,
  );

const sectionOf = <T extends SectionType>(type: T, patch: Partial<SectionOf<T>> = {}) =>
  ({ ...newSection(type), id: type, ...patch }) as SectionOf<T>;

/** The text of the markup, without its tags and entities. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('the sections editor', () => {
  it('shows each section as a card: its kind, a handle to reorder it, whether it shows, Remove and its heading', () => {
    const html = render([sectionOf('faq', { heading: 'Before you ask' }), sectionOf('benefits', { hidden: true })]);
    expect(html).toMatch(/<ol class="grid gap-4">/);
    expect(html).toContain('aria-label="Reorder FAQ: Before you ask"');
    expect(html).toContain('aria-label="Remove FAQ: Before you ask"');
    // Named by its kind alone when its heading says no more.
    expect(html).toContain('aria-label="Reorder What&#x27;s inside"');
    expect(html).toMatch(/id="s-faq-heading"[^>]*value="Before you ask"/);
    // Shown, and hidden (said so beside its kind), as a labelled switch.
    expect(html).toMatch(/<label[^>]*for="s-faq-shown"[^>]*>Show on the page<\/label>/);
    expect(html).toMatch(/role="switch" aria-checked="true"[^>]*id="s-faq-shown"/);
    expect(html).toMatch(/role="switch" aria-checked="false"[^>]*id="s-benefits-shown"/);
    expect(text(html)).toContain("What's inside Hidden");
    // Add section shows the kinds when pressed.
    expect(html).toMatch(/<button[^>]*id="s-add"[^>]*aria-expanded="false"[^>]*>.*Add section<\/button>/);
  });

  it('says when a shown section has nothing to show yet, and why', () => {
    expect(text(render([sectionOf('video')]))).toContain('Not on the page until it has a YouTube or Vimeo link.');
    expect(text(render([sectionOf('video', { url: 'https://youtu.be/dQw4w9WgXcQ' })]))).not.toContain('Not on the page');
    // Hidden, it says Hidden instead.
    expect(text(render([sectionOf('video', { hidden: true })]))).not.toContain('Not on the page');
  });

  it('has the inputs of each kind, labelled, the rich texts saying which formatting works', () => {
    const html = render(SECTION_TYPES.map((type) => sectionOf(type)));
    const labels = [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map(
      ([, id, label]) => `${id}: ${label}`,
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        's-benefits-items-0-text: Text',
        's-testimonials-items-0-quote: Quote',
        's-testimonials-items-0-name: Name',
        's-testimonials-items-0-role: Role',
        's-author-name: Name',
        's-author-bio: Short bio',
        's-faq-items-0-question: Question',
        's-faq-items-0-answer: Answer',
        's-video-url: Video link',
        's-video-title: Video title',
        's-deadline-ends-at: When the offer ends',
        's-deadline-time-zone: Time zone',
        's-cta-text: Text',
        's-cta-button-text: Button text',
      ]),
    );
    // Every input with a label has an element to label (no label for a missing id).
    for (const [, id] of html.matchAll(/for="([^"]+)"/g)) expect(html, id).toContain(`id="${id}"`);
    // The benefit's ten icons, each named; the photos as image pickers.
    expect(html.match(/name="s-benefits-items-0-icon"/g)).toHaveLength(10);
    expect(html).toContain('aria-label="Lightning bolt"');
    expect(html).toContain('id="s-testimonials-items-0-photo"');
    expect(html).toContain('id="s-author-photo"');
    expect(html).toContain('id="s-logos-add-logo"');
    // Rich texts: the benefit, the quote, the bio, the answer and the call to action's text.
    for (const id of ['benefits-items-0-text', 'testimonials-items-0-quote', 'author-bio', 'faq-items-0-answer', 'cta-text'])
      expect(html, id).toMatch(
        new RegExp(`id="s-${id}-hint"[^>]*>[^]*?\\*\\*bold\\*\\*[^]*?\\*italic\\*[^]*?\\[links\\]\\(https://…\\)`),
      );
    // A deadline's time zone is chosen from the browser's list; after it, the form stays or a message replaces it.
    expect(html).toMatch(/<option value="Europe\/Lisbon">Europe\/Lisbon<\/option>/);
    expect(text(html)).toContain('Keep the form');
    expect(text(html)).toContain('Show a message instead');
  });

  it('shows each error beside its input, tied to it, from the errors of this list only', () => {
    const sections = [sectionOf('testimonials'), sectionOf('video', { url: 'https://youtu.be/dQw4w9WgXcQ' })];
    const errors = {
      'sections.0.items.0.photo': 'That image is not one of yours',
      'sections.1.url': sectionMessages.videoRequired,
      'abTest.sections.1.title': 'Not this one',
    };
    const html = render(sections, errors);
    expect(html).toMatch(/aria-describedby="[^"]*s-testimonials-items-0-photo-error"[^>]*aria-invalid="true"/);
    expect(html).toContain('<p id="s-testimonials-items-0-photo-error" role="alert" class="text-sm text-red-700">That image');
    expect(html).toMatch(/id="s-video-url" aria-invalid="true" aria-describedby="s-video-url-hint s-video-url-error"/);
    expect(html).toContain(sectionMessages.videoRequired);
    expect(html).not.toContain('Not this one');
    // B's list reads B's errors.
    expect(render(sections, errors, 'abTest.sections')).toContain('Not this one');
  });

  it('says what a video link must be as soon as it is not YouTube or Vimeo, and what an author’s link must be', () => {
    const html = render([
      sectionOf('video', { url: 'https://example.com/clip' }),
      sectionOf('author', { links: [{ label: 'Site', url: 'javascript:alert(1)' }] }),
    ]);
    expect(html).toContain(sectionMessages.videoUrl);
    expect(html).toContain(sectionMessages.linkUrl.replace(/:$/, ''));
    expect(render([sectionOf('video', { url: 'https://vimeo.com/76979871' })])).not.toContain(sectionMessages.videoUrl);
  });

  it('moves and removes items with named buttons, the first and last unable to go further', () => {
    const faq = sectionOf('faq', {
      items: [
        { question: 'One?', answer: '' },
        { question: 'Two?', answer: '' },
      ],
    });
    const html = render([faq]);
    expect(html).toMatch(/<button[^>]*id="s-faq-items-0-up"[^>]*aria-label="Move question 1 up" disabled=""/);
    expect(html).toMatch(/<button[^>]*id="s-faq-items-0-down"[^>]*aria-label="Move question 1 down">/);
    expect(html).toMatch(/<button[^>]*id="s-faq-items-1-down"[^>]*aria-label="Move question 2 down" disabled=""/);
    expect(html).toContain('aria-label="Remove question 2"');
    expect(html).toMatch(/role="group" aria-labelledby="s-faq-items-1-caption"/);
    expect(text(html)).toContain('Add question');
  });

  it('stops offering more at the limits, and says so', () => {
    const full = Array.from({ length: MAX_SECTIONS }, (_, i) => sectionOf('cta', { id: `c-${i}` }));
    const html = render(full);
    expect(html).toMatch(/<button[^>]*id="s-add"[^>]*disabled=""/);
    expect(text(html)).toContain(`A page can have up to ${MAX_SECTIONS} sections.`);
    const links = Array.from({ length: 6 }, () => ({ label: 'x', url: '' }));
    expect(text(render([sectionOf('author', { links })]))).toContain('The author can have up to 6 links.');
    expect(render([sectionOf('author', { links })])).toMatch(/<button[^>]*id="s-author-links-add"[^>]*disabled=""/);
  });

  it('invites the first section when there is none', () => {
    expect(text(render([]))).toContain('No sections yet.');
  });
});
