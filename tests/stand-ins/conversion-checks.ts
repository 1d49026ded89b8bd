import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type LoggedRequest,
  loggedRequest,
  type PageHandler,
  parseJsonBody,
  readBody,
  Router,
  type RunningServer,
  sendJson,
  listen,
  StandInError,
} from './http.js';

/**
 * What the three conversions stand-ins (meta-capi.ts, ga4-mp.ts, tiktok-events.ts) share: the checks
 * the platforms make of hashed fields and event times, the failures a test can ask for, and the
 * /_test controls. See README.md in this folder.
 */

/** A SHA-256 as the platforms take it: 64 lowercase hexadecimal characters. */
export const isSha256Hex = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

export const DAY_SECONDS = 86_400;

/** Why an event time (Unix seconds) is refused: in the future, or older than `maxAgeSeconds`. */
export function eventTimeProblem(seconds: unknown, maxAgeSeconds: number, now = Date.now()): string | null {
  if (typeof seconds !== 'number' || !Number.isInteger(seconds)) return 'must be a Unix time in seconds';
  const nowSeconds = Math.floor(now / 1000);
  // A minute of leeway for clocks that differ a little, as the platforms allow.
  if (seconds > nowSeconds + 60) return 'is in the future';
  if (seconds < nowSeconds - maxAgeSeconds) return `is more than ${Math.round(maxAgeSeconds / DAY_SECONDS)} days old`;
  return null;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One event as a stand-in received it: the destination's ids, the test code, the event itself. */
export interface ReceivedConversion {
  /** Pixel id, measurement id or pixel code. */
  accountId: string;
  testEventCode: string | null;
  event: Record<string, unknown>;
  /** GA4 only: false when collect dropped it (a wrong secret, an invalid payload), as GA4 does silently. */
  counted: boolean;
  receivedAt: string;
}

export interface ConversionStandIn extends RunningServer {
  /** The next `count` API requests answer `status` (500 by default) and are not recorded. */
  failNext(count: number, status?: number): void;
  /** Every event taken, oldest first; the same event id twice is two entries. */
  readonly received: ReceivedConversion[];
  readonly requests: LoggedRequest[];
  reset(): void;
}

/**
 * Serves a conversions stand-in: the API routes `api` (which record into `received`), the shared
 * failures, and the /_test controls (health, events, requests, fail, reset, and `controls`'s own).
 */
export async function serveConversionStandIn(
  port: number,
  {
    isApi,
    api,
    controls,
    failureBody,
  }: {
    isApi: (pathname: string) => boolean;
    api: (context: { req: IncomingMessage; res: ServerResponse; url: URL; body: unknown }) => void;
    controls: Router<PageHandler>;
    /** What the platform answers with an outage's status. */
    failureBody: (status: number) => unknown;
  },
  received: ReceivedConversion[],
): Promise<ConversionStandIn> {
  const requests: LoggedRequest[] = [];
  let failures = { count: 0, status: 500 };
  const reset = () => {
    received.length = 0;
    requests.length = 0;
    failures = { count: 0, status: 500 };
  };
  controls
    .on('GET', '/_test/health', ({ res }) => sendJson(res, 200, { ok: true }))
    .on('GET', '/_test/events', ({ res }) => sendJson(res, 200, { data: received }))
    .on('GET', '/_test/requests', ({ res }) => sendJson(res, 200, { data: requests }))
    .on('POST', '/_test/fail', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      failures = { count: Number(body.count ?? 1), status: Number(body.status ?? 500) };
      sendJson(res, 200, { ok: true });
    })
    .on('POST', '/_test/reset', ({ res }) => {
      reset();
      sendJson(res, 200, { ok: true });
    });

  let baseUrl = '';
  const server = await listen(port, async (req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const rawBody = await readBody(req);
    if (isApi(url.pathname)) {
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = rawBody;
      }
      requests.push(loggedRequest(req, url, body));
      if (failures.count > 0) {
        failures.count--;
        return sendJson(res, failures.status, failureBody(failures.status));
      }
      return api({ req, res, url, body });
    }
    const route = controls.find(req.method ?? 'GET', url.pathname);
    if (!route) throw new StandInError(404, `No stand-in route ${req.method} ${url.pathname}`);
    await route.handler({ req, res, url, params: route.params, rawBody });
  });
  baseUrl = server.url;
  return {
    ...server,
    failNext: (count, status = 500) => void (failures = { count, status }),
    received,
    requests,
    reset,
  };
}

/** A string option of a /_test control. */
export function requiredText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new StandInError(400, `${name} is required`);
  return value;
}
