import type { ConversionDestination, ConversionEvent, MarketingContext } from '@/domain/conversions';
import type { PlatformAnswer } from './platform-http.js';

/**
 * The versions of the platforms' APIs Lodestone speaks, pinned in one place: a new one is a
 * deliberate change (its payload checked against the platform's reference and the stand-ins).
 */
export const META_GRAPH_VERSION = 'v21.0';
export const TIKTOK_API_VERSION = 'v1.3';

/** What one conversion says, before it is put in a platform's words. */
export interface ConversionFacts {
  event: ConversionEvent;
  eventId: string;
  /** When it happened: the lead's confirmation, the payment's. */
  eventTime: Date;
  email: string;
  marketing: MarketingContext;
  leadId: string;
  leadCreatedAt: Date;
  /** A purchase's payment: its id, the amount as a decimal in its currency. */
  purchase: { paymentId: string; value: number; currency: string } | null;
}

/** A workspace's connection, its credential opened. */
export interface Connection {
  /** Pixel id, measurement id or pixel code. */
  accountId: string;
  credential: string;
}

export interface PlatformRequest {
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** sent: the platform took it; retry: it may take it later (5xx, rate limits, no answer); refused: it never will. */
export type SendOutcome =
  { kind: 'sent'; status: number; message: string } | { kind: 'retry' | 'refused'; status: number | null; message: string };

export interface Platform {
  /** The body of one event without the credential: what conversion_sends.body keeps, so a replay sends the same. */
  prepare(facts: ConversionFacts): Record<string, unknown>;
  /**
   * The POST of a prepared body with the connection's ids and credential. `test` sends it where the
   * platform shows test events instead of counting them (Meta and TikTok: with the test event code;
   * GA4: to its validation server).
   */
  request(base: URL, connection: Connection, body: Record<string, unknown>, test?: { code: string | null }): PlatformRequest;
  outcome(answer: PlatformAnswer): SendOutcome;
}

/** `path` under the configured host, whatever path the host's URL already has. */
export const under = (base: URL, path: string) => new URL(`${base.href.replace(/\/+$/, '')}${path}`);

/** The common reading of an HTTP answer: 2xx taken, 429 and 5xx retried, other 4xx refused. */
export function httpOutcome(answer: PlatformAnswer, message: (body: unknown, status: number) => string): SendOutcome {
  if (!answer.reached) return { kind: 'retry', status: null, message: answer.error };
  const { status, body } = answer;
  const text = message(body, status).trim() || `HTTP ${status}`;
  if (status >= 200 && status < 300) return { kind: 'sent', status, message: text };
  return { kind: status === 429 || status >= 500 ? 'retry' : 'refused', status, message: text };
}

export type Platforms = Record<ConversionDestination, Platform>;
