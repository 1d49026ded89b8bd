import { CAPTCHA_NAMES, type CaptchaProvider } from '@/domain/captcha';
import { CAPTCHA_WIDGETS, type PageCaptcha } from '@/domain/captcha-widgets';
import { recaptchaScript } from './captcha-script';
import { Rich, useT } from './i18n';

// A page's captcha (docs/decisions/0087): the provider's widget in the form, before its button, with
// the provider's own script, and a line under the button naming the provider. Only the provider the
// owner chose is loaded; a page without a captcha has none of this.

/** The widget and its script (live pages only: the preview shows the line under the button alone). */
export function CaptchaWidget({ captcha }: { captcha: PageCaptcha }) {
  const t = useT();
  const { provider, siteKey } = captcha;
  const widget = CAPTCHA_WIDGETS[provider];
  // The widgets speak the page's language where they can be told it.
  const language = t.language;
  const needsScript = (
    <noscript>
      <p className="ls-hint">{t('form.captcha.needsScript')}</p>
    </noscript>
  );
  // reCAPTCHA v3 shows nothing in the form: no box of its own, so no gap in the form's grid either.
  if (provider === 'recaptcha') {
    return (
      <>
        <input type="hidden" name={widget.tokenField} value="" data-ls-recaptcha={siteKey} />
        <script src={`${widget.script}?render=${encodeURIComponent(siteKey)}&hl=${encodeURIComponent(language)}`} async defer />
        <script dangerouslySetInnerHTML={{ __html: recaptchaScript }} />
        {needsScript}
      </>
    );
  }
  return (
    <div className="ls-captcha">
      {provider === 'turnstile' ? (
        <>
          <div className="cf-turnstile" data-sitekey={siteKey} data-language={language.toLowerCase()} />
          <script src={widget.script} async defer />
        </>
      ) : (
        <>
          <div className="h-captcha" data-sitekey={siteKey} />
          <script src={`${widget.script}?hl=${encodeURIComponent(language)}`} async defer />
        </>
      )}
      {needsScript}
    </div>
  );
}

/** "Protected by hCaptcha (privacy policy)", in the page's language, linking the provider's policy. */
export function CaptchaNote({ provider }: { provider: CaptchaProvider }) {
  return (
    <p className="ls-hint ls-captcha-note">
      <Rich
        id="form.captcha.protectedBy"
        values={{ provider: CAPTCHA_NAMES[provider] }}
        tags={{
          link: (words) => (
            <a href={CAPTCHA_WIDGETS[provider].privacyUrl} target="_blank" rel="noopener noreferrer">
              {words}
            </a>
          ),
        }}
      />
    </p>
  );
}
