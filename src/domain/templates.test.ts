import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, legibleOn, readableTextOn } from './contrast';
import {
  BACKGROUND_STYLES,
  designSchema,
  EMAIL_FIELD_ID,
  FONT_CHOICES,
  formConfigSchema,
  hasLockedEmailField,
  validateForPublish,
} from './form-config';
import { richTextPlain } from './rich-text';
import { sectionPublishErrors, sectionSchema, shownSections } from './sections';
import { findTemplate, TEMPLATE_CATEGORIES, templateConfig, TEMPLATES, templateSlug } from './templates';

const SPEC_TEMPLATES = {
  'Lead Generation': ['Standard Lead Magnet', 'Premium Content', 'Course Sign-up'],
  'Ebook Delivery': ['Professional Ebook', 'Whitepaper Download', 'Industry Report'],
  Newsletter: ['Newsletter Sign-up', 'Weekly Updates', 'Industry News'],
  Webinar: ['Webinar Registration', 'Live Workshop', 'Product Demo'],
};

describe('templateSlug', () => {
  it('lower-cases the title and replaces runs of whitespace with hyphens', () => {
    expect(templateSlug('Professional Ebook')).toBe('professional-ebook');
    expect(templateSlug('Course Sign-up')).toBe('course-sign-up');
    expect(templateSlug('A  \t B')).toBe('a-b');
  });
});

describe('TEMPLATES', () => {
  it('are the twelve templates in their categories', () => {
    expect(TEMPLATE_CATEGORIES).toEqual(['Lead Generation', 'Ebook Delivery', 'Newsletter', 'Webinar']);
    expect(TEMPLATES).toHaveLength(12);
    for (const category of TEMPLATE_CATEGORIES) {
      expect(TEMPLATES.filter((t) => t.category === category).map((t) => t.title)).toEqual(SPEC_TEMPLATES[category]);
    }
  });

  it('have slugs by the documented rule, all unique', () => {
    for (const t of TEMPLATES) expect(t.slug).toBe(templateSlug(t.title));
    expect(new Set(TEMPLATES.map((t) => t.slug)).size).toBe(12);
  });

  it('flag only Professional Ebook as popular', () => {
    expect(TEMPLATES.filter((t) => t.popular).map((t) => t.title)).toEqual(['Professional Ebook']);
  });

  it('carry valid, distinct starter configurations with the locked email field first', () => {
    for (const t of TEMPLATES) {
      expect(formConfigSchema.safeParse(t.config).success, t.title).toBe(true);
      expect(t.config.fields[0]).toEqual({
        id: EMAIL_FIELD_ID,
        type: 'email',
        label: 'Email Address',
        placeholder: 'Enter your email',
        required: true,
        options: [],
        helpText: '',
        param: '',
      });
      expect(hasLockedEmailField(t.config)).toBe(true);
      expect(t.config.fields.length).toBeGreaterThan(1);
      expect(new Set(t.config.fields.map((f) => f.id)).size).toBe(t.config.fields.length);
      expect(t.config.businessName).toBe('');
      expect(t.config.leadMagnet).toBeNull();
      expect(t.description.length).toBeGreaterThan(10);
      // Only what the owner must supply is missing: the business name, the PDF and their privacy policy.
      expect(Object.keys(validateForPublish(t.config)).sort()).toEqual(['businessName', 'leadMagnet', 'privacyPolicyUrl']);
      // The message shows beside the file (the download page, the delivery email): it must not send
      // the visitor to look for it elsewhere, with or without double opt-in.
      expect(t.config.thankyouMessage, t.title).not.toMatch(/check your (e-?mail|inbox)/i);
      expect(t.config.thankyouMessage, t.title).toMatch(/download below/);
    }
    expect(new Set(TEMPLATES.map((t) => JSON.stringify(t.config))).size).toBe(12);
    expect(new Set(TEMPLATES.map((t) => t.config.title)).size).toBe(12);
  });

  it('suit their use', () => {
    const ids = (slug: string) => findTemplate(slug)!.config.fields.map((f) => f.id);
    expect(ids('webinar-registration')).toEqual(['email', 'field-name', 'field-company', 'field-job-title']);
    expect(ids('course-sign-up')).toContain('field-experience');
    const premium = findTemplate('premium-content')!.config.payment;
    expect(premium).toMatchObject({ enabled: true, type: 'fixed', fixedAmount: 1900, currency: 'USD' });
    expect(findTemplate('industry-report')!.config.payment).toMatchObject({ enabled: true, type: 'pwyw' });
    const free = TEMPLATES.filter((t) => !['premium-content', 'industry-report'].includes(t.slug));
    for (const t of free) expect(t.config.payment.enabled, t.title).toBe(false);
  });
});

