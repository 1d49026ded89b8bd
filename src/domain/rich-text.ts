import { fromMarkdown } from 'mdast-util-from-markdown';

/** docs/product.md#rich-text: the Markdown an owner writes in a page's description and sections. */

/** A link's address when a visitor may follow it (http, https, mailto); null for anything else (javascript:, data:, relative). */
export function safeLink(href: string): string | null {
  const value = href.trim();
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return value;
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return url.href;
  } catch {
    // not an absolute address
  }
  return null;
}

/** The words of rich text without its Markdown (for a link preview's description, an email, a search result). */
export function richTextPlain(source: string, max = 300): string {
  const text = wordsOf(fromMarkdown(source)).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Nodes whose children are blocks (paragraphs, lists, headings): those are apart by a space. */
const BLOCK_PARENTS = new Set(['root', 'list', 'listItem', 'blockquote']);

/** Text nodes' words; blocks apart by a space, a paragraph's inline parts (bold, a link) joined as written, raw HTML left out. */
function wordsOf(node: MdNode): string {
  if (node.type === 'html') return '';
  if (node.type === 'break') return ' ';
  if (node.value !== undefined) return node.value;
  const inner = (node.children ?? []).map(wordsOf);
  return inner.join(BLOCK_PARENTS.has(node.type) ? ' ' : '');
}
