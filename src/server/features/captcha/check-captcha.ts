import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { CAPTCHA_WIDGETS, RECAPTCHA_ACTION, RECAPTCHA_MIN_SCORE, type PageCaptcha } from '@/domain/captcha-widgets';
import type { CaptchaProvider } from '@/domain/captcha';
import type { Executor } from '@/server/db/client';
import { captchaTokensUsed } from '@/server/db/schema/index';
import type { LiveForm } from '@/server/features/submissions';
import type { CaptchaDeps } from './deps.js';
import { loadCaptchaSecret } from './keys.js';
import { siteverify, type SiteverifyAnswer } from './siteverify.js';

/** The captcha a published page shows: the one it asks for, when its workspace has keys for it. */
export function pageCaptcha(form: Pick<LiveForm, 'config' | 'captchaSiteKey'>): PageCaptcha | undefined {
  const provider = form.config.captcha;
  if (!provider || provider === 'off' || !form.captchaSiteKey) return undefined;
  return { provider, siteKey: form.captchaSiteKey };
}

/**
 * How a sign-up's captcha went. `failed`: no token, a token spent before, or one the provider does
 * not vouch for (the visitor is asked to solve it again). `unavailable`: the provider could not say,
 * and the sign-up is refused all the same (fail closed). `misconfigured` marks a refusal of the
 * workspace's own secret, which the owner has to fix.
 */
export type CaptchaCheck =
  | { kind: 'passed' }
  | { kind: 'failed'; provider: CaptchaProvider; reason: string; misconfigured?: boolean }
  | { kind: 'unavailable'; provider: CaptchaProvider; reason: string };

/** Tokens far longer than any provider's are refused unread. */
const MAX_TOKEN_LENGTH = 8192;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Spent tokens are kept a day (every provider's expire within minutes); the old ones go at most this often. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

const SECRET_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'sitekey-secret-mismatch']);

/**
 * Checks the captcha of a POST of `form` (docs/decisions/0087), before anything is stored: the
 * provider's token field must hold a token never used here before (its hash is recorded first, so a
 * replay is refused whatever the provider says), which the provider confirms was solved on this
 * host, and, for reCAPTCHA v3, for the sign-up's action with a score of at least 0.5.
 */
export async function checkCaptcha(
  deps: CaptchaDeps,
  form: Pick<LiveForm, 'config' | 'captchaSiteKey' | 'workspaceId'>,
  body: Record<string, unknown>,
  visit: { ip: string; hostname: string },
): Promise<CaptchaCheck> {
  const captcha = pageCaptcha(form);
  if (!captcha) return { kind: 'passed' };
  const { provider } = captcha;
  // Keys removed since the page was read into memory: the page shows no captcha from now on.
  const keys = await loadCaptchaSecret(deps, deps.db, form.workspaceId, provider);
  if (!keys) return { kind: 'passed' };
  const posted = body[CAPTCHA_WIDGETS[provider].tokenField];
  const token = typeof posted === 'string' ? posted.trim() : '';
  if (token === '') return { kind: 'failed', provider, reason: 'no token' };
  if (token.length > MAX_TOKEN_LENGTH) return { kind: 'failed', provider, reason: 'token too long' };
  if (!(await spend(deps.db, token))) return { kind: 'failed', provider, reason: 'token used before' };

  const result = await siteverify(deps, provider, { secret: keys.secretKey, token, remoteip: visit.ip });
  if (result.kind === 'unavailable') return { kind: 'unavailable', provider, reason: result.reason };
  const refusal = refusalOf(provider, result.answer, visit.hostname);
  if (!refusal) return { kind: 'passed' };
  const codes = result.answer['error-codes'] ?? [];
  return { kind: 'failed', provider, reason: refusal, misconfigured: codes.some((code) => SECRET_ERRORS.has(code)) };
}

/** Why the provider's answer does not let the sign-up through, or undefined when it does. */
function refusalOf(provider: CaptchaProvider, answer: SiteverifyAnswer, hostname: string): string | undefined {
  if (!answer.success) return `refused (${(answer['error-codes'] ?? []).join(', ') || 'no reason given'})`;
  if ((answer.hostname ?? '').toLowerCase() !== hostname.toLowerCase())
    return `solved on ${answer.hostname ?? 'no host'}, not ${hostname}`;
  if (provider === 'recaptcha') {
    if (answer.action !== RECAPTCHA_ACTION) return `action ${answer.action ?? 'none'}, not ${RECAPTCHA_ACTION}`;
    if (typeof answer.score !== 'number' || answer.score < RECAPTCHA_MIN_SCORE)
      return `score ${answer.score ?? 'none'} below ${RECAPTCHA_MIN_SCORE}`;
  }
  return undefined;
}

/** Records the token as used; false when it was already (a replay). Now and then forgets day-old tokens. */
async function spend(db: Executor, token: string): Promise<boolean> {
  const now = Date.now();
  if (now - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now;
    await db.delete(captchaTokensUsed).where(lt(captchaTokensUsed.usedAt, new Date(now - DAY_MS)));
  }
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const inserted = await db
    .insert(captchaTokensUsed)
    .values({ tokenHash })
    .onConflictDoNothing()
    .returning({ tokenHash: captchaTokensUsed.tokenHash });
  return inserted.length > 0;
}
