import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_DESIGN,
  privacyPolicyLink,
  RESERVED_NAMES,
  visitorPlaceholder,
  type FormConfig,
  type FormField,
  type Payment,
} from '@/domain/form-config';
import { closingDeadline, shownSections } from '@/domain/sections';
import { CURRENCY_SYMBOLS, currencyDecimals, decimalAmount, formatMoney } from '@/domain/money';
import { CHECKED_VALUE, parseSubmission } from '@/domain/submission';
import { followUpsOf, showsFollowUpOptIn } from '@/domain/follow-ups';
import { autocompleteFor } from './autocomplete';
import { CaptchaNote, CaptchaWidget } from './captcha';
import { consentMessage, followUpOptInText } from './consent';
import { containerClass, Cover, Logo } from './design-images';
import { designStyle } from './design-theme';
import { englishT, languageAttributes, PageWords, Rich, useT } from './i18n';
import { landingCss } from './landing-css';
import { RichText } from './rich-text';
import { Sections } from './sections';
import { submitLabel } from './submit-label';
import { TypoSuggestion, usePreviewTypo } from './typo-suggestion';
import { addressChecksOf } from '@/domain/address-checks';
import type { LandingPageProps } from './types';

/** docs/product.md#published-page: the submit button's label while a submission is in flight (English). */
export const SUBMITTING_LABEL = englishT('form.submit.submitting');
export const THANK_YOU_TITLE = englishT('thanks.title');
export const DOUBLE_OPT_IN_NOTICE = englishT('form.thanks.doubleOptIn');
export const PREVIEW_DOWNLOAD_NOTICE = englishT('preview.downloadNote');

type Phase = 'form' | 'submitting' | 'submitted';

export { automaticSubmitLabel, submitLabel } from './submit-label';

/**
 * The visitor's landing page: pure props in, markup out; the same in the SPA and react-dom/server.
 * Its fixed words are in `props.t`'s language (English without one).
 */
export function LandingPage(props: LandingPageProps) {
  const t = props.t ?? englishT;
  return (
    <PageWords t={t}>
      <Page {...props} />
    </PageWords>
  );
}

