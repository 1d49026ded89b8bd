import type { ReactNode } from 'react';
import { DEFAULT_DESIGN, type Design } from '@/domain/form-config';
import type { MessageKey, Translate } from '@/domain/i18n/translate';
import { Logo } from './design-images';
import { designStyle } from './design-theme';
import { englishT, PageWords, Rich, useT } from './i18n';

/**
 * The visitor's thank-you, verification and download page (docs/product.md#thank-you-and-download-page), server-rendered on the
 * public origin. Pure markup: plain HTML forms post the code and the resend; a tiny script only
 * runs the resend countdown. It shows nothing the visitor typed except their own email.
 */
export const THANK_YOU_TEXTS = {
  title: englishT('thanks.title'),
  codePlaceholder: englishT('thanks.code.placeholder'),
  resend: englishT('thanks.code.resend'),
  verify: englishT('thanks.code.verify'),
} as const;

export interface VisitorThankYouProps {
  /** The page's fixed words, in its language (docs/decisions/0085); English without it. */
  t?: Translate;
  businessName: string;
  leadMagnetName: string;
  thankyouMessage: string;
  /** The owner's heading (src/domain/after-submit.ts thankYouHeading); 'Thank You!' without one. */
  heading?: string;
  /** The landing page's look (colours, font, logo), so the visitor stays on the owner's brand. */
  design?: Design;
  email: string;
  state: 'pending' | 'verified';
  /** Sent with both forms so the server knows whose page it is. */
  token: string;
  /** Seconds before 'Resend verification code' appears. */
  resendInSeconds: number;
  downloadUrl?: string;
  /** A paid order's receipt page (`/r/{token}`) and what its download link allows: downloads within days. */
  receipt?: { url: string; orderNumber: number; downloads: number; days: number };
  notice?: { tone: 'success' | 'error'; text: string };
  /**
   * On a paid page before the file is due: the payment is being confirmed (the page reloads itself
   * until it is), it failed, or it was refunded. `retryUrl` leads back to the landing page.
   */
  payment?: { state: 'processing' | 'failed' | 'belowMinimum' | 'refunded'; retryUrl: string; checkUrl: string };
}

export const PAYMENT_TEXTS = {
  check: englishT('thanks.payment.check'),
  failed: englishT('thanks.payment.failed'),
  retry: englishT('thanks.payment.retry'),
} as const;

export function VisitorThankYou(props: VisitorThankYouProps) {
  return (
    <PageWords t={props.t ?? englishT}>
      <ThankYou {...props} />
    </PageWords>
  );
}

const strong = (words: ReactNode[]) => <strong>{words}</strong>;

