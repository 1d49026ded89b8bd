import { describe, expect, it } from 'vitest';
import { loadArticle } from '@/web/features/info-pages/docs/articles';
import { GUIDE_SECTIONS } from './guide-sections';

describe('the API reference intro', () => {
  it('links only to sections the API Reference article has', async () => {
    const article = await loadArticle('docs', 'api-reference');
    const ids = article!.headings.map((h) => h.id);
    for (const section of GUIDE_SECTIONS) expect(ids, section.id).toContain(section.id);
    // The article ends with the section the interactive reference follows.
    expect(ids.at(-1)).toBe('interactive-reference');
  });

  it('no longer calls the API "coming soon"', async () => {
    const article = await loadArticle('docs', 'api-reference');
    expect(article!.body.toLowerCase()).not.toContain('coming soon');
  });
});
