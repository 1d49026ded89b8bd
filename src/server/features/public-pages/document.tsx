import { DEFAULT_LANGUAGE, directionOf, type Language } from '@/domain/i18n/languages';
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { escapeHtml } from '@/domain/html';
import { frameHeightScript, landingDocumentCss, landingScript, placementSignedUpScript, thankYouScript } from '@/landing/index';

// Every page of the public face is one HTML document: inlined CSS, at most a few hundred bytes of
// plain script, no framework in the visitor's browser.

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** The scripts the public face may run, allowed by hash: nothing else executes there. */
export const PUBLIC_SCRIPTS = { landing: landingScript, thankYou: thankYouScript } as const;

/**
 * A page that runs code its owner wrote gets an opaque origin (docs/decisions/0011): no cookies, no
 * storage, and no same-origin access to any other page of PUBLIC_URL or to a sibling host's cookies.
 * Its form still posts (allow-forms), its script still runs (allow-scripts), and its links may open
 * tabs, which leave the sandbox (allow-popups-to-escape-sandbox) but stay cross-origin to it.
 */
export const OWNER_CODE_SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * The public face's CSP: inline scripts only by the hash of their exact text, external ones only
 * from the listed hosts (a published page's pixels, see tracking.tsx), nothing else; requests only
 * to its own origin (robots.txt, docs/decisions/0032) and those hosts; frames only from `frameHosts`
 * (a page's video player, once its visitor presses play: VIDEO_FRAME_HOSTS), none otherwise;
 * `sandbox` when the page runs its owner's code.
 */
export function publicCsp({
  scripts,
  scriptHosts = [],
  connectHosts = [],
  imgHosts = [],
  frameHosts = [],
  sandbox = false,
}: {
  scripts: readonly string[];
  scriptHosts?: readonly string[];
  connectHosts?: readonly string[];
  imgHosts?: readonly string[];
  frameHosts?: readonly string[];
  sandbox?: boolean;
}): string {
  return [
    ...(sandbox ? [OWNER_CODE_SANDBOX] : []),
    "default-src 'none'",
    `script-src ${[...scripts.map(sha256), ...scriptHosts].join(' ')}`,
    "style-src 'unsafe-inline'",
    ["img-src 'self' data:", ...imgHosts].join(' '),
    ["connect-src 'self'", ...connectHosts].join(' '),
    ...(frameHosts.length > 0 ? [`frame-src ${frameHosts.join(' ')}`] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
export const PUBLIC_CSP = publicCsp({ scripts: Object.values(PUBLIC_SCRIPTS) });

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M10 8v16h12" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** What a published page's link preview shows (docs/decisions/0079); pages without one (notices) get none. */
export interface LinkPreview {
  /** The card, absolute: crawlers fetch it from wherever the link was shared. */
  image: { url: string; type: 'image/png' | 'image/jpeg'; width: number; height: number; alt: string };
  /** The business name, as og:site_name. */
  siteName?: string;
  /** The favicon made from the page's logo (a same-origin path), when it has one. */
  icon?: string;
}

export interface DocumentOptions {
  title: string;
  description: string;
  /** Canonical address, for Open Graph. */
  url?: string;
  /** The card and names a shared link shows: a published page's. */
  preview?: LinkPreview;
  body: ReactElement;
  script?: keyof typeof PUBLIC_SCRIPTS;
  /** Visitor pages other than the landing page itself stay out of search results. */
  noindex?: boolean;
  /** More CSS for this document (e.g. the consent notice's), after the landing stylesheet. */
  css?: string;
  /** Some sites may show it in a frame (embedding.tsx): it tells its parent its height. */
  framed?: boolean;
  /** A thank-you page in a placement's frame: it tells the loader the visitor signed up (placement-frame.ts allows it). */
  signedUp?: boolean;
  /** The page's language (docs/decisions/0085): `<html lang>`, and `dir` when it is written right to left. */
  language?: Language;
}

const metaName = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const metaProperty = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;

/** The description, Open Graph and Twitter tags that link previews and search results read. */
function previewTags({ title, description, url, preview, noindex }: DocumentOptions): string {
  const image = preview?.image;
  return [
    metaName('description', description),
    metaProperty('og:type', 'website'),
    preview?.siteName ? metaProperty('og:site_name', preview.siteName) : '',
    metaProperty('og:title', title),
    metaProperty('og:description', description),
    url ? metaProperty('og:url', url) : '',
    ...(image
      ? [
          metaProperty('og:image', image.url),
          metaProperty('og:image:type', image.type),
          metaProperty('og:image:width', String(image.width)),
          metaProperty('og:image:height', String(image.height)),
          metaProperty('og:image:alt', image.alt),
        ]
      : []),
    metaName('twitter:card', image ? 'summary_large_image' : 'summary'),
    metaName('twitter:title', title),
    metaName('twitter:description', description),
    ...(image ? [metaName('twitter:image', image.url), metaName('twitter:image:alt', image.alt)] : []),
    noindex ? '<meta name="robots" content="noindex">' : '',
  ].join('');
}

export function renderDocument(options: DocumentOptions): string {
  const { title, preview, body, script, css = '', framed, signedUp, language = DEFAULT_LANGUAGE } = options;
  const dir = directionOf(language) === 'rtl' ? ' dir="rtl"' : '';
  const icon = preview?.icon
    ? `<link rel="icon" href="${escapeHtml(preview.icon)}" type="image/png">`
    : `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`;
  return (
    `<!doctype html><html lang="${language}"${dir}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title>${previewTags(options)}${icon}` +
    `<style>${landingDocumentCss}${css && `\n${css}`}</style></head><body>${renderToString(body)}` +
    (script ? `<script>${PUBLIC_SCRIPTS[script]}</script>` : '') +
    (framed ? `<script>${frameHeightScript}</script>` : '') +
    (signedUp ? `<script>${placementSignedUpScript}</script>` : '') +
    `</body></html>`
  );
}
