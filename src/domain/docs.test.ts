import { describe, expect, it } from 'vitest';
import { DOC_SLUGS, TUTORIALS } from './docs';
import { isAppRoute } from './routes';
import { TEMPLATES } from './templates';

describe('routes of the documentation and the template previews', () => {
  it('accept every known article, tutorial and template slug', () => {
    for (const slug of DOC_SLUGS) expect(isAppRoute(`/docs/${slug}`), slug).toBe(true);
    for (const { slug } of TUTORIALS) expect(isAppRoute(`/tutorials/${slug}`), slug).toBe(true);
    for (const { slug } of TEMPLATES) expect(isAppRoute(`/template-preview/${slug}`), slug).toBe(true);
    expect(isAppRoute('/tutorials')).toBe(true);
    expect(isAppRoute('/docs/gdpr/')).toBe(true);
  });

  it('refuse unknown slugs and deeper paths, so the server answers 404', () => {
    for (const path of [
      '/docs/no-such-article',
      '/docs/gdpr/more',
      '/tutorials/no-such-tutorial',
      '/template-preview/no-such-template',
      '/template-preview/professional-ebook/x',
      '/template-preview/Professional-Ebook',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('list the three tutorials with their durations', () => {
    expect(TUTORIALS.map((t) => [t.slug, t.duration])).toEqual([
      ['getting-started', '5:24'],
      ['first-form', '7:15'],
      ['advanced-customization', '9:48'],
    ]);
  });
});
