import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CaptchaProvider } from '@/domain/captcha';
import {
  headerValue,
  listen,
  type LoggedRequest,
  loggedRequest,
  optionalText,
  type PageHandler,
  parseJsonBody,
  randomString,
  readBody,
  Router,
  type RunningServer,
  sendJson,
  StandInError,
} from './http.js';

/**
 * One local server speaking the three captcha providers' siteverify protocols (docs/decisions/0087),
 * as each documents it: Cloudflare Turnstile at /turnstile/v0/siteverify (form-encoded or JSON, with
 * an optional idempotency_key), hCaptcha at /siteverify and reCAPTCHA at /recaptcha/api/siteverify
 * (form-encoded, reCAPTCHA also in the query). A token is issued by /_test/tokens for one secret,
 * host, action and score; it is good once and until it expires, and answers with each provider's own
 * error codes otherwise. See README.md in this folder.
 */

export interface CaptchaTokenOptions {
  provider: CaptchaProvider;
  /** The secret the token was issued for (the widget's site's): verifying it with another fails. */
  secret: string;
  /** Where the widget was solved, as the provider reports it. */
  hostname: string;
  /** reCAPTCHA's and Turnstile's action ('' when none). */
  action?: string;
  /** reCAPTCHA's score, 0.0 to 1.0 (default 0.9). */
  score?: number;
  /** Seconds until the token expires (default: the provider's own, 300 for Turnstile, 120 for the others). */
  expiresInSeconds?: number;
  /** The stand-in vouches for the token every time it is asked (a provider fooled), instead of once. */
  reusable?: boolean;
}

export interface CaptchaStandIn extends RunningServer {
  /** Each provider's siteverify address on this server. */
  verifyUrls: Record<CaptchaProvider, string>;
  /** TURNSTILE_VERIFY_URL, HCAPTCHA_VERIFY_URL and RECAPTCHA_VERIFY_URL pointing here. */
  env: Record<'TURNSTILE_VERIFY_URL' | 'HCAPTCHA_VERIFY_URL' | 'RECAPTCHA_VERIFY_URL', string>;
  /** A secret the providers know (one a token was issued for is known too). */
  addSecret(secret: string): void;
  issueToken(options: CaptchaTokenOptions): string;
  /** Down: every siteverify answers 500, as a provider's outage would. */
  setDown(down: boolean): void;
  /** The siteverify requests received, their form fields as `body`. */
  readonly requests: readonly LoggedRequest[];
}

interface IssuedToken extends Required<Omit<CaptchaTokenOptions, 'expiresInSeconds'>> {
  issuedAt: Date;
  expiresAt: number;
  used: boolean;
  /** Turnstile: the idempotency_key of the validation that spent it, which may ask again. */
  idempotencyKey?: string;
}

const PATHS: Record<CaptchaProvider, string> = {
  turnstile: '/turnstile/v0/siteverify',
  hcaptcha: '/siteverify',
  recaptcha: '/recaptcha/api/siteverify',
};
const DEFAULT_LIFETIME_SECONDS: Record<CaptchaProvider, number> = { turnstile: 300, hcaptcha: 120, recaptcha: 120 };
/** What each provider answers for a token too old or already used. */
const SPENT: Record<CaptchaProvider, string> = {
  turnstile: 'timeout-or-duplicate',
  hcaptcha: 'invalid-or-already-seen-response',
  recaptcha: 'timeout-or-duplicate',
};
const TOKEN_PREFIX: Record<CaptchaProvider, string> = { turnstile: '0.', hcaptcha: 'P1_', recaptcha: '03A' };

