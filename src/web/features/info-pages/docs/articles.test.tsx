import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@/web/lib/router';
import { describe, expect, it } from 'vitest';
import { DOC_SLUGS, TUTORIALS } from '@/domain/docs';
import { isAppRoute } from '@/domain/routes';
import { headingId, headingsOf, loadAllArticles, loadArticle, parseFrontMatter } from './articles';
import { MarkdownArticle } from './markdown';
import { plainText, searchArticles } from './search';

const articles = await loadAllArticles();
const docs = articles.filter((a) => a.kind === 'docs');
const tutorials = articles.filter((a) => a.kind === 'tutorials');

describe('the documentation files', () => {
  it('are exactly the articles and tutorials the route table accepts', () => {
    expect(docs.map((a) => a.slug).sort()).toEqual([...DOC_SLUGS].sort());
    expect(tutorials.map((a) => a.slug).sort()).toEqual(TUTORIALS.map((t) => t.slug).sort());
  });

  it('each have a title, a one-line description and, for tutorials, the stated duration', () => {
    for (const article of articles) {
      expect(article.title.length, article.path).toBeGreaterThan(2);
      expect(article.description.length, article.path).toBeGreaterThan(30);
      expect(article.description, article.path).not.toContain('\n');
      expect(article.body.trim().length, article.path).toBeGreaterThan(800);
    }
    for (const tutorial of TUTORIALS) {
      const article = tutorials.find((a) => a.slug === tutorial.slug)!;
      expect(article.title).toBe(tutorial.title);
      expect(article.duration).toBe(tutorial.duration);
    }
  });

  it('have unique titles and descriptions (each page has its own tab title and meta description)', () => {
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.description)).size).toBe(articles.length);
  });

  it('link only to pages that exist', () => {
    for (const article of articles) {
      for (const [, target] of article.body.matchAll(/\]\((\/[^)\s]*)\)/g)) {
        const path = target!.split(/[?#]/)[0]!;
        expect(isAppRoute(path), `${article.path} links to ${target}`).toBe(true);
      }
    }
  });

  it('have h2/h3 headings for the table of contents, with unique anchors that the rendered article carries', () => {
    for (const article of articles) {
      expect(article.headings.length, article.path).toBeGreaterThanOrEqual(3);
      const ids = article.headings.map((h) => h.id);
      expect(new Set(ids).size, `${article.path}: ${ids.join(', ')}`).toBe(ids.length);
      const html = renderToStaticMarkup(
        <MemoryRouter>
          <MarkdownArticle body={article.body} />
        </MemoryRouter>,
      );
      const rendered = [...html.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1]);
      expect(rendered, article.path).toEqual(ids);
      expect(html, article.path).not.toContain('<h1');
    }
  });
});

describe('parsing', () => {
  it('reads simple front matter and leaves the body', () => {
    expect(parseFrontMatter("---\ntitle: A: B\nduration: '5:24'\n---\n\nBody")).toEqual({
      meta: { title: 'A: B', duration: '5:24' },
      body: '\nBody',
    });
    expect(parseFrontMatter('No front matter')).toEqual({ meta: {}, body: 'No front matter' });
  });

  it('makes heading anchors from the text and skips code blocks', () => {
    expect(headingId('1. Pick a template')).toBe('1-pick-a-template');
    expect(headingId('GDPR & you')).toBe('gdpr-and-you');
    expect(headingsOf('## One\n```\n## not a heading\n```\n### Two `code`\n')).toEqual([
      { depth: 2, text: 'One', id: 'one' },
      { depth: 3, text: 'Two code', id: 'two-code' },
    ]);
  });

  it('loads one article by kind and slug, and nothing for an unknown slug', async () => {
    expect((await loadArticle('docs', 'quick-start'))?.title).toBe('Quick Start');
    expect(await loadArticle('docs', 'no-such-article')).toBeNull();
  });
});

describe('searchArticles', () => {
  it('finds articles by words in the title or body, case-insensitive, best match first', () => {
    const hits = searchArticles(articles, 'REFUND');
    expect(hits.map((h) => h.article.slug)).toContain('refunds');
    expect(hits[0]!.article.slug).toBe('refunds');
    const body = searchArticles(articles, 'whsec');
    expect(body.map((h) => h.article.slug)).toContain('payments');
    expect(body.every((h) => h.snippet.toLowerCase().includes('whsec'))).toBe(true);
  });

  it('needs every word of the query', () => {
    const both = searchArticles(articles, 'pixel consent').map((h) => h.article.slug);
    expect(both).toContain('tracking-pixels');
    for (const slug of both) {
      const article = articles.find((a) => a.slug === slug)!;
      const text = `${article.title} ${article.description} ${plainText(article.body)}`.toLowerCase();
      expect(text).toContain('pixel');
      expect(text).toContain('consent');
    }
  });

  it('finds nothing for nonsense or a blank query', () => {
    expect(searchArticles(articles, 'xyzzyqwerty')).toEqual([]);
    expect(searchArticles(articles, '   ')).toEqual([]);
  });
});