function Page(props: LandingPageProps) {
  const { config, mode } = props;
  const t = useT();
  const prefix = props.idPrefix ?? 'ls';
  const preview = mode === 'preview';
  const [phase, setPhase] = useState<Phase>('form');
  // The preview checks its form with the server's own contract, so the owner sees what visitors will.
  const [previewErrors, setPreviewErrors] = useState<Record<string, string>>({});
  const errors = props.errors ?? previewErrors;
  const values = props.values ?? {};
  const thanksRef = useRef<HTMLDivElement>(null);
  const submitted = props.state === 'submitted' || phase === 'submitted';

  useEffect(() => {
    // After a preview submission the form is gone: move focus to what replaced it.
    if (phase === 'submitted') thanksRef.current?.focus();
  }, [phase]);

  function handlePreviewSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'form') return;
    const checked = parseSubmission(config, Object.fromEntries(new FormData(event.currentTarget)), t);
    setPreviewErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setPhase('submitting');
    // A preview stores nothing: the "request" is a resolved promise, so 'Submitting...' lasts one tick.
    void Promise.resolve().then(() => setPhase('submitted'));
  }

  const Root = preview ? 'div' : 'main';
  const title = config.title.trim() || t('form.title.untitled');
  const businessName = config.businessName.trim();
  const description = config.description.trim();
  // Configs saved before the Design tab have none; the schema's default is today's look.
  const design = config.design ?? DEFAULT_DESIGN;
  // A deadline that has passed and closes the form: its message stands where the form was. The
  // server says when it renders; a preview reads the clock when it opens.
  const [openedAt] = useState(Date.now);
  const closedBy = closingDeadline(config, props.now ?? openedAt);
  // Nothing to act on once the form is closed: the calls to action that lead to it go too.
  // A placement's compact frame is the form alone: the page's other sections stay on the page.
  const compact = props.compact === true;
  const sections = compact ? [] : shownSections(config).filter((s) => !(closedBy && s.type === 'cta'));
  // The address a sign-up is stored under (the first email field) is the one checked for typos.
  const typoFieldId = addressChecksOf(config).typos ? config.fields.find((f) => f.type === 'email')?.id : undefined;
  // The captcha's line under the button: on the live page when it has one; in the preview, the choice.
  const chosenCaptcha = config.captcha && config.captcha !== 'off' ? config.captcha : undefined;
  const captchaShown = preview ? chosenCaptcha : props.captcha?.provider;

  return (
    <div className="ls-page" style={designStyle(design)} {...(preview && props.t ? languageAttributes(t) : {})}>
      <Root className={containerClass(design, sections.length > 0)}>
        {compact ? (
          <header className="ls-header">
            <h1 className="ls-title">{title}</h1>
          </header>
        ) : (
          <>
            <header className="ls-header">
              {design.logo && <Logo image={design.logo} alt={businessName} />}
              {businessName && <p className="ls-business">{businessName}</p>}
              <h1 className="ls-title">{title}</h1>
              {description && <RichText source={description} className="ls-description" />}
            </header>
            <Cover design={design} />
          </>
        )}
        {/* The form's card is where every call to action leads (#{prefix}-form). */}
        <div className="ls-card" id={`${prefix}-form`}>
          {closedBy ? (
            <p className="ls-ended">{closedBy.endedMessage.trim() || t('form.closed.default')}</p>
          ) : submitted ? (
            <div className="ls-thanks" ref={thanksRef} tabIndex={-1}>
              <h2 className="ls-thanks-title">{config.thankyouHeading?.trim() || t('thanks.title')}</h2>
              {/* As on the live pages: the owner's message goes with the file (the download page, the
                  email), so with double opt-in it waits until the address is confirmed. */}
              {config.doubleOptIn ? (
                <p className="ls-text">{t('form.thanks.doubleOptIn')}</p>
              ) : (
                <>
                  {config.thankyouMessage.trim() && <p className="ls-text">{config.thankyouMessage}</p>}
                  <DownloadAction config={config} preview={preview} downloadUrl={props.downloadUrl} />
                </>
              )}
              {preview && config.payment.enabled && <p className="ls-hint">{t('preview.paidNote')}</p>}
              {preview && config.afterSubmit === 'redirect' && <p className="ls-hint">{t('preview.redirectNote')}</p>}
              {preview && phase === 'submitted' && (
                <button type="button" className="ls-link" onClick={() => setPhase('form')}>
                  {t('preview.backToForm')}
                </button>
              )}
            </div>
          ) : (
            <form
              className="ls-form"
              method="post"
              action={preview ? undefined : props.action}
              onSubmit={preview ? handlePreviewSubmit : undefined}
              data-ls-form=""
            >
              {props.formError && (
                <p className="ls-alert" role="alert">
                  {props.formError}
                </p>
              )}
              {!preview && props.honeypotName && <Honeypot name={props.honeypotName} id={`${prefix}-hp`} />}
              {!preview &&
                Object.entries(props.hiddenFields ?? {}).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
              {config.fields.map((field) => (
                <Field
                  key={`${field.id}:${field.type}`}
                  field={field}
                  id={`${prefix}-f-${field.id}`}
                  value={values[field.id]}
                  error={errors[field.id]}
                  preview={preview}
                  suggestion={field.id === typoFieldId ? (props.typo ?? null) : undefined}
                />
              ))}
              {config.payment.enabled && (
                <PaymentBlock payment={config.payment} prefix={prefix} values={values} errors={errors} />
              )}
              {config.privacyPolicy && (
                <Checkbox
                  id={`${prefix}-consent`}
                  name={RESERVED_NAMES.consent}
                  label={<ConsentLabel config={config} />}
                  required
                  checked={isChecked(values[RESERVED_NAMES.consent])}
                  error={errors[RESERVED_NAMES.consent]}
                  className="ls-consent"
                />
              )}
              {showsFollowUpOptIn(followUpsOf(config)) && (
                <Checkbox
                  id={`${prefix}-follow-ups`}
                  name={RESERVED_NAMES.followUps}
                  label={followUpOptInText(config, t)}
                  required={false}
                  checked={isChecked(values[RESERVED_NAMES.followUps])}
                  className="ls-consent"
                />
              )}
              {!preview && props.captcha && <CaptchaWidget captcha={props.captcha} />}
              <button
                type="submit"
                className="ls-button"
                data-ls-submit=""
                data-submitting-label={t('form.submit.submitting')}
                disabled={phase === 'submitting' || props.signUpsOff !== undefined}
              >
                {phase === 'submitting' ? t('form.submit.submitting') : submitLabel(config, t)}
              </button>
              {props.signUpsOff && <p className="ls-hint">{props.signUpsOff}</p>}
              {captchaShown && <CaptchaNote provider={captchaShown} />}
            </form>
          )}
        </div>
        {sections.length > 0 && (
          <Sections sections={sections} prefix={prefix} buttonText={submitLabel(config, t)} closedBy={closedBy} />
        )}
        {(props.badgeHref || props.languageLinks) && (
          <footer className="ls-badge">
            {props.languageLinks && <LanguageLinks links={props.languageLinks} />}
            {props.badgeHref && (
              <a href={props.badgeHref} target="_blank" rel="noopener">
                {t('form.badge')}
              </a>
            )}
          </footer>
        )}
      </Root>
    </div>
  );
}

