import type { Ga4ValidationMessage } from '@/domain/conversions-api';
import { CONVERSION_EVENT_NAMES } from '@/domain/conversions-api';
import { derivedClientId, googleHashedEmail } from './hashing.js';
import { httpOutcome, type Platform, under } from './platforms.js';

/** GA4's validation server's answer, when it has one. */
export function validationMessages(body: unknown): Ga4ValidationMessage[] {
  const messages = (body as { validationMessages?: unknown } | undefined)?.validationMessages;
  if (!Array.isArray(messages)) return [];
  return messages.map((m: Record<string, unknown>) => ({
    fieldPath: String(m.fieldPath ?? ''),
    description: String(m.description ?? ''),
    validationCode: String(m.validationCode ?? ''),
  }));
}

/**
 * GA4's Measurement Protocol: POST /mp/collect?measurement_id&api_secret. The event joins the
 * visitor's session in GA4 by its client id (the _ga cookie's, else one made from the lead). The
 * reference takes the network address (`ip_override`) but no raw user agent (only a structured
 * `device`, which is not derived here). Collect answers 2xx to anything it receives, valid or not:
 * the test event goes to the validation server, whose messages tell what it would drop.
 */
export const googlePlatform: Platform = {
  prepare: ({ event, eventId, eventTime, email, marketing, leadId, leadCreatedAt, purchase }) => ({
    client_id: marketing.gaClientId || derivedClientId(leadId, leadCreatedAt),
    timestamp_micros: eventTime.getTime() * 1000,
    events: [
      {
        name: CONVERSION_EVENT_NAMES.google[event],
        params: {
          event_id: eventId,
          ...(purchase ? { transaction_id: purchase.paymentId, value: purchase.value, currency: purchase.currency } : {}),
          engagement_time_msec: 1,
        },
      },
    ],
    user_data: { sha256_email_address: [googleHashedEmail(email)] },
    ip_override: marketing.ip,
  }),
  request: (base, { accountId, credential }, body, test) => {
    const url = under(base, test ? '/debug/mp/collect' : '/mp/collect');
    url.searchParams.set('measurement_id', accountId);
    url.searchParams.set('api_secret', credential);
    return { url, headers: {}, body: test ? { ...body, validation_behavior: 'ENFORCE_RECOMMENDATIONS' } : body };
  },
  outcome: (answer) =>
    httpOutcome(answer, (body, status) => {
      const messages = validationMessages(body);
      if (messages.length > 0) return messages.map((m) => m.description).join(' ');
      return status >= 200 && status < 300 ? 'Google Analytics received the event.' : `HTTP ${status}`;
    }),
};
