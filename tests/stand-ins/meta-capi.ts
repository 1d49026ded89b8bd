import { parseJsonBody, type PageHandler, randomString, Router, sendJson } from './http.js';
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
 * A local Meta Conversions API for tests: POST /{version}/{pixel_id}/events with the access token
 * (in the body or the query), checked as Meta checks it: the token must be the pixel's, every event
 * needs its name, a time no older than 7 days and not in the future, an action source, for a
 * website event its URL and user agent, user data whose `em` is hashed, and a Purchase its value
 * and currency. Errors are Graph API errors `{ error: { message, type, code, error_subcode?,
 * error_user_title?, error_user_msg?, fbtrace_id } }` with HTTP 400. See README.md in this folder.
 */

export interface MetaCapiStandIn extends ConversionStandIn {
  addPixel(pixel: { pixelId: string; accessToken: string }): void;
}

const ACTION_SOURCES = new Set([
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
]);
const HASHED_KEYS = ['em', 'ph', 'fn', 'ln', 'ge', 'db', 'ct', 'st', 'zp', 'country', 'external_id'];
const MATCH_KEYS = [...HASHED_KEYS, 'client_ip_address', 'fbp', 'fbc', 'fb_login_id', 'lead_id'];

class GraphError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: { error_subcode?: number; error_user_title?: string; error_user_msg?: string; type?: string } = {},
  ) {
    super(message);
  }
}

const invalid = (title: string, detail: string, subcode = 2804019) =>
  new GraphError(100, 'Invalid parameter', { error_subcode: subcode, error_user_title: title, error_user_msg: detail });

function checkEvent(event: unknown, i: number): void {
  const at = `data[${i}]`;
  if (!isObject(event)) throw invalid('Invalid event', `${at} must be an object.`);
  if (typeof event.event_name !== 'string' || event.event_name === '')
    throw invalid('Missing event name', `${at}.event_name is required.`);
  const time = eventTimeProblem(event.event_time, 7 * DAY_SECONDS);
  if (time)
    throw invalid(
      time.includes('old') ? 'Event Timestamp Too Old' : 'Invalid event time',
      `${at}.event_time ${time}.`,
      time.includes('old') ? 2804003 : 2804004,
    );
  if (typeof event.action_source !== 'string' || !ACTION_SOURCES.has(event.action_source))
    throw invalid('Invalid action source', `${at}.action_source must be one of ${[...ACTION_SOURCES].join(', ')}.`);
  if (event.event_id !== undefined && typeof event.event_id !== 'string')
    throw invalid('Invalid event id', `${at}.event_id must be a string.`);
  const user = event.user_data;
  if (!isObject(user)) throw invalid('Missing user data', `${at}.user_data is required.`);
  if (event.action_source === 'website') {
    if (typeof event.event_source_url !== 'string' || !/^https?:\/\//.test(event.event_source_url))
      throw invalid('Missing event source URL', `${at}.event_source_url is required for website events.`);
    if (typeof user.client_user_agent !== 'string' || user.client_user_agent === '')
      throw invalid('Missing user agent', `${at}.user_data.client_user_agent is required for website events.`);
  }
  for (const key of HASHED_KEYS) {
    const value = user[key];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(isSha256Hex))
      throw invalid('Unhashed user data', `${at}.user_data.${key} must be SHA-256 hashes (64 lowercase hexadecimal characters).`);
  }
  if (!MATCH_KEYS.some((key) => user[key] !== undefined))
    throw invalid('Not enough user data', `${at}.user_data has no customer information parameter to match with.`);
  if (event.event_name === 'Purchase') {
    const custom = event.custom_data;
    if (
      !isObject(custom) ||
      typeof custom.value !== 'number' ||
      typeof custom.currency !== 'string' ||
      !/^[A-Za-z]{3}$/.test(custom.currency)
    )
      throw invalid('Missing value or currency', `${at}.custom_data needs a numeric value and a 3-letter currency for Purchase.`);
  }
}

export async function startMetaCapiStandIn({ port = 0 }: { port?: number } = {}): Promise<MetaCapiStandIn> {
  const tokens = new Map<string, string>();
  const received: ReceivedConversion[] = [];
  const addPixel = ({ pixelId, accessToken }: { pixelId: string; accessToken: string }) => void tokens.set(pixelId, accessToken);
  const fbtrace = () => randomString(11);
  const controls = new Router<PageHandler>().on('POST', '/_test/pixels', ({ res, rawBody }) => {
    const body = parseJsonBody(rawBody);
    addPixel({ pixelId: requiredText(body.pixelId, 'pixelId'), accessToken: requiredText(body.accessToken, 'accessToken') });
    sendJson(res, 201, { ok: true });
  });

  const server = await serveConversionStandIn(
    port,
    {
      isApi: (pathname) => /^\/v\d+\.\d+\//.test(pathname),
      failureBody: () => ({
        error: {
          message: 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          code: 2,
          is_transient: true,
          fbtrace_id: fbtrace(),
        },
      }),
      controls,
      api: ({ req, res, url, body }) => {
        try {
          const match = /^\/v\d+\.\d+\/([^/]+)\/events$/.exec(url.pathname);
          if (req.method !== 'POST' || !match)
            throw new GraphError(100, 'Unknown path components: ' + url.pathname, { type: 'OAuthException' });
          const pixelId = decodeURIComponent(match[1]!);
          const params = isObject(body) ? body : {};
          const token = (typeof params.access_token === 'string' && params.access_token) || url.searchParams.get('access_token');
          if (!token)
            throw new GraphError(104, 'An access token is required to request this resource.', { type: 'OAuthException' });
          if (![...tokens.values()].includes(token))
            throw new GraphError(190, 'Invalid OAuth access token - Cannot parse access token', { type: 'OAuthException' });
          if (tokens.get(pixelId) !== token)
            throw new GraphError(
              100,
              `Unsupported post request. Object with ID '${pixelId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
              { error_subcode: 33, type: 'GraphMethodException' },
            );
          const data = params.data;
          if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
            throw invalid('Invalid data', 'data must be an array of 1 to 1000 events.');
          data.forEach(checkEvent);
          const testEventCode = typeof params.test_event_code === 'string' ? params.test_event_code : null;
          const receivedAt = new Date().toISOString();
          for (const event of data as Record<string, unknown>[])
            received.push({ accountId: pixelId, testEventCode, event, counted: true, receivedAt });
          sendJson(res, 200, { events_received: data.length, messages: [], fbtrace_id: fbtrace() });
        } catch (error) {
          if (!(error instanceof GraphError)) throw error;
          const { type = 'OAuthException', ...extra } = error.extra;
          sendJson(res, 400, { error: { message: error.message, type, code: error.code, ...extra, fbtrace_id: fbtrace() } });
        }
      },
    },
    received,
  );
  return { ...server, addPixel };
}
