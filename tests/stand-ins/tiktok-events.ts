import { headerValue, parseJsonBody, type PageHandler, randomString, Router, sendJson } from './http.js';
import {
  type ConversionStandIn,
  DAY_SECONDS,
  eventTimeProblem,
  isObject,
  isSha256Hex,
  type ReceivedConversion,
  requiredText,
  serveConversionStandIn,
} from './conversion-checks.js';

/**
 * A local TikTok Events API 2.0 for tests: POST /open_api/v1.3/event/track/ with the Access-Token
 * header, checked as TikTok checks it: the token must be the pixel's (`event_source_id`), the
 * source 'web', each event needs its name and a time no older than 7 days and not in the future,
 * its `user.email` and `user.phone` hashed, and a CompletePayment its value and currency. Like
 * TikTok it answers HTTP 200 with `{ code, message, request_id, data }`, `code` 0 for success and
 * TikTok's own codes for refusals. See README.md in this folder.
 */

export interface TiktokEventsStandIn extends ConversionStandIn {
  addPixel(pixel: { pixelCode: string; accessToken: string }): void;
}

class TiktokError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new TiktokError(40002, message);

function checkEvent(event: unknown, i: number): void {
  const at = `data[${i}]`;
  if (!isObject(event)) throw invalid(`${at} must be an object.`);
  if (typeof event.event !== 'string' || event.event === '') throw invalid(`${at}.event: Missing data for required field.`);
  const time = eventTimeProblem(event.event_time, 7 * DAY_SECONDS);
  if (time) throw invalid(`${at}.event_time ${time}.`);
  if (event.event_id !== undefined && typeof event.event_id !== 'string') throw invalid(`${at}.event_id must be a string.`);
  const user = event.user;
  if (!isObject(user)) throw invalid(`${at}.user: Missing data for required field.`);
  for (const key of ['email', 'phone', 'external_id']) {
    const value = user[key];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(isSha256Hex)) throw invalid(`${at}.user.${key} must be SHA-256 hashed.`);
  }
  if (event.page !== undefined && (!isObject(event.page) || typeof event.page.url !== 'string'))
    throw invalid(`${at}.page.url must be a string.`);
  if (event.event === 'CompletePayment') {
    const properties = event.properties;
    if (
      !isObject(properties) ||
      typeof properties.value !== 'number' ||
      typeof properties.currency !== 'string' ||
      !/^[A-Z]{3}$/.test(properties.currency)
    )
      throw invalid(`${at}.properties needs a numeric value and a currency for CompletePayment.`);
  }
}

export async function startTiktokEventsStandIn({ port = 0 }: { port?: number } = {}): Promise<TiktokEventsStandIn> {
  const tokens = new Map<string, string>();
  const received: ReceivedConversion[] = [];
  const addPixel = ({ pixelCode, accessToken }: { pixelCode: string; accessToken: string }) =>
    void tokens.set(pixelCode, accessToken);
  const requestId = () => randomString(32, '0123456789ABCDEF');
  const controls = new Router<PageHandler>().on('POST', '/_test/pixels', ({ res, rawBody }) => {
    const body = parseJsonBody(rawBody);
    addPixel({
      pixelCode: requiredText(body.pixelCode, 'pixelCode'),
      accessToken: requiredText(body.accessToken, 'accessToken'),
    });
    sendJson(res, 201, { ok: true });
  });

  const server = await serveConversionStandIn(
    port,
    {
      isApi: (pathname) => pathname.startsWith('/open_api/'),
      failureBody: () => ({ code: 50000, message: 'System error', request_id: requestId(), data: {} }),
      controls,
      api: ({ req, res, url, body }) => {
        try {
          if (req.method !== 'POST' || url.pathname !== '/open_api/v1.3/event/track/')
            return sendJson(res, 404, { code: 40400, message: 'Not found', request_id: requestId(), data: {} });
          const token = headerValue(req, 'access-token');
          if (!token) throw new TiktokError(40104, 'Access token is null, please check your access token.');
          if (![...tokens.values()].includes(token))
            throw new TiktokError(40105, 'Access token is incorrect or has been revoked.');
          if (!isObject(body)) throw invalid('The request body must be JSON.');
          if (body.event_source !== 'web') throw invalid('event_source: Must be one of: web, app, offline, crm.');
          const pixelCode = body.event_source_id;
          if (typeof pixelCode !== 'string' || pixelCode === '')
            throw invalid('event_source_id: Missing data for required field.');
          if (tokens.get(pixelCode) !== token) throw new TiktokError(40001, `No permission to operate pixel code: ${pixelCode}.`);
          const data = body.data;
          if (!Array.isArray(data) || data.length === 0 || data.length > 1000) throw invalid('data: Must have 1 to 1000 events.');
          data.forEach(checkEvent);
          const testEventCode = typeof body.test_event_code === 'string' ? body.test_event_code : null;
          const receivedAt = new Date().toISOString();
          for (const event of data as Record<string, unknown>[])
            received.push({ accountId: pixelCode, testEventCode, event, counted: true, receivedAt });
          sendJson(res, 200, { code: 0, message: 'OK', request_id: requestId(), data: {} });
        } catch (error) {
          if (!(error instanceof TiktokError)) throw error;
          sendJson(res, 200, { code: error.code, message: error.message, request_id: requestId(), data: {} });
        }
      },
    },
    received,
  );
  return { ...server, addPixel };
}
