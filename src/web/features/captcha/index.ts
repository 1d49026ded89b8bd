export { useCaptchaSettings } from './api';
export { CaptchaKeysForm } from './captcha-keys-form';
export { CaptchaKeysSection } from './captcha-keys-section';
