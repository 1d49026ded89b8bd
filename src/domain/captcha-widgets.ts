import type { CaptchaProvider } from './captcha';

/**
 * What a page needs of each captcha provider (docs/decisions/0087): the field its widget posts the
 * token in, the script that draws the widget, the hosts the page's Content-Security-Policy must admit
 * (each as the provider documents them, and no others), and its privacy policy, which the line under
 * the form links to.
 */
export interface CaptchaWidget {
  /** The form field the widget fills with its token (what the server reads). */
  tokenField: string;
  /** The widget's script; reCAPTCHA's takes the site key as `render`. */
  script: string;
  privacyUrl: string;
  hosts: { script: readonly string[]; frame: readonly string[]; connect: readonly string[]; style: readonly string[] };
}

const HCAPTCHA_HOSTS = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

export const CAPTCHA_WIDGETS: Record<CaptchaProvider, CaptchaWidget> = {
  turnstile: {
    tokenField: 'cf-turnstile-response',
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    privacyUrl: 'https://www.cloudflare.com/privacypolicy/',
    hosts: {
      script: ['https://challenges.cloudflare.com'],
      frame: ['https://challenges.cloudflare.com'],
      connect: [],
      style: [],
    },
  },
  hcaptcha: {
    tokenField: 'h-captcha-response',
    script: 'https://js.hcaptcha.com/1/api.js',
    privacyUrl: 'https://www.hcaptcha.com/privacy',
    hosts: { script: HCAPTCHA_HOSTS, frame: HCAPTCHA_HOSTS, connect: HCAPTCHA_HOSTS, style: HCAPTCHA_HOSTS },
  },
  recaptcha: {
    tokenField: 'g-recaptcha-response',
    script: 'https://www.google.com/recaptcha/api.js',
    privacyUrl: 'https://policies.google.com/privacy',
    hosts: {
      script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      connect: ['https://www.google.com/recaptcha/'],
      style: [],
    },
  },
};

/** The action a reCAPTCHA v3 token must name, and the lowest score a sign-up passes with. */
export const RECAPTCHA_ACTION = 'signup';
export const RECAPTCHA_MIN_SCORE = 0.5;

/** A captcha a published page shows: its provider and the workspace's site key for it. */
export interface PageCaptcha {
  provider: CaptchaProvider;
  siteKey: string;
}
