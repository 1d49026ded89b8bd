// The HTML an owner pastes into their site to show a published page (docs/decisions/0050).

import { escapeHtml } from './html';
import { englishT } from './i18n/english';
import type { Translate } from './i18n/translate';

/** The frame's height before embed.js fits it to the page (and for good, without script). */
export const EMBED_MIN_HEIGHT = 640;

/**
 * The page in an iframe that embed.js (from the public origin) fits to the page's height, and a
 * link for the cases a frame does not show: no frames at all (the iframe's content), and a site
 * that runs no script (the frame still works there, at a fixed height, so the link is a way out).
 * `publicUrl` is the page's own address, `{PUBLIC_URL}/f/{id}`. Its words are the page's visitors',
 * in the page's language (`t`).
 */
export function embedSnippet({ publicUrl, title, t = englishT }: { publicUrl: string; title: string; t?: Translate }): string {
  const url = new URL(publicUrl);
  const page = escapeHtml(url.href);
  const name = escapeHtml(title.trim() || t('embed.frameTitleFallback'));
  return [
    `<iframe src="${page}" title="${name}" data-lodestone style="width:100%;border:0;min-height:${EMBED_MIN_HEIGHT}px" loading="lazy"><a href="${page}">${name}</a></iframe>`,
    `<script src="${escapeHtml(`${url.origin}/embed.js`)}" async></script>`,
    `<noscript><a href="${page}" target="_blank" rel="noopener">${escapeHtml(t('embed.noscript', { title: title.trim() || t('embed.frameTitleFallback') }))}</a></noscript>`,
  ].join('\n');
}
