import { CONVERSION_EVENT_NAMES } from '@/domain/conversions-api';
import { hashedEmail } from './hashing.js';
import { httpOutcome, META_GRAPH_VERSION, type Platform, under } from './platforms.js';

interface MetaError {
  message?: string;
  code?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
}

/** Graph API codes that mean "later": unknown, temporarily unavailable, and the rate limits. */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

const errorOf = (body: unknown) => (body as { error?: MetaError } | undefined)?.error;

function metaMessage(body: unknown, status: number): string {
  const error = errorOf(body);
  if (error) {
    const text = [error.error_user_title, error.error_user_msg || error.message].filter(Boolean).join(': ');
    return error.code !== undefined ? `${text} (code ${error.code})` : text;
  }
  const received = (body as { events_received?: unknown } | undefined)?.events_received;
  return typeof received === 'number' ? `Meta received ${received} event${received === 1 ? '' : 's'}.` : `HTTP ${status}`;
}

/**
 * Meta's Conversions API: POST /{version}/{pixel id}/events with the access token, one event in
 * `data`, its user data hashed where Meta asks for hashes (the address) and plain where it asks
 * for plain (the network address, the browser, the _fbp and _fbc cookies).
 */
export const metaPlatform: Platform = {
  prepare: ({ event, eventId, eventTime, email, marketing, purchase }) => ({
    data: [
      {
        event_name: CONVERSION_EVENT_NAMES.meta[event],
        event_time: Math.floor(eventTime.getTime() / 1000),
        event_id: eventId,
        action_source: 'website',
        event_source_url: marketing.pageUrl,
        user_data: {
          em: [hashedEmail(email)],
          client_ip_address: marketing.ip,
          client_user_agent: marketing.userAgent,
          ...(marketing.fbp ? { fbp: marketing.fbp } : {}),
          ...(marketing.fbc ? { fbc: marketing.fbc } : {}),
        },
        ...(purchase ? { custom_data: { value: purchase.value, currency: purchase.currency } } : {}),
      },
    ],
  }),
  // The token goes in the body, not the query string: addresses end up in logs, bodies do not.
  request: (base, { accountId, credential }, body, test) => ({
    url: under(base, `/${META_GRAPH_VERSION}/${encodeURIComponent(accountId)}/events`),
    headers: {},
    body: { ...body, ...(test?.code ? { test_event_code: test.code } : {}), access_token: credential },
  }),
  outcome: (answer) => {
    const outcome = httpOutcome(answer, metaMessage);
    // Meta answers its rate limits and outages with a 400 that says so.
    if (outcome.kind === 'refused' && answer.reached) {
      const error = errorOf(answer.body);
      if (error?.is_transient === true || (error?.code !== undefined && TRANSIENT_CODES.has(error.code)))
        return { ...outcome, kind: 'retry' };
    }
    return outcome;
  },
};
