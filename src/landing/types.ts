import type { PageCaptcha } from '@/domain/captcha-widgets';
import type { FormConfig } from '@/domain/form-config';
import type { Translate } from '@/domain/i18n/translate';

/**
 * Props of <LandingPage>, the visitor's page. The SAME component renders the SPA preview and, on
 * the server through react-dom/server, the published page: it reads no browser globals while
 * rendering and works as a plain HTML form without JavaScript.
 */
export interface LandingPageProps {
  config: FormConfig;
  /** The page's fixed words, in its language (docs/decisions/0085); English without it. */
  t?: Translate;
  /** Where the form posts (the published page: `/f/{id}`). Omitted in previews. */
  action?: string;
  /** In a preview nothing is stored: submitting shows the thank-you state locally. */
  mode: 'preview' | 'live';
  /** 'form' (default), or the thank-you state after a submission. */
  state?: 'form' | 'submitted';
  /**
   * Errors from the server per field id (live pages re-render with them). Besides field ids the
   * keys 'consent', 'amount' and 'provider' name the consent checkbox and the payment inputs.
   */
  errors?: Record<string, string>;
  /** Values to refill after a failed submission (live pages), keyed like the form's `name`s. */
  values?: Record<string, string>;
  /** Link to the lead magnet, shown in the thank-you state when double opt-in is off. */
  downloadUrl?: string;
  /**
   * A likely typo in the address typed (domain/email-typos.ts), shown under the email field with a
   * button that sends the suggested address instead; the form's own button sends the typed one. Live only.
   */
  typo?: { typed: string; suggested: string };
  /** A message about the whole submission (e.g. 'Too many attempts'), shown above the fields. */
  formError?: string;
  /** Extra hidden inputs posted with the form (e.g. a signed render time, UTM parameters). Live only. */
  hiddenFields?: Record<string, string>;
  /** Name of a spam trap input: hidden from people and assistive technology, bots fill it. Live only. */
  honeypotName?: string;
  /** Prefix of element ids, for pages that show more than one landing page. Default 'ls'. */
  idPrefix?: string;
  /**
   * Where the "Made with Lodestone" link under the card goes (src/domain/branding.ts: badgeUrl);
   * omitted, there is no link (a plan with 'Remove Branding' and the page's switch off).
   */
  badgeHref?: string;
  /** A page in several languages: its address in each (`?lang=de`), for the visitor to switch. */
  languageLinks?: ReadonlyArray<{ code: string; name: string; href: string; current: boolean }>;
  /**
   * The time the page is shown at (ms): once a deadline that closes the form has passed, its
   * message replaces the form (docs/product.md#sections). The server passes the time it renders at,
   * so the document matches the key it is cached under; omitted, the current time.
   */
  now?: number;
  /**
   * A placement's frame on the owner's site showing only the form (domain/placements.ts): the page's
   * title and its form card (fields, consent and its links, the button), without the rest of the page.
   */
  compact?: boolean;
  /** The owner's preview of a placement: the button is off and this note says why. */
  signUpsOff?: string;
  /** The captcha the published form asks for (its provider and the workspace's site key). Live only. */
  captcha?: PageCaptcha;
}
