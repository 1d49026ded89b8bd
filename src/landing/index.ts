export { autocompleteFor } from './autocomplete';
export { CONSENT_VERSION, consentText } from './consent';
export { landingCss, landingDocumentCss } from './landing-css';
export { CHECKED_VALUE } from '../domain/submission';
export {
  DOUBLE_OPT_IN_NOTICE,
  LandingPage,
  LandingStyles,
  PREVIEW_DOWNLOAD_NOTICE,
  SUBMITTING_LABEL,
  THANK_YOU_TITLE,
  submitLabel,
} from './landing-page';
export { landingScript } from './landing-script';
export type { LandingPageProps } from './types';
export { PAYMENT_TEXTS, THANK_YOU_TEXTS, VisitorThankYou, thankYouScript, type VisitorThankYouProps } from './visitor-thank-you';
export {
  CONSENT_NOTICE_LABEL,
  CONSENT_SETTINGS_LABEL,
  ConsentNotice,
  ConsentSettings,
  consentNoticeCss,
  consentNoticeText,
  type ConsentNoticeProps,
} from './consent-notice';
export { consentLoaderScript } from './consent-script';
