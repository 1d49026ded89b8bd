import { z } from 'zod';
import { EVENT_TYPES, type EventEnvelope, type EventType, TEST_EVENT_TYPE } from './events';

/**
 * Outbound webhooks (docs/decisions/0021): where a workspace's events go, and the log of their deliveries.
 * The owner API (session required, workspace-scoped; another workspace's ids are a 404):
 *
 *   GET    /api/webhooks/endpoints                    -> WebhookEndpoint[]
 *   POST   /api/webhooks/endpoints                    body WebhookEndpointBody -> WebhookEndpoint (201)
 *   GET    /api/webhooks/endpoints/:id                -> WebhookEndpoint
 *   PATCH  /api/webhooks/endpoints/:id                body WebhookEndpointPatch -> WebhookEndpoint
 *   DELETE /api/webhooks/endpoints/:id                -> 204
 *   GET    /api/webhooks/endpoints/:id/secret         -> WebhookSecret
 *   POST   /api/webhooks/endpoints/:id/rotate-secret  -> WebhookSecret (the old one signs too for 24 h)
 *   POST   /api/webhooks/endpoints/:id/enable|disable -> WebhookEndpoint
 *   POST   /api/webhooks/endpoints/:id/test           -> WebhookDelivery (202; a webhook.test event)
 *   GET    /api/webhooks/endpoints/:id/deliveries     ?cursor -> WebhookDeliveryList (newest first)
 *   GET    /api/webhooks/deliveries/:id               -> WebhookDeliveryDetail
 *   POST   /api/webhooks/deliveries/:id/replay        -> WebhookDelivery (202)
 *
 * Errors: VALIDATION_ERROR (400; `errors.url` says why an address is refused), NOT_FOUND (404),
 * BAD_REQUEST (400: a replay or test to a disabled endpoint).
 */

/** How long a rotated-out secret keeps signing beside the new one. */
export const SECRET_OVERLAP_HOURS = 24;
/** Failing this long without one success disables an endpoint. */
export const DISABLE_AFTER_FAILING_DAYS = 3;
/** Deliveries per page of an endpoint's log. */
export const DELIVERY_PAGE_SIZE = 25;
export const MAX_ENDPOINTS_PER_WORKSPACE = 20;

const url = z
  .string({ error: 'Enter the URL that receives the webhooks' })
  .trim()
  .min(1, 'Enter the URL that receives the webhooks')
  .max(2000, 'Keep the URL under 2,000 characters');
const description = z.string().trim().max(200, 'Keep the description under 200 characters');
const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: 'Unknown event type' }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((types) => [...new Set(types)]);
const formId = z.string().min(1, 'Choose a page').max(100).nullable();

export const webhookEndpointBodySchema = z.strictObject({
  url,
  description: description.default(''),
  eventTypes,
  formId: formId.default(null),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointPatchSchema = z.strictObject({
  url: url.optional(),
  description: description.optional(),
  eventTypes: eventTypes.optional(),
  formId: formId.optional(),
});
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;

export const deliveriesQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: EventType[];
  /** Only this page's events, or every page's when null. */
  formId: string | null;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
  /** The first failed attempt since the last success. */
  failingSince: string | null;
  createdAt: string;
}

export interface WebhookSecret {
  secret: string;
  /** After a rotation: until when the previous secret also signs. */
  previousSecretExpiresAt: string | null;
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  eventId: string;
  eventType: EventType | typeof TEST_EVENT_TYPE;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
}

export interface WebhookDeliveryList {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}

export interface WebhookAttempt {
  id: string;
  startedAt: string;
  trigger: 'retry' | 'replay';
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string;
  error: string | null;
}

export interface WebhookDeliveryDetail extends WebhookDelivery {
  /** Every HTTP attempt, newest first. */
  attemptLog: WebhookAttempt[];
  payload: EventEnvelope;
}