/** A page in several languages: a link to it in each, named in that language, the one shown marked. */
function LanguageLinks({ links }: { links: NonNullable<LandingPageProps['languageLinks']> }) {
  const t = useT();
  return (
    <nav className="ls-languages" aria-label={t('form.languages.label')}>
      <ul>
        {links.map((link) => (
          <li key={link.code}>
            <a href={link.href} lang={link.code} hrefLang={link.code} aria-current={link.current ? 'true' : undefined}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The landing page's stylesheet as a <style> element, for the SPA preview. */
export function LandingStyles() {
  return <style>{landingCss}</style>;
}

function isChecked(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== 'false' && value !== 'off';
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="ls-error">
      {error}
    </p>
  );
}

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="ls-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  text: 'text',
  email: 'email',
  number: 'number',
  phone: 'tel',
  date: 'date',
};

/** A dropdown's first, empty choice, unless the owner wrote their own words for it (the placeholder), in English. */
export const CHOOSE_LABEL = englishT('form.select.placeholder');

/** The preview's stand-in for a hidden field, which visitors never see. */
export function hiddenFieldNote(param: string, t = englishT): string {
  const name = param.trim();
  return name ? t('preview.hiddenField.param', { param: name }) : t('preview.hiddenField.none');
}

function Field({
  field,
  id,
  value,
  error,
  preview,
  suggestion,
}: {
  field: FormField;
  id: string;
  value?: string;
  error?: string;
  preview?: boolean;
  /** The email field checked for typos gets a place for the suggestion (and `null` here until there is one). */
  suggestion?: LandingPageProps['typo'] | null;
}) {
  const t = useT();
  const previewTypo = usePreviewTypo(preview === true && suggestion !== undefined);
  const label = field.label.trim() || t('form.field.untitled');
  if (field.type === 'hidden') {
    // Filled from the page's address by the landing script (or, without it, by the server).
    const param = (field.param ?? '').trim();
    if (preview) return <p className="ls-hint">{hiddenFieldNote(param, t)}</p>;
    return <input type="hidden" name={field.id} defaultValue={value ?? ''} data-ls-param={param || undefined} />;
  }
  const errorId = `${id}-error`;
  const helpText = (field.helpText ?? '').trim();
  const helpId = helpText ? `${id}-help` : undefined;
  const typoId = `${id}-typo`;
  const describedBy =
    [helpId, suggestion ? typoId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const help = helpId && (
    <p id={helpId} className="ls-hint">
      {helpText}
    </p>
  );
  if (field.type === 'checkbox') {
    return (
      <Checkbox
        id={id}
        name={field.id}
        label={label}
        required={field.required}
        checked={isChecked(value)}
        error={error}
        help={help}
        describedBy={describedBy}
      />
    );
  }
  const options = field.options ?? [];
  const chosen = options.find((option) => option.trim() === value?.trim());
  if (field.type === 'radio') {
    return (
      <fieldset id={id} className="ls-field ls-choices" aria-describedby={describedBy}>
        <legend className="ls-label">
          {label}
          <RequiredMark required={field.required} />
        </legend>
        {options.map((option, i) => (
          <div className="ls-check" key={i}>
            <input
              type="radio"
              id={`${id}-${i}`}
              name={field.id}
              value={option}
              required={field.required}
              defaultChecked={option === chosen}
              aria-invalid={error ? true : undefined}
            />
            <label htmlFor={`${id}-${i}`}>{option}</label>
          </div>
        ))}
        {help}
        <ErrorText id={errorId} error={error} />
      </fieldset>
    );
  }
  const common = {
    id,
    name: field.id,
    className: 'ls-input',
    required: field.required,
    autoComplete: autocompleteFor(field),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="ls-field">
      <label className="ls-label" htmlFor={id}>
        {label}
        <RequiredMark required={field.required} />
      </label>
      {field.type === 'textarea' ? (
        <textarea rows={4} placeholder={visitorPlaceholder(field)} defaultValue={value} {...common} />
      ) : field.type === 'dropdown' ? (
        <select defaultValue={chosen ?? ''} {...common}>
          {/* Nothing is chosen for the visitor; once they have chosen, an optional field can still go back to none. */}
          {(chosen === undefined || !field.required) && (
            <option value="">{visitorPlaceholder(field) ?? t('form.select.placeholder')}</option>
          )}
          {options.map((option, i) => (
            <option key={i} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          type={INPUT_TYPES[field.type]}
          step={field.type === 'number' ? 'any' : undefined}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          placeholder={field.type === 'date' ? undefined : visitorPlaceholder(field)}
          defaultValue={value}
          {...common}
          {...previewTypo.input}
        />
      )}
      {help}
      {preview ? previewTypo.box : suggestion !== undefined && <TypoSuggestion id={typoId} typo={suggestion ?? undefined} />}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

/**
 * consentText, word for word (the server records that text), with its privacy policy words linking to
 * the owner's policy in a new tab when the page has its address.
 */
function ConsentLabel({ config }: { config: FormConfig }) {
  const href = privacyPolicyLink(config);
  const { id, values } = consentMessage(config);
  const link = (words: ReactNode[]) =>
    href ? (
      <a className="ls-policy-link" href={href} target="_blank" rel="noopener noreferrer">
        {words}
      </a>
    ) : (
      <>{words}</>
    );
  return <Rich id={id} values={values} tags={{ link }} />;
}

function Checkbox(props: {
  id: string;
  name: string;
  label: ReactNode;
  required: boolean;
  checked: boolean;
  error?: string;
  className?: string;
  /** A line under the checkbox, and the ids describing it (help, error). */
  help?: ReactNode;
  describedBy?: string;
}) {
  const errorId = `${props.id}-error`;
  const describedBy = props.describedBy ?? (props.error ? errorId : undefined);
  return (
    <div className={props.className ? `ls-field ${props.className}` : 'ls-field'}>
      <div className="ls-check">
        <input
          type="checkbox"
          id={props.id}
          name={props.name}
          value={CHECKED_VALUE}
          required={props.required}
          defaultChecked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={props.id}>
          {props.label}
          <RequiredMark required={props.required} />
        </label>
      </div>
      {props.help}
      <ErrorText id={errorId} error={props.error} />
    </div>
  );
}

const PROVIDER_LABELS = { stripe: 'payment.provider.stripe', paypal: 'payment.provider.paypal' } as const;
const PROVIDER_NOTES = { stripe: 'payment.provider.noteStripe', paypal: 'payment.provider.notePaypal' } as const;

function PaymentBlock({
  payment,
  prefix,
  values,
  errors,
}: {
  payment: Payment;
  prefix: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const t = useT();
  const { currency } = payment;
  const amountId = `${prefix}-amount`;
  const hintId = `${amountId}-hint`;
  const amountErrorId = `${amountId}-error`;
  const amountError = errors[RESERVED_NAMES.amount];
  const providerError = errors[RESERVED_NAMES.provider];
  const providerErrorId = `${prefix}-provider-error`;
  const chosen = values[RESERVED_NAMES.provider] === 'paypal' ? 'paypal' : 'stripe';
  const suggested = Math.max(payment.pwywSuggested, payment.pwywMinimum);

  return (
    <div className="ls-payment">
      {payment.type === 'fixed' ? (
        <p className="ls-price">
          <Rich
            id="payment.price"
            values={{ price: formatMoney(payment.fixedAmount, currency, t.language) }}
            tags={{ strong: (words) => <strong>{words}</strong> }}
          />
        </p>
      ) : (
        <div className="ls-field">
          <label className="ls-label" htmlFor={amountId}>
            {t('payment.pwyw.label', { currency })}
            <RequiredMark required />
          </label>
          <div className="ls-money">
            <span className="ls-money-symbol" aria-hidden="true">
              {CURRENCY_SYMBOLS[currency]}
            </span>
            <input
              id={amountId}
              name={RESERVED_NAMES.amount}
              className="ls-input"
              type="number"
              inputMode="decimal"
              required
              min={decimalAmount(payment.pwywMinimum, currency)}
              step={currencyDecimals(currency) === 0 ? '1' : '0.01'}
              defaultValue={values[RESERVED_NAMES.amount] ?? decimalAmount(suggested, currency)}
              autoComplete="off"
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? `${hintId} ${amountErrorId}` : hintId}
            />
          </div>
          <p id={hintId} className="ls-hint">
            {t('payment.pwyw.minimum', { minimum: formatMoney(payment.pwywMinimum, currency, t.language) })}
          </p>
          <ErrorText id={amountErrorId} error={amountError} />
        </div>
      )}
      {payment.provider === 'both' ? (
        <fieldset className="ls-choices" aria-describedby={providerError ? providerErrorId : undefined}>
          <legend className="ls-label">{t('payment.provider.legend')}</legend>
          {(['stripe', 'paypal'] as const).map((provider) => (
            <div className="ls-check" key={provider}>
              <input
                type="radio"
                id={`${prefix}-provider-${provider}`}
                name={RESERVED_NAMES.provider}
                value={provider}
                required
                defaultChecked={chosen === provider}
              />
              <label htmlFor={`${prefix}-provider-${provider}`}>{t(PROVIDER_LABELS[provider])}</label>
            </div>
          ))}
          <ErrorText id={providerErrorId} error={providerError} />
        </fieldset>
      ) : (
        <>
          <input type="hidden" name={RESERVED_NAMES.provider} value={payment.provider} />
          <p className="ls-hint">{t(PROVIDER_NOTES[payment.provider])}</p>
        </>
      )}
    </div>
  );
}

function DownloadAction({ config, preview, downloadUrl }: { config: FormConfig; preview: boolean; downloadUrl?: string }) {
  const t = useT();
  const name = config.leadMagnetName.trim();
  const label = name ? t('form.thanks.download', { leadMagnet: name }) : t('form.thanks.downloadNoName');
  if (preview) {
    return (
      <>
        <button type="button" className="ls-button" disabled>
          {label}
        </button>
        <p className="ls-hint">{t('preview.downloadNote')}</p>
      </>
    );
  }
  if (!downloadUrl) return null;
  return (
    <a className="ls-button" href={downloadUrl}>
      {label}
    </a>
  );
}

function Honeypot({ name, id }: { name: string; id: string }) {
  const t = useT();
  return (
    <div className="ls-hp" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot.label')}</label>
      <input type="text" id={id} name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
