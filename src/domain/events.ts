/**
 * The events Lodestone sends out (webhooks, docs/webhooks): one name per thing that happened.
 * Every payload is versioned JSON: `{ type, timestamp, version, data }`; docs/webhooks lists `data`
 * per type. A new field may appear in a version; a field is never removed or renamed within it.
 */
export const EVENT_TYPES = [
  'lead.created',
  'lead.confirmed',
  'lead.erased',
  'payment.completed',
  'payment.refunded',
  'form.published',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What "send test event" sends: delivered only to the endpoint it was sent to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const EVENT_PAYLOAD_VERSION = 1;

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'lead.created': 'A visitor submitted a page (a new lead, before any double opt-in).',
  'lead.confirmed': 'A lead confirmed their email (or submitted a page without double opt-in).',
  'lead.erased': 'A lead was erased by a data-subject request: delete them in your systems too.',
  'payment.completed': 'A payment for a paid page was confirmed by Stripe or PayPal.',
  'payment.refunded': 'A payment was refunded.',
  'form.published': 'A page was published (or republished).',
};

/** The body of every event: what a webhook receives, signed per Standard Webhooks. */
export interface EventEnvelope<T = Record<string, unknown>> {
  type: EventType | typeof TEST_EVENT_TYPE;
  /** When it happened, ISO 8601 UTC. */
  timestamp: string;
  version: typeof EVENT_PAYLOAD_VERSION;
  data: T;
}