export async function startCaptchaStandIn({ port = 0 }: { port?: number } = {}): Promise<CaptchaStandIn> {
  const secrets = new Set<string>();
  const tokens = new Map<string, IssuedToken>();
  const requests: LoggedRequest[] = [];
  let down = false;

  const issueToken = (options: CaptchaTokenOptions): string => {
    const { provider, secret, hostname } = options;
    if (!PATHS[provider]) throw new StandInError(400, 'provider must be turnstile, hcaptcha or recaptcha');
    if (!secret || !hostname) throw new StandInError(400, 'secret and hostname are required');
    const score = options.score ?? 0.9;
    if (score < 0 || score > 1) throw new StandInError(400, 'score must be between 0 and 1');
    secrets.add(secret);
    const token = TOKEN_PREFIX[provider] + randomString(160);
    const issuedAt = new Date();
    tokens.set(token, {
      provider,
      secret,
      hostname,
      action: options.action ?? '',
      score,
      reusable: options.reusable ?? false,
      issuedAt,
      expiresAt: issuedAt.getTime() + (options.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS[provider]) * 1000,
      used: false,
    });
    return token;
  };

  /** The provider's answer for one siteverify request. */
  function verdict(provider: CaptchaProvider, fields: Record<string, string>): Record<string, unknown> {
    const failure = (...codes: string[]) => ({
      success: false,
      'error-codes': codes,
      ...(provider === 'turnstile' ? { messages: [] } : {}),
    });
    const secret = fields.secret ?? '';
    const response = fields.response ?? '';
    const problems = [
      ...(secret === '' ? ['missing-input-secret'] : secrets.has(secret) ? [] : ['invalid-input-secret']),
      ...(response === '' ? ['missing-input-response'] : []),
    ];
    if (problems.length > 0) return failure(...problems);
    const token = tokens.get(response);
    if (!token || token.provider !== provider || token.secret !== secret) return failure('invalid-input-response');
    const idempotencyKey = provider === 'turnstile' ? fields.idempotency_key : undefined;
    const repeated = token.used && idempotencyKey !== undefined && idempotencyKey === token.idempotencyKey;
    if (!token.reusable && !repeated && (token.used || Date.now() > token.expiresAt)) return failure(SPENT[provider]);
    token.used = true;
    token.idempotencyKey ??= idempotencyKey;
    const challenge_ts = token.issuedAt.toISOString();
    switch (provider) {
      case 'turnstile':
        return { success: true, challenge_ts, hostname: token.hostname, 'error-codes': [], action: token.action, cdata: '' };
      case 'hcaptcha':
        return { success: true, challenge_ts, hostname: token.hostname, credit: false };
      case 'recaptcha':
        return { success: true, challenge_ts, hostname: token.hostname, score: token.score, action: token.action };
    }
  }

  function fieldsOf(provider: CaptchaProvider, req: IncomingMessage, url: URL, rawBody: string): Record<string, string> {
    const type = (headerValue(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    // Turnstile takes JSON too; reCAPTCHA reads its parameters from the query as well as the body.
    if (provider === 'turnstile' && type === 'application/json') {
      const body = parseJsonBody(rawBody);
      return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]));
    }
    const fields = Object.fromEntries(new URLSearchParams(type === 'application/x-www-form-urlencoded' ? rawBody : ''));
    return provider === 'recaptcha' ? { ...Object.fromEntries(url.searchParams), ...fields } : fields;
  }

  const controls = new Router<PageHandler>()
    .on('GET', '/_test/health', ({ res }) => sendJson(res, 200, { ok: true }))
    .on('GET', '/_test/requests', ({ res }) => sendJson(res, 200, { data: requests }))
    .on('POST', '/_test/reset', ({ res }) => {
      requests.length = 0;
      down = false;
      sendJson(res, 200, { ok: true });
    })
    .on('POST', '/_test/secrets', ({ res, rawBody }) => {
      const secret = optionalText(parseJsonBody(rawBody).secret, 'secret');
      if (!secret) throw new StandInError(400, 'secret is required');
      secrets.add(secret);
      sendJson(res, 201, { secret });
    })
    .on('POST', '/_test/tokens', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const token = issueToken({
        provider: optionalText(body.provider, 'provider') as CaptchaProvider,
        secret: optionalText(body.secret, 'secret') ?? '',
        hostname: optionalText(body.hostname, 'hostname') ?? '',
        action: optionalText(body.action, 'action'),
        score: typeof body.score === 'number' ? body.score : undefined,
        expiresInSeconds: typeof body.expiresInSeconds === 'number' ? body.expiresInSeconds : undefined,
        reusable: body.reusable === true,
      });
      sendJson(res, 201, { token });
    })
    .on('POST', '/_test/down', ({ res, rawBody }) => {
      down = parseJsonBody(rawBody).down !== false;
      sendJson(res, 200, { down });
    });

  const server = await listen(port, async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const rawBody = await readBody(req);
    const provider = (Object.keys(PATHS) as CaptchaProvider[]).find((p) => PATHS[p] === url.pathname);
    if (provider) {
      if (req.method !== 'POST') return sendJson(res, 405, { success: false, 'error-codes': ['bad-request'] });
      const fields = fieldsOf(provider, req, url, rawBody);
      requests.push(loggedRequest(req, url, fields));
      if (down) {
        res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end('<html><body>Internal Server Error</body></html>');
      }
      return sendJson(res, 200, verdict(provider, fields));
    }
    const route = controls.find(req.method ?? 'GET', url.pathname);
    if (!route) return sendJson(res, 404, { error: `No stand-in route ${req.method} ${url.pathname}` });
    await route.handler({ req, res, url, params: route.params, rawBody });
  });

  const verifyUrls = {
    turnstile: `${server.url}${PATHS.turnstile}`,
    hcaptcha: `${server.url}${PATHS.hcaptcha}`,
    recaptcha: `${server.url}${PATHS.recaptcha}`,
  };
  return {
    ...server,
    verifyUrls,
    env: {
      TURNSTILE_VERIFY_URL: verifyUrls.turnstile,
      HCAPTCHA_VERIFY_URL: verifyUrls.hcaptcha,
      RECAPTCHA_VERIFY_URL: verifyUrls.recaptcha,
    },
    addSecret: (secret) => void secrets.add(secret),
    issueToken,
    setDown: (value) => void (down = value),
    requests,
  };
}
