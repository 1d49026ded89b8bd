import type { CaptchaProvider } from '@/domain/captcha';
import type { CaptchaDeps } from './deps.js';

/** What a provider's siteverify answers (the fields Lodestone reads; reCAPTCHA adds action and score). */
export interface SiteverifyAnswer {
  success: boolean;
  'error-codes'?: string[];
  hostname?: string;
  challenge_ts?: string;
  action?: string;
  score?: number;
}

export type SiteverifyResult = { kind: 'answered'; answer: SiteverifyAnswer } | { kind: 'unavailable'; reason: string };

/**
 * Asks `provider` whether `token` is a solved captcha, as each documents it: a form-encoded POST of
 * the secret, the token and the visitor's address. Never throws: no answer in time, no connection,
 * a 5xx or a body that is not the provider's JSON are `unavailable`, and the sign-up waits.
 */
export async function siteverify(
  deps: Pick<CaptchaDeps, 'verifyUrls' | 'timeoutMs'>,
  provider: CaptchaProvider,
  { secret, token, remoteip }: { secret: string; token: string; remoteip: string },
): Promise<SiteverifyResult> {
  let response: Response;
  try {
    response = await fetch(deps.verifyUrls[provider], {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ secret, response: token, remoteip }),
      redirect: 'error',
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { kind: 'unavailable', reason: timedOut ? `no answer within ${deps.timeoutMs} ms` : 'could not be reached' };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return { kind: 'unavailable', reason: `answered HTTP ${response.status}` };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { kind: 'unavailable', reason: 'answered with something other than JSON' };
  }
  if (typeof answer !== 'object' || answer === null || typeof (answer as SiteverifyAnswer).success !== 'boolean')
    return { kind: 'unavailable', reason: 'answered without a verdict' };
  return { kind: 'answered', answer: answer as SiteverifyAnswer };
}
