/**
 * The captchas an owner may put on a page (docs/decisions/0087): Cloudflare Turnstile, hCaptcha or
 * reCAPTCHA v3, with the owner's own keys. 'off' (the default) loads nothing.
 */
export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];
export const CAPTCHA_CHOICES = ['off', ...CAPTCHA_PROVIDERS] as const;
export type CaptchaChoice = (typeof CAPTCHA_CHOICES)[number];

export const CAPTCHA_NAMES: Record<CaptchaProvider, string> = {
  turnstile: 'Cloudflare Turnstile',
  hcaptcha: 'hCaptcha',
  recaptcha: 'Google reCAPTCHA',
};
