import type { CaptchaProvider } from '@/domain/captcha';
import type { Db } from '@/server/db/client';
import { createSealer, type Sealer } from '@/server/lib/sealed';

export interface CaptchaDeps {
  db: Db;
  /** createSealer(config.secret, 'captcha-secrets'). */
  sealer: Sealer;
  /** Each provider's siteverify endpoint (TURNSTILE_VERIFY_URL, HCAPTCHA_VERIFY_URL, RECAPTCHA_VERIFY_URL). */
  verifyUrls: Record<CaptchaProvider, URL>;
  /** How long a provider may take to answer before the sign-up is refused as unverifiable. */
  timeoutMs: number;
}

/** What is sealed in captcha_accounts.sealed. */
export interface SealedCaptchaSecret {
  secretKey: string;
}

/** A visitor waits for the provider's answer: longer than this and it is taken as out of reach. */
const VERIFY_TIMEOUT_MS = 5_000;

export function captchaDeps(config: { secret: string; captchaVerifyUrls: Record<CaptchaProvider, URL> }, db: Db): CaptchaDeps {
  return {
    db,
    sealer: createSealer(config.secret, 'captcha-secrets'),
    verifyUrls: config.captchaVerifyUrls,
    timeoutMs: VERIFY_TIMEOUT_MS,
  };
}