function ThankYou(props: VisitorThankYouProps) {
  const t = useT();
  const { state, token } = props;
  const fileName = props.leadMagnetName.trim() || t('thanks.fileFallback');
  const design = props.design ?? DEFAULT_DESIGN;
  return (
    <div className="ls-page" style={designStyle(design)}>
      <main className="ls-container">
        <header className="ls-header">
          {design.logo && <Logo image={design.logo} alt={props.businessName.trim()} />}
          {props.businessName.trim() && <p className="ls-business">{props.businessName}</p>}
          <h1 className="ls-title">{props.heading?.trim() || t('thanks.title')}</h1>
        </header>
        <div className="ls-card">
          {props.notice && (
            <p
              className={props.notice.tone === 'error' ? 'ls-alert' : 'ls-text'}
              role={props.notice.tone === 'error' ? 'alert' : 'status'}
            >
              {props.notice.text}
            </p>
          )}
          {props.payment ? (
            <PaymentState {...props.payment} fileName={fileName} />
          ) : state === 'verified' ? (
            <div className="ls-form">
              <p className="ls-text">{props.thankyouMessage}</p>
              <p className="ls-text">
                <Rich id="thanks.ready" values={{ fileName }} tags={{ strong }} />
              </p>
              {props.downloadUrl && (
                <a className="ls-button" href={props.downloadUrl} download>
                  {t('thanks.download', { fileName })}
                </a>
              )}
              {props.receipt && (
                <p className="ls-text ls-receipt">
                  <Rich
                    id="thanks.receipt.summary"
                    values={{
                      downloads: props.receipt.downloads,
                      days: props.receipt.days,
                      orderNumber: props.receipt.orderNumber,
                    }}
                    tags={{ link: (words) => <a href={props.receipt!.url}>{words}</a> }}
                  />
                </p>
              )}
            </div>
          ) : (
            <div className="ls-form">
              <p className="ls-text">
                <Rich id="thanks.code.intro" values={{ email: props.email, fileName }} tags={{ strong }} />
              </p>
              <form method="post" action="/thank-you/verify" className="ls-form" noValidate={false}>
                <input type="hidden" name="t" value={token} />
                <div className="ls-field">
                  <label className="ls-label" htmlFor="ls-code">
                    {t('thanks.code.label')}
                  </label>
                  <input
                    className="ls-input"
                    id="ls-code"
                    name="code"
                    placeholder={t('thanks.code.placeholder')}
                    required
                    maxLength={6}
                    minLength={6}
                    pattern="[0-9]{6}"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                </div>
                <button className="ls-button" type="submit">
                  {t('thanks.code.verify')}
                </button>
              </form>
              <form method="post" action="/thank-you/resend" className="ls-form">
                <input type="hidden" name="t" value={token} />
                <p
                  className="ls-hint"
                  data-ls-countdown={props.resendInSeconds}
                  data-ls-lang={t.language}
                  data-ls-forms={JSON.stringify(pluralForms(t, 'thanks.code.resendWait', 'seconds'))}
                  hidden={props.resendInSeconds === 0}
                  aria-live="polite"
                >
                  {t('thanks.code.resendWait', { seconds: props.resendInSeconds })}
                </p>
                <button className="ls-link" type="submit" data-ls-resend hidden={props.resendInSeconds > 0}>
                  {t('thanks.code.resend')}
                </button>
              </form>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

function PaymentState({
  state,
  retryUrl,
  checkUrl,
  fileName,
}: NonNullable<VisitorThankYouProps['payment']> & { fileName: string }) {
  const t = useT();
  if (state === 'processing') {
    return (
      <div className="ls-form" data-ls-processing="">
        <p className="ls-text" role="status">
          {t('thanks.payment.processing')}
        </p>
        <p className="ls-text">
          <Rich id="thanks.payment.then" values={{ fileName }} tags={{ strong }} />
        </p>
        <a className="ls-link" href={checkUrl}>
          {t('thanks.payment.check')}
        </a>
      </div>
    );
  }
  return (
    <div className="ls-form">
      <p className="ls-alert" role="alert">
        {t(
          state === 'failed'
            ? 'thanks.payment.failed'
            : state === 'belowMinimum'
              ? 'thanks.payment.belowMinimum'
              : 'thanks.payment.refunded',
        )}
      </p>
      <a className="ls-button" href={retryUrl}>
        {t('thanks.payment.retry')}
      </a>
    </div>
  );
}

/**
 * A counted sentence for a script that counts down: the sentence in each plural category of the
 * language, its number marked `{n}`, so the script can say each second right (`Intl.PluralRules` picks
 * the category, `Intl.NumberFormat` writes the number, as here).
 */
export function pluralForms(t: Translate, key: MessageKey, argument: string): Record<string, string> {
  const known = formsMade.get(t) ?? new Map<string, Record<string, string>>();
  formsMade.set(t, known);
  const made = known.get(key);
  if (made) return made;
  const rules = new Intl.PluralRules(t.language);
  const numbers = new Intl.NumberFormat(t.language);
  const categories = rules.resolvedOptions().pluralCategories.length;
  const forms: Record<string, string> = {};
  for (let n = 100; n >= 0 && Object.keys(forms).length < categories; n--) {
    const category = rules.select(n);
    if (!(category in forms)) forms[category] = t(key, { [argument]: n }).replace(numbers.format(n), '{n}');
  }
  known.set(key, forms);
  return forms;
}

/** Each translator's counted sentences, made once (the server keeps one translator per language). */
const formsMade = new WeakMap<Translate, Map<string, Record<string, string>>>();

/**
 * Counts the resend wait down each second and reveals the button at zero; while a payment is being
 * confirmed, reloads the page every 2 seconds until it is.
 */
export const thankYouScript = `(function(){
if(document.querySelector('[data-ls-processing]')){setTimeout(function(){location.reload()},2000);return;}
var note=document.querySelector('[data-ls-countdown]'),button=document.querySelector('[data-ls-resend]');
if(!note||!button)return;
var left=Number(note.getAttribute('data-ls-countdown'))||0,lang=note.getAttribute('data-ls-lang')||'en',forms={};
try{forms=JSON.parse(note.getAttribute('data-ls-forms')||'{}')}catch(e){}
if(left<=0)return;
var rules=new Intl.PluralRules(lang),numbers=new Intl.NumberFormat(lang);
var timer=setInterval(function(){
left-=1;
var form=forms[rules.select(left)]||forms.other;
if(form)note.textContent=form.replace('{n}',numbers.format(left));
if(left<=0){clearInterval(timer);note.hidden=true;button.hidden=false;}
},1000);
})();`;
