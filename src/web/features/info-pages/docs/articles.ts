import { useQuery } from '@tanstack/react-query';

/**
 * The documentation's Markdown files (src/web/content). Each file is its own lazily loaded chunk:
 * the app's main bundle holds only these loaders, and an article is fetched when it is opened (or,
 * all of them, when the Help Center is searched).
 */
const docFiles = import.meta.glob<string>('../../../content/docs/*.md', { query: '?raw', import: 'default' });
const tutorialFiles = import.meta.glob<string>('../../../content/tutorials/*.md', { query: '?raw', import: 'default' });

export type ArticleKind = 'docs' | 'tutorials';

export interface Heading {
  depth: 2 | 3;
  text: string;
  id: string;
}

export interface Article {
  kind: ArticleKind;
  slug: string;
  /** Where the article is shown: /docs/{slug} or /tutorials/{slug}. */
  path: string;
  title: string;
  /** The one-line summary under the title, also the page's meta description. */
  description: string;
  /** Tutorials only: how long the walkthrough takes, as m:ss. */
  duration?: string;
  /** The Markdown after the front matter. */
  body: string;
  headings: Heading[];
}

const files: Record<ArticleKind, Record<string, () => Promise<string>>> = { docs: docFiles, tutorials: tutorialFiles };

const slugOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.md'.length);

/** The id of a heading's anchor: lower case, letters and digits, words joined by hyphens. */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section'
  );
}

/** Inline Markdown (code, emphasis, links) reduced to the text a reader sees. */
export function plainInline(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .trim();
}

/** The h2 and h3 headings of a Markdown body (outside code blocks), for the table of contents. */
export function headingsOf(body: string): Heading[] {
  const headings: Heading[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = plainInline(match[2]!);
    headings.push({ depth: match[1]!.length as 2 | 3, text, id: headingId(text) });
  }
  return headings;
}

/**
 * Splits `---`-fenced front matter of `key: value` lines (values optionally quoted) from the body.
 * Only that simple form is supported, which is all the articles use.
 */
export function parseFrontMatter(raw: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(raw);
  if (!match) return { meta: {}, body: raw };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    meta[pair[1]!] = pair[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { meta, body: raw.slice(match[0].length) };
}

export function parseArticle(kind: ArticleKind, slug: string, raw: string): Article {
  const { meta, body } = parseFrontMatter(raw);
  return {
    kind,
    slug,
    path: `/${kind}/${slug}`,
    title: meta.title ?? slug,
    description: meta.description ?? '',
    duration: meta.duration,
    body,
    headings: headingsOf(body),
  };
}

function loaderFor(kind: ArticleKind, slug: string) {
  return Object.entries(files[kind]).find(([file]) => slugOf(file) === slug)?.[1];
}

export async function loadArticle(kind: ArticleKind, slug: string): Promise<Article | null> {
  const load = loaderFor(kind, slug);
  return load ? parseArticle(kind, slug, await load()) : null;
}

/** Every article and tutorial, for the Help Center's search. */
export async function loadAllArticles(): Promise<Article[]> {
  const all = (Object.keys(files) as ArticleKind[]).flatMap((kind) =>
    Object.entries(files[kind]).map(async ([file, load]) => parseArticle(kind, slugOf(file), await load())),
  );
  return Promise.all(all);
}

export function useArticle(kind: ArticleKind, slug: string) {
  return useQuery({
    queryKey: ['article', kind, slug],
    queryFn: () => loadArticle(kind, slug),
    staleTime: Infinity,
  });
}

export function useAllArticles(enabled: boolean) {
  return useQuery({ queryKey: ['articles'], queryFn: loadAllArticles, staleTime: Infinity, enabled });
}
