import { DEFAULT_DESIGN, type Design } from '@/domain/form-config';
import { visitorPaymentMessages } from '@/domain/payments';
import { Logo } from './design-images';
import { designStyle } from './design-theme';

/**
 * The visitor's thank-you, verification and download page (docs/product.md#thank-you-and-download-page), server-rendered on the
 * public origin. Pure markup: plain HTML forms post the code and the resend; a tiny script only
 * runs the resend countdown. It shows nothing the visitor typed except their own email.
 */
export const THANK_YOU_TEXTS = {
  title: 'Thank You!',
  codePlaceholder: 'Enter 6-digit code',
  resend: 'Resend verification code',
  verify: 'Verify email',
  download: 'Download',
} as const;

export interface VisitorThankYouProps {
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
  /** A paid order's receipt page (`/r/{token}`) and what its download link allows, e.g. '10 downloads within 30 days'. */
  receipt?: { url: string; orderNumber: number; allowance: string };
  notice?: { tone: 'success' | 'error'; text: string };
  /**
   * On a paid page before the file is due: the payment is being confirmed (the page reloads itself
   * until it is), it failed, or it was refunded. `retryUrl` leads back to the landing page.
   */
  payment?: { state: 'processing' | 'failed' | 'belowMinimum' | 'refunded'; retryUrl: string; checkUrl: string };
}

export const PAYMENT_TEXTS = {
  check: 'Check again',
  failed: 'Your payment did not go through. You have not been charged and no file was sent.',
  retry: 'Try again',
} as const;

export function VisitorThankYou(props: VisitorThankYouProps) {
  const { state, token } = props;
  const fileName = props.leadMagnetName.trim() || 'Your File';
  const design = props.design ?? DEFAULT_DESIGN;
  return (
    <div className="ls-page" style={designStyle(design)}>
      <main className="ls-container">
        <header className="ls-header">
          {design.logo && <Logo image={design.logo} alt={props.businessName.trim()} />}
          {props.businessName.trim() && <p className="ls-business">{props.businessName}</p>}
          <h1 className="ls-title">{props.heading?.trim() || THANK_YOU_TEXTS.title}</h1>
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
                <strong>{fileName}</strong> is ready.
              </p>
              {props.downloadUrl && (
                <a className="ls-button" href={props.downloadUrl} download>
                  {THANK_YOU_TEXTS.download} {fileName}
                </a>
              )}
              {props.receipt && (
                <p className="ls-text ls-receipt">
                  {`Your purchase includes ${props.receipt.allowance}. `}
                  <a href={props.receipt.url}>{`View your receipt (order ${props.receipt.orderNumber})`}</a>
                </p>
              )}
            </div>
          ) : (
            <div className="ls-form">
              <p className="ls-text">
                We sent a 6-digit code and a confirmation link to <strong>{props.email}</strong>. Confirm your email to get{' '}
                <strong>{fileName}</strong>.
              </p>
              <form method="post" action="/thank-you/verify" className="ls-form" noValidate={false}>
                <input type="hidden" name="t" value={token} />
                <div className="ls-field">
                  <label className="ls-label" htmlFor="ls-code">
                    Verification code
                  </label>
                  <input
                    className="ls-input"
                    id="ls-code"
                    name="code"
                    placeholder={THANK_YOU_TEXTS.codePlaceholder}
                    required
                    maxLength={6}
                    minLength={6}
                    pattern="[0-9]{6}"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                </div>
                <button className="ls-button" type="submit">
                  {THANK_YOU_TEXTS.verify}
                </button>
              </form>
              <form method="post" action="/thank-you/resend" className="ls-form">
                <input type="hidden" name="t" value={token} />
                <p
                  className="ls-hint"
                  data-ls-countdown={props.resendInSeconds}
                  hidden={props.resendInSeconds === 0}
                  aria-live="polite"
                >
                  You can ask for a new code in <span data-ls-seconds>{props.resendInSeconds}</span> seconds.
                </p>
                <button className="ls-link" type="submit" data-ls-resend hidden={props.resendInSeconds > 0}>
                  {THANK_YOU_TEXTS.resend}
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
  if (state === 'processing') {
    return (
      <div className="ls-form" data-ls-processing="">
        <p className="ls-text" role="status">
          {visitorPaymentMessages.processing}
        </p>
        <p className="ls-text">
          Then <strong>{fileName}</strong> is yours.
        </p>
        <a className="ls-link" href={checkUrl}>
          {PAYMENT_TEXTS.check}
        </a>
      </div>
    );
  }
  return (
    <div className="ls-form">
      <p className="ls-alert" role="alert">
        {state === 'failed'
          ? PAYMENT_TEXTS.failed
          : state === 'belowMinimum'
            ? visitorPaymentMessages.discountBelowMinimum
            : visitorPaymentMessages.refunded}
      </p>
      <a className="ls-button" href={retryUrl}>
        {PAYMENT_TEXTS.retry}
      </a>
    </div>
  );
}

/**
 * Counts the resend wait down each second and reveals the button at zero; while a payment is being
 * confirmed, reloads the page every 2 seconds until it is.
 */
export const thankYouScript = `(function(){
if(document.querySelector('[data-ls-processing]')){setTimeout(function(){location.reload()},2000);return;}
var note=document.querySelector('[data-ls-countdown]'),button=document.querySelector('[data-ls-resend]');
if(!note||!button)return;
var left=Number(note.getAttribute('data-ls-countdown'))||0,out=note.querySelector('[data-ls-seconds]');
if(left<=0)return;
var timer=setInterval(function(){
left-=1;
if(out)out.textContent=String(left);
if(left<=0){clearInterval(timer);note.hidden=true;button.hidden=false;}
},1000);
})();`;
