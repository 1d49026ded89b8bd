import type { Translate } from '@/domain/i18n/translate';
import { englishT, useT } from './i18n';

/**
 * The tracking consent notice of a published page (docs/decisions/0006). Rendered only on the public origin,
 * only when the page has a Meta pixel, a Google tag or a custom script; never in the SPA preview.
 *
 * Pure markup: both parts start `hidden`, so without JavaScript the visitor sees no notice and
 * nothing loads. `consentLoaderScript` shows the notice, remembers the choice in localStorage on
 * the public origin, and only after Accept loads the pixels and runs the owner's script.
 */

export interface ConsentNoticeProps {
  /** The published page's id: each page (each owner) asks for its own consent. */
  formId: string;
  businessName: string;
  /** Meta pixel id (digits, validated by the form schema), when configured. */
  meta?: string;
  /** Google tag id (G-… or GTM-…, validated by the form schema), when configured. */
  google?: string;
  /** Whether the owner's own script runs after consent. */
  customScript: boolean;
  /** Changes whenever what is loaded changes, so a stored choice covers exactly what the visitor saw. */
  scope: string;
  /** The platforms the sign-up is reported to from the server, if the visitor accepts (by name: Meta, Google, TikTok). */
  server?: readonly string[];
  /** The captcha that checks the form (its provider's name): it does not wait for the choice, but is named. */
  captcha?: string;
}

/**
 * 'This page uses cookies and tracking by Meta and Google and a script from Acme. …', then what the
 * server reports if the visitor accepts, then the captcha, in `t`'s language.
 */
export function consentNoticeText(
  {
    businessName,
    meta,
    google,
    customScript,
    server = [],
    captcha,
  }: Pick<ConsentNoticeProps, 'businessName' | 'meta' | 'google' | 'customScript' | 'server' | 'captcha'>,
  t: Translate = englishT,
): string {
  const vendors = meta && google ? 'both' : meta ? 'meta' : google ? 'google' : 'none';
  const name = businessName.trim();
  const script = !customScript ? 'none' : name ? 'named' : 'unnamed';
  const sentences: string[] = [];
  if (meta || google || customScript) sentences.push(t('consent.notice.text', { vendors, script, businessName: name }));
  if (server.length > 0) {
    const destinations = new Intl.ListFormat(t.language, { type: 'conjunction' }).format(server);
    sentences.push(t(sentences.length > 0 ? 'consent.notice.serverAlso' : 'consent.notice.server', { destinations }));
  }
  if (captcha) sentences.push(t('consent.notice.captcha', { provider: captcha }));
  return sentences.join(t.language === 'ja' || t.language === 'zh-CN' ? '' : ' ');
}

/** The notice's and its reopening button's names (English). */
export const CONSENT_NOTICE_LABEL = englishT('consent.notice.label');
export const CONSENT_SETTINGS_LABEL = englishT('consent.settings.button');

/** The notice: first in the document (screen reader and keyboard users meet it first), shown at the bottom. */
export function ConsentNotice(props: ConsentNoticeProps) {
  const t = useT();
  return (
    <section
      className="ls-cn"
      aria-label={t('consent.notice.label')}
      hidden
      data-ls-consent=""
      data-ls-form={props.formId}
      data-ls-scope={props.scope}
      data-ls-meta={props.meta || undefined}
      data-ls-google={props.google || undefined}
      data-ls-server={props.server?.length ? '' : undefined}
    >
      <p className="ls-cn-text">{consentNoticeText(props, t)}</p>
      <div className="ls-cn-actions">
        <button type="button" className="ls-cn-button" data-ls-choice="accept">
          {t('consent.notice.accept')}
        </button>
        <button type="button" className="ls-cn-button" data-ls-choice="decline">
          {t('consent.notice.decline')}
        </button>
      </div>
    </section>
  );
}

/** Reopens the notice once a choice is stored, so consent is as easy to withdraw as to give. */
export function ConsentSettings() {
  const t = useT();
  return (
    <footer className="ls-cn-footer" hidden data-ls-consent-settings="">
      <button type="button" className="ls-cn-link">
        {t('consent.settings.button')}
      </button>
    </footer>
  );
}

/** Added to the published page's stylesheet only on pages with the notice. */
export const consentNoticeCss = `
.ls-cn{position:fixed;left:0;right:0;bottom:0;z-index:10;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.75rem 1.25rem;margin:0;padding:1rem;border-top:1px solid #d1d5db;background:#fff;box-shadow:0 -8px 24px -12px rgba(17,24,39,.25);color:#111827;font:400 .9375rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.ls-cn[hidden],.ls-cn-footer[hidden]{display:none}
.ls-cn-text{flex:1 1 20rem;max-width:40rem;margin:0}
.ls-cn-actions{display:flex;flex:1 1 100%;gap:.75rem;max-width:40rem}
.ls-cn-button{flex:1 1 0;min-height:2.75rem;margin:0;padding:.5rem 1rem;border:2px solid #3730a3;border-radius:.5rem;background:#3730a3;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.ls-cn-button:hover{background:#312e81;border-color:#312e81}
.ls-cn-footer{padding:1rem;background:#f9fafb;text-align:center}
.ls-cn-link{margin:0;padding:.5rem;border:0;background:none;color:#3730a3;font:500 .875rem/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-decoration:underline;cursor:pointer}
.ls-cn-button:focus-visible,.ls-cn-link:focus-visible{outline:3px solid #111827;outline-offset:2px}
main[tabindex="-1"]:focus{outline:none}
@media (min-width:48rem){.ls-cn-actions{flex:0 0 auto;width:auto}.ls-cn-button{flex:0 0 auto;min-width:7.5rem}}
`.trim();
