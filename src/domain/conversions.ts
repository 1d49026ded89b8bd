/**
 * Where a workspace's conversions are sent from the server (docs/decisions/0088): Meta's Conversions
 * API, Google Analytics 4's Measurement Protocol and TikTok's Events API.
 */
export const CONVERSION_DESTINATIONS = ['meta', 'google', 'tiktok'] as const;
export type ConversionDestination = (typeof CONVERSION_DESTINATIONS)[number];

export const CONVERSION_DESTINATION_NAMES: Record<ConversionDestination, string> = {
  meta: 'Meta',
  google: 'Google Analytics 4',
  tiktok: 'TikTok',
};

/** How a visitor's consent notice names each platform. */
export const CONVERSION_PLATFORM_NAMES: Record<ConversionDestination, string> = {
  meta: 'Meta',
  google: 'Google',
  tiktok: 'TikTok',
};

/** What is sent: a confirmed lead, a completed payment. */
export const CONVERSION_EVENTS = ['lead', 'purchase'] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

export const CONVERSION_SEND_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ConversionSendStatus = (typeof CONVERSION_SEND_STATUSES)[number];

/**
 * What a visitor who accepted marketing on the page's consent notice left with their sign-up: the
 * event id their browser's pixel fired, the platforms' own browser ids, and who they were to the
 * network. Kept on the lead (the latest sign-up's; none when it declined), erased with it.
 */
export interface MarketingContext {
  /** The id the browser pixel's Lead carried; the server's Lead carries the same, so it counts once. */
  eventId: string;
  /** When the sign-up was made (ISO 8601). */
  at: string;
  ip: string;
  userAgent: string;
  /** The page's address as the visitor had it. */
  pageUrl: string;
  /** Meta's _fbp and _fbc cookies, when the pixel set them. */
  fbp?: string;
  fbc?: string;
  /** GA4's client id (from the _ga cookie), when gtag set it. */
  gaClientId?: string;
  /** TikTok's click id (ttclid) and _ttp cookie, when there were any. */
  ttclid?: string;
  ttp?: string;
}

/** What a page's form posts when its visitor accepted marketing (the consent notice's loader adds it). */
export interface PostedMarketing {
  /** The consent notice's scope the visitor accepted: consent covers exactly what the page named. */
  scope: string;
  eventId: string;
  fbp?: string;
  fbc?: string;
  gaClientId?: string;
  ttp?: string;
}

const EVENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const BROWSER_ID = /^[A-Za-z0-9._-]{1,200}$/;
const GA_CLIENT_ID = /^\d{1,20}\.\d{1,20}$/;

/**
 * The marketing consent a form posted, or null when it posted none (declined, no JavaScript, no
 * notice). A value not of its kind's shape is left out: a browser id is a hint, never trusted input.
 */
export function postedMarketing(
  body: Record<string, unknown>,
  names: { marketing: string; eventId: string; fbp: string; fbc: string; gaClientId: string; ttp: string },
): PostedMarketing | null {
  const read = (name: string, shape: RegExp) => {
    const value = body[name];
    return typeof value === 'string' && shape.test(value) ? value : undefined;
  };
  const scope = read(names.marketing, /^[A-Za-z0-9_-]{1,64}$/);
  const eventId = read(names.eventId, EVENT_ID);
  if (!scope || !eventId) return null;
  const fbp = read(names.fbp, BROWSER_ID);
  const fbc = read(names.fbc, BROWSER_ID);
  const gaClientId = read(names.gaClientId, GA_CLIENT_ID);
  const ttp = read(names.ttp, BROWSER_ID);
  return {
    scope,
    eventId,
    ...(fbp ? { fbp } : {}),
    ...(fbc ? { fbc } : {}),
    ...(gaClientId ? { gaClientId } : {}),
    ...(ttp ? { ttp } : {}),
  };
}
