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

/**
 * How deep Markdown may nest (quotes in quotes, lists in lists, with their paragraphs and emphasis)
 * and still be shown as Markdown. Far more than any page needs; a description of a few thousand `>`
 * would otherwise nest as deep and exhaust the stack of whatever walks its tree.
 */
export const RICH_TEXT_MAX_DEPTH = 24;

/** Whether `source` may be shown as Markdown: it parses, and nests no deeper than RICH_TEXT_MAX_DEPTH. Else it is shown as its text. */
export function richTextFits(source: string): boolean {
  if (openersBeyondDepth(source)) return false;
  try {
    return depthOf(fromMarkdown(source)) <= RICH_TEXT_MAX_DEPTH;
  } catch {
    return false;
  }
}

/**
 * Whether a line opens more quotes and list items than RICH_TEXT_MAX_DEPTH, counted at its start
 * before anything is parsed: the parser takes seconds over a few thousand (`- - - … x`), and each
 * one nests the tree a level deeper, so such text is shown as its words without parsing it.
 */
function openersBeyondDepth(source: string): boolean {
  for (const line of source.split('\n')) {
    const openers = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*/.exec(line)![0].match(/>|[-*+]|\d+[.)]/g);
    if (openers !== null && openers.length > RICH_TEXT_MAX_DEPTH) return true;
  }
  return false;
}

/** The depth of a tree, walked without recursion. */
function depthOf(root: MdNode): number {
  let deepest = 0;
  const stack: [MdNode, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > RICH_TEXT_MAX_DEPTH) return deepest;
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The words of rich text without its Markdown (for a link preview's description, an email, a search result). */
export function richTextPlain(source: string, max = 300): string {
  const words = richTextFits(source) ? wordsOf(fromMarkdown(source)) : source;
  const text = words.replace(/\s+/g, ' ').trim();
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
