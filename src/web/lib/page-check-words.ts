import type { CaptchaChoice } from '@/domain/captcha';
import type { AddressChecks } from '@/domain/form-config';

// The owner's words for a page's address checks and captcha: the creator's Settings tab and the
// workspace's Page defaults say the same, so the owner recognises on a page what she chose for all.

export const ADDRESS_CHECK_SWITCHES: ReadonlyArray<{ key: keyof AddressChecks; label: string; description: string }> = [
  {
    key: 'typos',
    label: 'Suggest fixes for typos',
    description: 'A visitor who types gmial.com is asked whether they meant gmail.com before signing up.',
  },
  {
    key: 'deliverable',
    label: 'Refuse domains that can’t receive email',
    description: 'Addresses at a domain with no mail server are turned away with a message to check them.',
  },
  {
    key: 'disposable',
    label: 'Refuse disposable addresses',
    description: 'Throwaway inboxes (such as Mailinator) are turned away: visitors sign up with an address they keep.',
  },
];

export const CAPTCHA_CHOICE_WORDS: ReadonlyArray<{ value: CaptchaChoice; label: string; description: string }> = [
  {
    value: 'off',
    label: 'Off',
    description: 'No captcha. The hidden trap field and the fill-time check still stop simple bots.',
  },
  {
    value: 'turnstile',
    label: 'Cloudflare Turnstile',
    description: 'Usually invisible: most visitors never see a puzzle.',
  },
  {
    value: 'hcaptcha',
    label: 'hCaptcha',
    description: 'A checkbox, sometimes followed by a picture puzzle.',
  },
  {
    value: 'recaptcha',
    label: 'reCAPTCHA v3',
    description: 'Invisible: Google scores each sign-up, and low scores are refused.',
  },
];
