import type { Article } from './articles';

export interface SearchHit {
  article: Article;
  /** A short passage around the first match, from the description or the body. */
  snippet: string;
}

/** Markdown reduced to its words: no markup, links as their text, one line. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/[`*~]/g, '')
    .replace(/(^|\W)_+|_+(?=\W|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query, lower case; an empty list for a blank query. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

const SNIPPET_SIDE = 80;

function snippetAround(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const positions = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  if (positions.length === 0) return text.slice(0, SNIPPET_SIDE * 2).trimEnd() + (text.length > SNIPPET_SIDE * 2 ? '…' : '');
  const at = Math.min(...positions);
  let start = Math.max(0, at - SNIPPET_SIDE);
  let end = Math.min(text.length, at + SNIPPET_SIDE + terms[0]!.length);
  // Whole words at both ends.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/**
 * Articles whose title, description or body contain every word of the query (case-insensitive),
 * best first: matches in the title weigh most, then the description, then how often the body has them.
 */
export function searchArticles(articles: readonly Article[], query: string): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored: Array<SearchHit & { score: number }> = [];
  for (const article of articles) {
    const title = article.title.toLowerCase();
    const description = article.description.toLowerCase();
    const body = plainText(article.body);
    const lowerBody = body.toLowerCase();
    if (!terms.every((t) => title.includes(t) || description.includes(t) || lowerBody.includes(t))) continue;
    const score = terms.reduce(
      (sum, t) =>
        sum + (title.includes(t) ? 100 : 0) + (description.includes(t) ? 20 : 0) + Math.min(occurrences(lowerBody, t), 20),
      0,
    );
    const inDescription = terms.some((t) => description.includes(t));
    scored.push({ article, snippet: snippetAround(inDescription ? article.description : body, terms), score });
  }
  scored.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title));
  return scored.map(({ article, snippet }) => ({ article, snippet }));
}
