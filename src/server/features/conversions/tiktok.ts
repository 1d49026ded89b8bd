import { CONVERSION_EVENT_NAMES } from '@/domain/conversions-api';
import { hashedEmail } from './hashing.js';
import { httpOutcome, type Platform, TIKTOK_API_VERSION, under } from './platforms.js';

/** TikTok's own "later" codes: rate limited, and its system errors (5xxxx). */
const RATE_LIMITED = 40100;
const SYSTEM_ERRORS = 50000;

const answerOf = (body: unknown) => body as { code?: unknown; message?: unknown } | undefined;

/**
 * TikTok's Events API 2.0: POST /open_api/{version}/event/track/ with the Access-Token header, the
 * pixel code as `event_source_id` and one event in `data`. TikTok answers HTTP 200 to most refusals
 * too: its `code` (0 for success) says what happened.
 */
export const tiktokPlatform: Platform = {
  prepare: ({ event, eventId, eventTime, email, marketing, purchase }) => ({
    event_source: 'web',
    data: [
      {
        event: CONVERSION_EVENT_NAMES.tiktok[event],
        event_time: Math.floor(eventTime.getTime() / 1000),
        event_id: eventId,
        user: {
          email: hashedEmail(email),
          ip: marketing.ip,
          user_agent: marketing.userAgent,
          ...(marketing.ttclid ? { ttclid: marketing.ttclid } : {}),
          ...(marketing.ttp ? { ttp: marketing.ttp } : {}),
        },
        page: { url: marketing.pageUrl },
        ...(purchase ? { properties: { value: purchase.value, currency: purchase.currency } } : {}),
      },
    ],
  }),
  request: (base, { accountId, credential }, { data, ...rest }, test) => ({
    url: under(base, `/open_api/${TIKTOK_API_VERSION}/event/track/`),
    headers: { 'access-token': credential },
    body: { ...rest, event_source_id: accountId, ...(test?.code ? { test_event_code: test.code } : {}), data },
  }),
  outcome: (answer) => {
    const outcome = httpOutcome(answer, (body, status) => {
      const message = answerOf(body)?.message;
      return typeof message === 'string' ? message : `HTTP ${status}`;
    });
    if (outcome.kind !== 'sent' || !answer.reached) return outcome;
    const code = answerOf(answer.body)?.code;
    if (code === 0) return { ...outcome, message: 'TikTok received the event.' };
    const numeric = typeof code === 'number' ? code : NaN;
    return {
      kind: numeric === RATE_LIMITED || numeric >= SYSTEM_ERRORS ? 'retry' : 'refused',
      status: outcome.status,
      message: `${outcome.message} (TikTok code ${String(code)})`,
    };
  },
};
