import { z } from 'zod';
import {
  CONVERSION_DESTINATIONS,
  type ConversionDestination,
  type ConversionEvent,
  type ConversionSendStatus,
} from './conversions';

/**
 * Conversions sent from the server (docs/decisions/0088): the workspace connects Meta's Conversions
 * API, GA4's Measurement Protocol and TikTok's Events API; each confirmed lead and completed payment
 * of a visitor who accepted marketing is then sent to each, with the browser pixel's event id.
 *
 * Owner API (APP_URL, session cookie; non-GET needs Origin = APP_URL; writes need manageIntegrations):
 *   GET    /api/conversions                         -> ConversionSettings
 *   PUT    /api/conversions/meta     body MetaConnect   -> ConversionSettings
 *   PUT    /api/conversions/google   body GoogleConnect -> ConversionSettings
 *   PUT    /api/conversions/tiktok   body TiktokConnect -> ConversionSettings
 *   DELETE /api/conversions/:destination               -> ConversionSettings
 *   POST   /api/conversions/:destination/test  body ConversionTestBody -> ConversionTestResult
 *   GET    /api/conversions/:destination/sends         -> ConversionSendList (newest first)
 *   POST   /api/conversions/sends/:id/replay           -> ConversionSendView (202)
 *
 * Errors: VALIDATION_ERROR (400), NOT_FOUND (404: not connected, or another workspace's send),
 * PROVIDER_UNAVAILABLE (502: a test event that did not reach the platform).
 */

/** Sends per destination in the owner's log. */
export const CONVERSION_LOG_SIZE = 50;

export const conversionDestinationParamsSchema = z.object({ destination: z.enum(CONVERSION_DESTINATIONS) });

const secret = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .min(16, `This is too short for a ${what}`)
    .max(1000, `This is too long for a ${what}`)
    .regex(/^\S+$/, `A ${what} has no spaces`);

/** Meta and TikTok show a code such as TEST12345 in their test-events tools. */
const testEventCode = z
  .string()
  .trim()
  .max(50, 'Keep the test event code under 50 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'A test event code has only letters and digits, like TEST12345')
  .transform((code) => (code === '' ? null : code));

export const metaConnectSchema = z.strictObject({
  pixelId: z
    .string({ error: 'Enter your pixel (dataset) ID' })
    .trim()
    .regex(/^\d{5,20}$/, 'A Meta pixel ID is a number, like 123456789012345'),
  accessToken: secret('Conversions API access token'),
  testEventCode: testEventCode.default(null),
});
export type MetaConnect = z.input<typeof metaConnectSchema>;

export const googleConnectSchema = z.strictObject({
  measurementId: z
    .string({ error: 'Enter your measurement ID' })
    .trim()
    .toUpperCase()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'A GA4 measurement ID looks like G-ABC123XYZ'),
  apiSecret: z
    .string({ error: 'Enter the Measurement Protocol API secret' })
    .trim()
    .min(1, 'Enter the Measurement Protocol API secret')
    .min(8, 'This is too short for an API secret')
    .max(200, 'This is too long for an API secret')
    .regex(/^[A-Za-z0-9_-]+$/, 'An API secret has only letters, digits, - and _'),
});
export type GoogleConnect = z.input<typeof googleConnectSchema>;

export const tiktokConnectSchema = z.strictObject({
  pixelCode: z
    .string({ error: 'Enter your pixel code' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10,32}$/, 'A TikTok pixel code has letters and digits, like C4ABCDEFGHIJ1234KLMN'),
  accessToken: secret('Events API access token'),
  testEventCode: testEventCode.default(null),
});
export type TiktokConnect = z.input<typeof tiktokConnectSchema>;

/** What the owner sees of a connection: the public id, the last characters of the secret, never the secret. */
export interface ConversionConnection {
  /** The pixel ID (Meta), measurement ID (GA4) or pixel code (TikTok). */
  accountId: string;
  maskedCredential: string;
  /** Meta and TikTok: the code "Send test event" uses; null when none was given (GA4 has none). */
  testEventCode: string | null;
  connectedAt: string;
}

export type ConversionSettings = Record<ConversionDestination, ConversionConnection | null>;

/** Only the last 4 characters of a token or secret leave the server. */
export const maskCredential = (credential: string) => `…${credential.slice(-4)}`;

export const conversionTestBodySchema = z.strictObject({
  /** Overrides the stored test event code for this one test (Meta, TikTok). */
  testEventCode: testEventCode.optional(),
});
export type ConversionTestBody = z.input<typeof conversionTestBodySchema>;

/** One message of GA4's validation server (/debug/mp/collect). */
export interface Ga4ValidationMessage {
  fieldPath: string;
  description: string;
  validationCode: string;
}

/** The platform's answer to a test event, in its own words. */
export interface ConversionTestResult {
  ok: boolean;
  /** The platform's HTTP status; null when it could not be reached. */
  status: number | null;
  message: string;
  eventId: string;
  /** GA4 only: what its validation server found wrong (empty when the event is valid). */
  validationMessages: Ga4ValidationMessage[];
}

/** One event sent (or waiting, or refused) to one destination, as the owner's log shows it. */
export interface ConversionSendView {
  id: string;
  destination: ConversionDestination;
  event: ConversionEvent;
  eventId: string;
  status: ConversionSendStatus;
  attempts: number;
  formId: string;
  formName: string;
  leadId: string;
  /** The platform's HTTP status to the last attempt; null before one, or when it could not be reached. */
  responseStatus: number | null;
  /** The platform's message when it refused the event, or why the last attempt failed. */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  updatedAt: string;
}

export interface ConversionSendList {
  sends: ConversionSendView[];
}

/** What the platforms call our two events. */
export const CONVERSION_EVENT_NAMES: Record<ConversionDestination, Record<ConversionEvent, string>> = {
  meta: { lead: 'Lead', purchase: 'Purchase' },
  google: { lead: 'generate_lead', purchase: 'purchase' },
  tiktok: { lead: 'SubmitForm', purchase: 'CompletePayment' },
};

export const CONVERSION_EVENT_LABELS: Record<ConversionEvent, string> = { lead: 'Lead', purchase: 'Purchase' };

/** A page's sends to one destination, by status (the page's analytics). */
export interface ConversionCounts {
  destination: ConversionDestination;
  sent: number;
  failed: number;
  pending: number;
}
