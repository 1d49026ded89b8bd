import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { escapeHtml } from '@/domain/html';
import { signRenderTime } from '@/server/lib/fill-time';

/**
 * A published page's answer, compressed once per short window of time and referrer instead of once
 * per request (docs/decisions/0026). The signed render time is the window's START: the time a
 * visitor is measured from is never later than the page really left the server, so a person never
 * looks faster than they were (never asked to press again for our caching). The cost is that a bot
 * may be up to one window faster than MIN_FILL_MS and still pass: 100 ms of the 2 s minimum.
 */
export const RENDER_WINDOW_MS = 100;
/** Variants (page version × referrer) kept for the current window; beyond it, answers are built uncached. */
export const MAX_VARIANTS = 1000;
/** The referrer as stored in the page (and posted back with the form) is cut to this many characters. */
const MAX_REFERRER = 500;

export const RENDERED_AT = '__LS_RENDERED_AT__';
export const REFERRER = '__LS_REFERRER__';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One published version of a page, rendered once: its HTML with placeholders, its CSP. */
export interface PublishedDocument {
  key: string;
  html: string;
  csp: string;
  /**
   * The headers the server's full pipeline (helmet, Permissions-Policy, this page's CSP, no-store)
   * sent with this page, minus the per-answer ones: the fast path sends exactly these.
   */
  headers?: OutgoingHttpHeaders;
  /** What the document was chosen by: the encoding, and the browser's language on a page in several. */
  vary: string;
  /**
   * Kept by shared caches (PAGE_CACHE_SECONDS, decision 0091): the same bytes for every visitor, so
   * its views are counted by the beacon it carries and its referrer is read in the browser.
   */
  shared: boolean;
}

/** Where a shared page's beacon counts its view: `/f/{id}/seen`, on whichever host the page is shown. */
export const SEEN_SUFFIX = '/seen';
/** The beacon's answer: a transparent 1×1 GIF. */
export const SEEN_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The beacon in a shared page: an image, so a visitor without JavaScript is counted too, and a bot that loads no images is not. */
export const seenBeacon = (formId: string) => `<img src="/f/${formId}${SEEN_SUFFIX}" alt="" width="1" height="1" hidden>`;

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, then none. */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

const encode = (identity: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      })
    : encoding === 'gzip'
      ? gzipSync(identity, { level: 6 })
      : identity;

/** Headers that belong to one answer, never copied from one to the next. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

export function reusableHeaders(headers: Record<string, string | number | string[] | undefined>): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name.toLowerCase())));
}

export function createVariants(secret: string) {
  let window = -1;
  const variants = new Map<string, Partial<Record<Encoding, Buffer>>>();

  /** The page's bytes in `encoding` for a visitor from `referrer`, signed with the current window's start. */
  function body(doc: PublishedDocument, referrer: string, encoding: Encoding, now = Date.now()): Buffer {
    const start = now - (now % RENDER_WINDOW_MS);
    if (start !== window) {
      window = start;
      variants.clear();
    }
    const ref = referrer.slice(0, MAX_REFERRER);
    const key = `${doc.key}\n${ref}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = {};
      // Bounded: a flood of distinct referrers gets answers built per request, as before, not more memory.
      if (variants.size < MAX_VARIANTS) variants.set(key, variant);
    }
    const identity = (variant.identity ??= Buffer.from(
      doc.html.replace(RENDERED_AT, signRenderTime(secret, start)).replace(REFERRER, escapeHtml(ref)),
    ));
    return (variant[encoding] ??= encode(identity, encoding));
  }
  /** How many variants the current window holds (never more than MAX_VARIANTS). */
  return Object.assign(body, { size: () => variants.size });
}

export type Variants = ReturnType<typeof createVariants>;
