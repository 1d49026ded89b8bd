import { describe, expect, it } from 'vitest';
import { defaultFormConfig, formConfigSchema, validateForPublish } from './form-config';
import { variantConfig } from './ab-test';
import {
  closingDeadline,
  deadlineInstant,
  formatDeadline,
  newSection,
  SECTION_TYPES,
  sectionImages,
  sectionSchema,
  sectionShows,
  shownSections,
  showsVideo,
  videoOf,
  withSectionImageReplaced,
  type Section,
} from './sections';

const photo = { id: '0b6a1f4e-3c2d-4e5f-8a9b-1c2d3e4f5a6b', width: 200, height: 200 };
const logo = { id: '1c7b2a5f-4d3e-4f6a-9bac-2d3e4f5a6b7c', width: 400, height: 100 };

describe('sections', () => {
  it('makes a valid new section of every kind, which shows nothing until it has words', () => {
    for (const type of SECTION_TYPES) {
      const section = newSection(type, 1, 'Europe/Paris');
      expect(sectionSchema.parse(section)).toEqual(section);
      expect(sectionShows(section)).toBe(type === 'cta');
    }
  });

  it('reads configs saved before sections existed as having none', () => {
    const { sections: _gone, ...old } = defaultFormConfig();
    const parsed = formConfigSchema.parse(old);
    expect(parsed.sections).toEqual([]);
    expect(parsed.design.formPlacement).toBe('below');
    expect(shownSections(old as never)).toEqual([]);
  });

  it('refuses an impossible date, an unknown time zone, a link that is no video and a javascript: author link', () => {
    const deadline = { ...newSection('deadline', 1), endsAt: '2026-02-30T10:00' };
    expect(sectionSchema.safeParse(deadline).success).toBe(false);
    expect(sectionSchema.safeParse({ ...deadline, endsAt: '2026-02-28T24:00' }).success).toBe(false);
    expect(sectionSchema.safeParse({ ...deadline, endsAt: '2026-02-28T23:59', timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(sectionSchema.safeParse({ ...deadline, endsAt: '2026-02-28T23:59' }).success).toBe(true);
    const video = newSection('video', 1);
    expect(sectionSchema.safeParse({ ...video, url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }).success).toBe(false);
    expect(sectionSchema.safeParse({ ...video, url: 'javascript:alert(1)' }).success).toBe(false);
    const author = { ...newSection('author', 1), links: [{ label: 'x', url: 'javascript:alert(1)' }] };
    expect(sectionSchema.safeParse(author).success).toBe(false);
    expect(sectionSchema.safeParse({ ...author, links: [{ label: 'Mail', url: 'mailto:me@example.com' }] }).success).toBe(true);
    expect(sectionSchema.safeParse({ ...author, type: 'script' }).success).toBe(false);
  });

  it('knows YouTube and Vimeo links in the forms people paste, and plays them from the privacy-enhanced hosts', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=30',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(videoOf(link)?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(videoOf('https://vimeo.com/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(videoOf('https://vimeo.com/76979871/abcdef1234')?.embedUrl).toContain('&h=abcdef1234');
    for (const link of [
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/short',
      'ftp://vimeo.com/1',
      'not a link',
    ])
      expect(videoOf(link)).toBeNull();
  });

  it("reads a deadline's wall-clock time in its own time zone, summer and winter", () => {
    expect(deadlineInstant({ endsAt: '2026-12-31T23:59', timeZone: 'Europe/London' })?.toISOString()).toBe(
      '2026-12-31T23:59:00.000Z',
    );
    expect(deadlineInstant({ endsAt: '2026-07-01T12:00', timeZone: 'Europe/London' })?.toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
    expect(deadlineInstant({ endsAt: '2026-07-01T12:00', timeZone: 'America/New_York' })?.toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(deadlineInstant({ endsAt: '2026-01-01T09:00', timeZone: 'Asia/Kathmandu' })?.toISOString()).toBe(
      '2026-01-01T03:15:00.000Z',
    );
    expect(formatDeadline({ endsAt: '2026-12-31T23:59', timeZone: 'Europe/London' })).toBe('31 December 2026 at 23:59 GMT');
  });

  it('closes the form only after a deadline that says so has passed', () => {
    const deadline: Section = {
      ...newSection('deadline', 1),
      endsAt: '2026-06-01T12:00',
      timeZone: 'UTC',
      afterDeadline: 'closeForm',
    };
    const before = Date.UTC(2026, 5, 1, 11, 59);
    const after = Date.UTC(2026, 5, 1, 12, 0);
    expect(closingDeadline({ sections: [deadline] }, before)).toBeNull();
    expect(closingDeadline({ sections: [deadline] }, after)).toEqual(deadline);
    expect(closingDeadline({ sections: [{ ...deadline, afterDeadline: 'keepForm' }] }, after)).toBeNull();
    expect(closingDeadline({ sections: [{ ...deadline, hidden: true }] }, after)).toBeNull();
  });

  it('finds every image of the sections and puts an upload in their place', () => {
    const sections: Section[] = [
      { ...newSection('testimonials', 1), items: [{ quote: 'Good', name: 'A', role: '', photo }] },
      { ...newSection('author', 2), name: 'Ann', photo },
      { ...newSection('logos', 3), items: [{ image: logo, alt: 'Paper' }] },
    ];
    expect(sectionImages(sections).map((i) => i.key)).toEqual([
      'sections.0.items.0.photo',
      'sections.1.photo',
      'sections.2.items.0.image',
    ]);
    expect(sectionImages(sections, 'abTest.sections')[0]?.key).toBe('abTest.sections.0.items.0.photo');
    const uploaded = { ...photo, id: '2d8c3b6a-5e4f-4a7b-8cbd-3e4f5a6b7c8d' };
    const replaced = withSectionImageReplaced(sections, photo.id, uploaded);
    expect(sectionImages(replaced).map((i) => i.ref.id)).toEqual([uploaded.id, uploaded.id, logo.id]);
  });

  it('asks for a visible video link and deadline before publishing, and lets hidden ones be', () => {
    const config = { ...defaultFormConfig(), sections: [newSection('video', 1), { ...newSection('deadline', 2), hidden: true }] };
    const errors = validateForPublish(config, true);
    expect(errors['sections.0.url']).toBeDefined();
    expect(errors['sections.1.endsAt']).toBeUndefined();
  });

  it("gives variant B its own sections when it has them, else the page's", () => {
    const faq: Section = { ...newSection('faq', 1), items: [{ question: 'Why?', answer: 'Because.' }] };
    const video: Section = { ...newSection('video', 2), url: 'https://youtu.be/dQw4w9WgXcQ' };
    const config = { ...defaultFormConfig(), sections: [faq] };
    expect(variantConfig(config, 'b').sections).toEqual([faq]);
    const withB = { ...config, abTest: { ...config.abTest, enabled: true, sections: [video] } };
    expect(variantConfig(withB, 'b').sections).toEqual([video]);
    expect(variantConfig(withB, 'a').sections).toEqual([faq]);
    expect(showsVideo(variantConfig(withB, 'b'))).toBe(true);
    expect(showsVideo(withB)).toBe(false);
  });
});