describe('template designs', () => {
  it('each carry a valid design of their own, without images, so the card and the page agree', () => {
    for (const t of TEMPLATES) {
      const { design } = t.config;
      expect(designSchema.safeParse(design).success, t.title).toBe(true);
      expect(design, t.title).toMatchObject({ logo: null, cover: null, coverAlt: '', buttonText: '' });
    }
    const looks = TEMPLATES.map((t) => JSON.stringify(t.config.design));
    expect(new Set(looks).size).toBe(12);
    expect(new Set(TEMPLATES.map((t) => t.config.design.brandColor.toLowerCase())).size).toBeGreaterThanOrEqual(10);
    // Between them they show every background style and every font.
    expect(new Set(TEMPLATES.map((t) => t.config.design.background))).toEqual(new Set(BACKGROUND_STYLES));
    expect(new Set(TEMPLATES.map((t) => t.config.design.font))).toEqual(new Set(FONT_CHOICES));
  });

  it('have colours that pass AA: the button text on the brand colour, and the brand colour as links on the white card', () => {
    for (const t of TEMPLATES) {
      const brand = t.config.design.brandColor;
      expect(contrastRatio(readableTextOn(brand), brand), t.title).toBeGreaterThanOrEqual(AA_TEXT);
      // Chosen so that, but for the deliberately light gold, nothing needs adjusting.
      const link = legibleOn(brand, '#ffffff');
      expect(link.ratio, t.title).toBeGreaterThanOrEqual(AA_TEXT);
      expect(link.adjusted, t.title).toBe(t.slug === 'premium-content');
    }
  });
});

