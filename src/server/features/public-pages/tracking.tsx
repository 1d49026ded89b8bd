import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { CAPTCHA_NAMES } from '@/domain/captcha';
import { CONVERSION_DESTINATIONS, CONVERSION_PLATFORM_NAMES, type ConversionDestination } from '@/domain/conversions';
import { GOOGLE_TAG_PATTERN, META_PIXEL_PATTERN, type FormConfig } from '@/domain/form-config';
import { showsVideo, VIDEO_FRAME_HOSTS } from '@/domain/sections';
import { ConsentNotice, ConsentSettings, consentLoaderScript, consentNoticeCss, PageWords } from '@/landing/index';
import type { LiveForm } from '@/server/features/submissions';
import { pageWords } from '@/server/lib/visitor-words';
import { PUBLIC_SCRIPTS, publicCsp } from './document.js';

// A published page's pixels and custom script (docs/decisions/0006-tracking-consent.md).
// They exist only here, on the public face: the app's origin never serves them. Nothing loads before
// the visitor accepts in the page's consent notice, and the page's CSP allows exactly the loader, the
// owner's script (by the hash of its exact text) and the hosts of the pixels the page has.

/** Where each vendor's code loads from and talks to. Only a configured vendor's hosts enter the CSP. */
export const TRACKING_HOSTS = {
  meta: {
    script: ['https://connect.facebook.net'],
    connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
  },
  google: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
  },
} as const;

export interface PageTracking {
  /** This page's Content-Security-Policy (instead of PUBLIC_CSP), sandboxed when it runs owner code. */
  csp: string;
  /** The notice's stylesheet, for renderDocument's `css`. */
  css: string;
  /** The page with the notice before it, and the owner's script (as data) and the loader after it. */
  wrap(page: ReactElement): ReactElement;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The owner's script as the text of a <script type="application/json"> data block: a JSON string
 * with every `<`, `>` and `&` (and the JS line separators) as \u escapes, so no `</script`, `<!--`
 * or `<script` can appear and end or re-open the element. JSON.parse gives back the exact text,
 * the text whose hash the CSP lists.
 */
export function scriptAsData(code: string): string {
  return JSON.stringify(code).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The part of a live page its tracking depends on: its config, and where its workspace reports conversions. */
export type TrackedPage = Pick<LiveForm, 'id' | 'config' | 'conversions' | 'captchaSiteKey'>;

function trackingOf(config: FormConfig, connected: readonly ConversionDestination[] = []) {
  const conversions = CONVERSION_DESTINATIONS.filter((d) => connected.includes(d));
  // The schema validated these ids on publish; checked again here, as they end up in a script's URL.
  const meta = META_PIXEL_PATTERN.test(config.pixelFacebook.trim()) ? config.pixelFacebook.trim() : '';
  const google = GOOGLE_TAG_PATTERN.test(config.pixelGoogle.trim()) ? config.pixelGoogle.trim() : '';
  const script = config.customScript.trim() === '' ? '' : config.customScript;
  // A page that reports nothing from the server keeps the scope it had before conversions existed.
  const scope = sha256(
    JSON.stringify([1, meta, google, script && sha256(script), ...(conversions.length ? [conversions] : [])]),
  ).slice(0, 16);
  return { meta, google, script, scope, conversions };
}

/**
 * The consent scope a visitor accepts on this page: what the notice named. A sign-up posting another
 * (the page changed since it was opened) carries no consent for what is reported now.
 */
export const consentScope = (page: Pick<TrackedPage, 'config' | 'conversions'>) =>
  trackingOf(page.config, page.conversions).scope;

/** The tracking of a published page, or null when it has no pixel, no custom script and reports no conversions. */
export function pageTracking({ id: formId, config, conversions: connected, captchaSiteKey }: TrackedPage): PageTracking | null {
  const { meta, google, script, scope, conversions } = trackingOf(config, connected);
  if (!meta && !google && !script && conversions.length === 0) return null;
  const captcha = config.captcha !== 'off' && captchaSiteKey ? CAPTCHA_NAMES[config.captcha] : undefined;

  const vendors = [...(meta ? [TRACKING_HOSTS.meta] : []), ...(google ? [TRACKING_HOSTS.google] : [])];
  const hosts = (kind: 'script' | 'connect' | 'img') => [...new Set(vendors.flatMap((v) => v[kind]))];
  // The owner's own code: the custom script, or a Tag Manager container (its templates can set
  // cookies for any parent domain and call the page's globals). Such a page runs sandboxed.
  const ownerCode = !!script || google.startsWith('GTM-');
  const csp = publicCsp({
    scripts: [PUBLIC_SCRIPTS.landing, consentLoaderScript, ...(script ? [script] : [])],
    scriptHosts: hosts('script'),
    connectHosts: hosts('connect'),
    imgHosts: hosts('img'),
    frameHosts: showsVideo(config) ? VIDEO_FRAME_HOSTS : [],
    sandbox: ownerCode,
  });
  return {
    csp,
    css: consentNoticeCss,
    // The notice stands outside the page's own words: it is given them, or it would speak English.
    wrap: (page) => (
      <PageWords t={pageWords(config)}>
        <ConsentNotice
          formId={formId}
          businessName={config.businessName}
          meta={meta}
          google={google}
          customScript={!!script}
          scope={scope}
          server={conversions.map((d) => CONVERSION_PLATFORM_NAMES[d])}
          captcha={captcha}
        />
        {page}
        <ConsentSettings />
        {script && (
          <script type="application/json" data-ls-custom="" dangerouslySetInnerHTML={{ __html: scriptAsData(script) }} />
        )}
        <script dangerouslySetInnerHTML={{ __html: consentLoaderScript }} />
      </PageWords>
    ),
  };
}
