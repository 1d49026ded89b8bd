import { z } from 'zod';
import { CAPTCHA_NAMES, CAPTCHA_PROVIDERS, type CaptchaChoice, type CaptchaProvider } from './captcha';
import { isoTimeSchema } from './iso-time';

/**
 * A workspace's captcha keys (docs/decisions/0087): one site key and secret per provider, saved once
 * and reused by every page that asks for that provider. The secret is sealed on the server and never
 * leaves it; the owner sees its last characters.
 *
 * Owner API (APP_URL, session cookie; non-GET needs Origin = APP_URL; writes: owner and admin only):
 *   GET    /api/captcha                                  -> CaptchaSettings
 *   PUT    /api/captcha/:provider  body {siteKey, secretKey} -> CaptchaSettings
 *   DELETE /api/captcha/:provider                        -> CaptchaSettings
 *
 * Errors are `{ code, message, errors? }`: VALIDATION_ERROR (400, `errors.siteKey` / `errors.secretKey`),
 * FORBIDDEN (403: an editor or a viewer), NOT_FOUND (404: no keys saved for that provider, on DELETE).
 */

export const captchaParamsSchema = z.object({ provider: z.enum(CAPTCHA_PROVIDERS) });

export const saveCaptchaKeysSchema = z.object({
  siteKey: z.string().trim().min(1, 'Enter the site key').max(200, 'This is too long for a site key'),
  secretKey: z
    .string()
    .trim()
    .min(8, 'Enter the secret key')
    .max(300, 'This is too long for a secret key')
    .regex(/^\S+$/, 'A secret key has no spaces'),
});
export type SaveCaptchaKeys = z.infer<typeof saveCaptchaKeysSchema>;

/**
 * The shape of each provider's site keys, loose enough for real keys and the providers' test keys:
 * Turnstile's start with `0x` (its test keys with `1x`, `2x`, `3x`), reCAPTCHA's with `6L`, and
 * hCaptcha's are UUIDs.
 */
const SITE_KEY_SHAPES: Record<CaptchaProvider, { pattern: RegExp; message: string }> = {
  turnstile: {
    pattern: /^[0-3]x[A-Za-z0-9_-]{8,100}$/,
    message: 'A Turnstile site key starts with 0x (copy it from Cloudflare → Turnstile → your widget)',
  },
  hcaptcha: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    message: 'An hCaptcha site key looks like 10000000-ffff-ffff-ffff-000000000001 (copy it from the hCaptcha dashboard → Sites)',
  },
  recaptcha: {
    pattern: /^6L[A-Za-z0-9_-]{20,80}$/,
    message: 'A reCAPTCHA site key starts with 6L (copy it from the reCAPTCHA admin console → your site → Settings)',
  },
};

/** Why `siteKey` cannot be `provider`'s site key, or undefined when it can. */
export function siteKeyProblem(provider: CaptchaProvider, siteKey: string): string | undefined {
  const shape = SITE_KEY_SHAPES[provider];
  return shape.pattern.test(siteKey.trim()) ? undefined : shape.message;
}

/** Only a secret's last 4 characters leave the server. */
export const maskSecret = (secret: string) => `…${secret.slice(-4)}`;

export const captchaKeysSchema = z.object({
  siteKey: z.string(),
  /** The secret's last characters, e.g. `…AAAA`. */
  maskedSecret: z.string(),
  savedAt: isoTimeSchema,
});
export type CaptchaKeys = z.infer<typeof captchaKeysSchema>;

/** Each provider's saved keys, or null. */
export type CaptchaSettings = Record<CaptchaProvider, CaptchaKeys | null>;

/** Where each provider hands out keys, and what its keys are called there: the owner's way to them. */
export const CAPTCHA_KEY_SOURCES: Record<CaptchaProvider, { url: string; where: string }> = {
  turnstile: {
    url: 'https://dash.cloudflare.com/?to=/:account/turnstile',
    where: 'In Cloudflare: Turnstile → Add widget (add your pages’ domain as a hostname), then copy its site key and secret key.',
  },
  hcaptcha: {
    url: 'https://dashboard.hcaptcha.com/sites',
    where:
      'In the hCaptcha dashboard: Sites → New site (add your pages’ domain), then copy its site key, and the secret key from your account settings.',
  },
  recaptcha: {
    url: 'https://www.google.com/recaptcha/admin/create',
    where:
      'In the reCAPTCHA admin console: create a site of type “Score based (v3)” for your pages’ domain, then copy both keys.',
  },
};

/** Why a page asking for `choice` cannot be published while its workspace has (or lacks) that provider's keys. */
export function captchaPublishProblem(choice: CaptchaChoice | undefined, hasKeys: boolean): string | undefined {
  if (!choice || choice === 'off' || hasKeys) return undefined;
  return `Add your ${CAPTCHA_NAMES[choice]} keys (Settings → Captcha) before publishing, or turn the captcha off.`;
}