describe('template sections', () => {
  it('make every template a page to ship: at least four shown sections, an FAQ and a call to action among them, none missing what publishing needs', () => {
    for (const t of TEMPLATES) {
      const { sections } = t.config;
      for (const section of sections) expect(sectionSchema.safeParse(section).success, `${t.title} ${section.id}`).toBe(true);
      const shown = shownSections(t.config);
      expect(shown.length, t.title).toBeGreaterThanOrEqual(4);
      const types = shown.map((s) => s.type);
      expect(types, t.title).toContain('faq');
      expect(types, t.title).toContain('benefits');
      expect(types, t.title).toContain('testimonials');
      // The call to action closes the page, taking a reader who got to the end back to the form.
      expect(types.at(-1), t.title).toBe('cta');
      expect(sectionPublishErrors(sections), t.title).toEqual({});
      expect(
        Object.keys(validateForPublish(t.config)).filter((key) => key.startsWith('sections')),
        t.title,
      ).toEqual([]);
    }
  });

  it('give each section a stable id of its template, unique across all of them', () => {
    const ids = TEMPLATES.flatMap((t) => t.config.sections.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of TEMPLATES) t.config.sections.forEach((s, i) => expect(s.id).toBe(`section-${t.slug}-${i + 1}`));
  });

  it('write real words for each case: 3 to 5 answered questions, quotes by example names, filled benefits and a button', () => {
    for (const t of TEMPLATES) {
      for (const section of t.config.sections) {
        expect(section.heading.trim(), `${t.title} ${section.id}`).not.toBe('');
        switch (section.type) {
          case 'faq':
            expect(section.items.length, t.title).toBeGreaterThanOrEqual(3);
            expect(section.items.length, t.title).toBeLessThanOrEqual(5);
            for (const item of section.items) {
              expect(item.question, t.title).toMatch(/\?$/);
              expect(richTextPlain(item.answer).length, `${t.title}: ${item.question}`).toBeGreaterThan(20);
            }
            break;
          case 'testimonials':
            expect(section.items.length, t.title).toBeGreaterThanOrEqual(2);
            for (const item of section.items) {
              // "Alex R.": a first name and an initial, which an owner reads as an example to replace.
              expect(item.name, t.title).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
              expect(item.role, t.title).not.toBe('');
              expect(item.photo, t.title).toBeNull();
              expect(item.quote.length, t.title).toBeGreaterThan(30);
            }
            break;
          case 'benefits':
            expect(section.items.length, t.title).toBeGreaterThanOrEqual(3);
            for (const item of section.items) expect(item.text, t.title).toMatch(/\*\*.+\*\*/);
            break;
          case 'cta':
            expect(section.buttonText, t.title).not.toBe('');
            expect(section.text, t.title).not.toBe('');
            break;
          case 'author':
            expect(section.name, t.title).not.toBe('');
            expect(section.bio.length, t.title).toBeGreaterThan(60);
            break;
          case 'deadline':
            // A template cannot know the date: hidden until the owner sets one, so the page publishes.
            expect(section, t.title).toMatchObject({ endsAt: '', hidden: true });
            break;
        }
      }
    }
  });

  it('suit their case: a webinar has its agenda, speaker and a deadline to date; an ebook its chapters; a course its modules', () => {
    const types = (slug: string) => findTemplate(slug)!.config.sections.map((s) => s.type);
    expect(types('webinar-registration')).toEqual(['deadline', 'benefits', 'author', 'testimonials', 'faq', 'cta']);
    expect(findTemplate('webinar-registration')!.config.sections[1]!.heading).toBe('Agenda');
    expect(types('live-workshop')).toContain('deadline');
    expect(types('professional-ebook')).toContain('author');
    const chapters = findTemplate('professional-ebook')!.config.sections[0]!;
    expect(chapters.type === 'benefits' && chapters.items.every((i) => i.text.includes('Chapter'))).toBe(true);
    const modules = findTemplate('course-sign-up')!.config.sections[0]!;
    expect(modules.type === 'benefits' && modules.items.every((i) => i.text.includes('Module'))).toBe(true);
    expect(findTemplate('whitepaper-download')!.config.sections[0]!.heading).toBe('Key findings');
  });

  it('place the form beside the sections where there is much to read, and below them on the short sign-ups', () => {
    const placement = (slug: string) => findTemplate(slug)!.config.design.formPlacement;
    for (const slug of ['professional-ebook', 'whitepaper-download', 'webinar-registration', 'course-sign-up', 'product-demo'])
      expect(placement(slug), slug).toBe('beside');
    for (const slug of ['newsletter-sign-up', 'weekly-updates', 'standard-lead-magnet'])
      expect(placement(slug), slug).toBe('below');
  });
});

describe('findTemplate and templateConfig', () => {
  it('find a template by slug, and hand out copies that do not change the template', () => {
    expect(findTemplate('professional-ebook')?.title).toBe('Professional Ebook');
    expect(findTemplate('nope')).toBeUndefined();
    expect(templateConfig('nope')).toBeUndefined();
    const copy = templateConfig('live-workshop')!;
    copy.fields[0]!.label = 'Changed';
    copy.payment.enabled = true;
    expect(findTemplate('live-workshop')!.config.fields[0]!.label).toBe('Email Address');
    expect(findTemplate('live-workshop')!.config.payment.enabled).toBe(false);
  });
});
