export { autocompleteFor } from './autocomplete';
export { CONSENT_VERSION, consentText, followUpOptInText } from './consent';
export { landingCss, landingDocumentCss } from './landing-css';
export { designStyle, designTheme, designVariables, FONT_STACKS, type DesignTheme } from './design-theme';
export { CHECKED_VALUE } from '@/domain/submission';
export {
  DOUBLE_OPT_IN_NOTICE,
  LandingPage,
  LandingStyles,
  PREVIEW_DOWNLOAD_NOTICE,
  SUBMITTING_LABEL,
  THANK_YOU_TITLE,
  automaticSubmitLabel,
  submitLabel,
} from './landing-page';
export { PageWords } from './i18n';
export { landingScript } from './landing-script';
export { recaptchaScript } from './captcha-script';
export { frameHeightScript } from './frame-height-script';
export { PLACEMENT_PREVIEW_NOTE, placementSignedUpScript } from './placement-script';
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
