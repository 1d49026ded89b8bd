import { escapeHtml } from '@/domain/html';
import { INLINE_RESERVE_STYLE, type LoaderConfig, type PlacementSettings } from '@/domain/placements';

/** The id the loader's preview mode answers to: nothing is fetched, stored or counted for it. */
export const PREVIEW_PLACEMENT_ID = 'preview';

type PreviewInput = {
  /** PUBLIC_URL's origin: where l.js and the page come from. */
  publicOrigin: string;
  /** The page's public address, `{PUBLIC_URL}/f/{id}`. */
  pageUrl: string;
  title: string;
  /** The page's submit button's words (the bar's button). */
  buttonText: string;
  settings: PlacementSettings;
  /** "Show it now": the trigger forced to the page's load, at once. */
  now?: boolean;
};

/** The loader's settings for a preview: the unsaved settings, without the name (the loader never sees it). */
export function previewConfig({
  pageUrl,
  title,
  buttonText,
  settings,
  now = false,
}: Omit<PreviewInput, 'publicOrigin'>): LoaderConfig {
  const { name: _name, ...rest } = settings;
  return {
    id: PREVIEW_PLACEMENT_ID,
    pageUrl,
    title,
    buttonText,
    origins: [],
    settings: now ? { ...rest, trigger: 'load', delaySeconds: 0 } : rest,
  };
}

const paragraph = (text: string) => `<p>${text}</p>`;

const FILLER = [
  'Most visitors arrive from a search, read a few paragraphs and decide within seconds whether the page is worth their time. A clear promise near the top keeps them reading.',
  'Short sections with plain headings let a skimming reader find the part they came for. Each section answers one question and ends with the next step.',
  'Examples beat abstractions: a before-and-after, a number from a real project, a screenshot of the result. Readers remember what they can picture.',
  'When the reader is convinced, offer the next thing they need: a checklist, a template, a short guide. That is where your sign-up form does its work.',
];

/**
 * A sample host page for the live preview: a short article, tall enough to scroll, with the
 * loader's script tag in preview mode carrying the unsaved settings (HTML-escaped: the JSON holds
 * the owner's text). An inline placement gets its element in the middle of the article.
 */
export function previewSrcdoc(input: PreviewInput): string {
  const config = previewConfig(input);
  const inline =
    input.settings.display === 'inline'
      ? `<div data-lodestone-placement="${PREVIEW_PLACEMENT_ID}" style="${INLINE_RESERVE_STYLE}"></div>`
      : '';
  const script = `<script async src="${escapeHtml(`${input.publicOrigin}/l.js`)}" data-placement="${PREVIEW_PLACEMENT_ID}" data-preview-config="${escapeHtml(JSON.stringify(config))}"></script>`;
  const section = (heading: string) => `<h2>${heading}</h2>${FILLER.map(paragraph).join('')}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<title>Your site (sample page)</title>',
    '<style>body{margin:0;font:17px/1.6 Georgia,serif;color:#1f2937;background:#fff}',
    'header{padding:14px 24px;border-bottom:1px solid #e5e7eb;font:600 15px system-ui,sans-serif}',
    'main{max-width:680px;margin:0 auto;padding:24px}h1{font-size:2em;line-height:1.2}h2{margin-top:1.6em}</style>',
    '</head><body><header>Your site</header><main>',
    '<h1>How to write a page people finish reading</h1>',
    '<p><em>A sample article: your placement shows here as it will on your own site.</em></p>',
    section('Start with the promise'),
    inline,
    section('Make it easy to skim'),
    section('Show, then ask'),
    '</main>',
    script,
    '</body></html>',
  ].join('');
}
