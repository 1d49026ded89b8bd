import { parseJsonBody, type PageHandler, Router, sendJson } from './http.js';
import {
  type ConversionStandIn,
  DAY_SECONDS,
  isObject,
  isSha256Hex,
  type ReceivedConversion,
  requiredText,
  serveConversionStandIn,
} from './conversion-checks.js';

/**
 * A local GA4 Measurement Protocol for tests. POST /mp/collect?measurement_id&api_secret answers
 * 204 whatever it gets, as GA4 does, and records each event with `counted: false` when GA4 would
 * drop it silently (a secret that is not the stream's, an invalid payload). POST /debug/mp/collect,
 * the validation server, answers 200 `{ validationMessages: [{ fieldPath, description,
 * validationCode }] }` for the payload and records nothing; like GA4's, it does not judge the
 * secret. See README.md in this folder.
 */

export interface Ga4MpStandIn extends ConversionStandIn {
  addStream(stream: { measurementId: string; apiSecret: string }): void;
}

interface ValidationMessage {
  fieldPath: string;
  description: string;
  validationCode: 'VALUE_INVALID' | 'VALUE_REQUIRED' | 'NAME_INVALID' | 'NAME_RESERVED' | 'EXCEEDED_MAX_ENTITIES';
}

const RESERVED_NAMES = new Set([
  'ad_activeview',
  'ad_click',
  'ad_exposure',
  'ad_query',
  'ad_reward',
  'adunit_exposure',
  'app_clear_data',
  'app_exception',
  'app_install',
  'app_remove',
  'app_store_refund',
  'app_update',
  'app_upgrade',
  'dynamic_link_app_open',
  'dynamic_link_app_update',
  'dynamic_link_first_open',
  'error',
  'first_open',
  'first_visit',
  'in_app_purchase',
  'notification_dismiss',
  'notification_foreground',
  'notification_open',
  'notification_receive',
  'notification_send',
  'os_update',
  'session_start',
  'user_engagement',
]);
const RESERVED_PREFIXES = ['_', 'firebase_', 'ga_', 'google_', 'gtag.'];
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** GA4 takes events backdated up to 72 hours. */
const MAX_AGE_MICROS = 3 * DAY_SECONDS * 1_000_000;

/** What GA4's validation server says of a payload: nothing when it is valid. */
export function validatePayload(body: unknown, now = Date.now()): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  const add = (fieldPath: string, description: string, validationCode: ValidationMessage['validationCode']) =>
    messages.push({ fieldPath, description, validationCode });
  if (!isObject(body)) {
    add('', 'Unable to parse the request body as JSON.', 'VALUE_INVALID');
    return messages;
  }
  if (typeof body.client_id !== 'string' || body.client_id === '')
    add('client_id', 'client_id is required for a web stream.', 'VALUE_REQUIRED');
  if (body.timestamp_micros !== undefined) {
    const micros = Number(body.timestamp_micros);
    if (!Number.isFinite(micros)) add('timestamp_micros', 'timestamp_micros must be a number.', 'VALUE_INVALID');
    else if (micros > now * 1000 + 60_000_000) add('timestamp_micros', 'timestamp_micros is in the future.', 'VALUE_INVALID');
    else if (micros < now * 1000 - MAX_AGE_MICROS)
      add('timestamp_micros', 'timestamp_micros is more than 72 hours in the past.', 'VALUE_INVALID');
  }
  if (body.ip_override !== undefined && typeof body.ip_override !== 'string')
    add('ip_override', 'ip_override must be a string.', 'VALUE_INVALID');
  if (body.user_data !== undefined) {
    const userData = body.user_data;
    if (!isObject(userData)) add('user_data', 'user_data must be an object.', 'VALUE_INVALID');
    else {
      const emails = userData.sha256_email_address;
      if (emails !== undefined && (!Array.isArray(emails) || !emails.every(isSha256Hex)))
        add('user_data.sha256_email_address', 'sha256_email_address must be SHA-256 hashes in hex.', 'VALUE_INVALID');
    }
  }
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0) {
    add('events', 'events is required and must have at least one event.', 'VALUE_REQUIRED');
    return messages;
  }
  if (events.length > 25) add('events', 'A request can have at most 25 events.', 'EXCEEDED_MAX_ENTITIES');
  events.forEach((event, i) => {
    const at = `events[${i}]`;
    if (!isObject(event) || typeof event.name !== 'string') return add(`${at}.name`, 'An event needs a name.', 'VALUE_REQUIRED');
    const name = event.name;
    if (!EVENT_NAME.test(name)) add(`${at}.name`, `Event name ${name} is invalid.`, 'NAME_INVALID');
    else if (RESERVED_NAMES.has(name) || RESERVED_PREFIXES.some((p) => name.startsWith(p)))
      add(`${at}.name`, `Event name ${name} is reserved.`, 'NAME_RESERVED');
    if (event.params !== undefined && !isObject(event.params)) add(`${at}.params`, 'params must be an object.', 'VALUE_INVALID');
    const params = isObject(event.params) ? event.params : {};
    if (event.name === 'purchase') {
      if (typeof params.transaction_id !== 'string' || params.transaction_id === '')
        add(`${at}.params.transaction_id`, 'A purchase needs a transaction_id.', 'VALUE_REQUIRED');
      if (params.value !== undefined && typeof params.value !== 'number')
        add(`${at}.params.value`, 'value must be a number.', 'VALUE_INVALID');
      if (params.value !== undefined && (typeof params.currency !== 'string' || !/^[A-Z]{3}$/.test(params.currency)))
        add(`${at}.params.currency`, 'A purchase with a value needs a 3-letter currency.', 'VALUE_REQUIRED');
    }
  });
  return messages;
}

export async function startGa4MpStandIn({ port = 0 }: { port?: number } = {}): Promise<Ga4MpStandIn> {
  const secrets = new Map<string, string>();
  const received: ReceivedConversion[] = [];
  const addStream = ({ measurementId, apiSecret }: { measurementId: string; apiSecret: string }) =>
    void secrets.set(measurementId, apiSecret);
  const controls = new Router<PageHandler>().on('POST', '/_test/streams', ({ res, rawBody }) => {
    const body = parseJsonBody(rawBody);
    addStream({
      measurementId: requiredText(body.measurementId, 'measurementId'),
      apiSecret: requiredText(body.apiSecret, 'apiSecret'),
    });
    sendJson(res, 201, { ok: true });
  });

  const server = await serveConversionStandIn(
    port,
    {
      isApi: (pathname) => pathname === '/mp/collect' || pathname === '/debug/mp/collect',
      failureBody: () => ({}),
      controls,
      api: ({ req, res, url, body }) => {
        if (req.method !== 'POST') return sendJson(res, 405, {});
        const messages = validatePayload(body);
        if (url.pathname === '/debug/mp/collect') return sendJson(res, 200, { validationMessages: messages });
        const measurementId = url.searchParams.get('measurement_id') ?? '';
        const secretOk = secrets.get(measurementId) === url.searchParams.get('api_secret');
        const { events = [], ...request } = isObject(body) ? body : {};
        const receivedAt = new Date().toISOString();
        for (const event of Array.isArray(events) ? (events as unknown[]) : []) {
          received.push({
            accountId: measurementId,
            testEventCode: null,
            // The request's other fields with each event, as GA4 joins them.
            event: { ...request, event },
            counted: secretOk && messages.length === 0,
            receivedAt,
          });
        }
        res.writeHead(204);
        res.end();
      },
    },
    received,
  );
  return { ...server, addStream };
}
