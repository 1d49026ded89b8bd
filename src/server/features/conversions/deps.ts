import type { Db } from '@/server/db/client';
import { createSealer, type Sealer } from '@/server/lib/sealed';

/** What the conversions' use cases and tasks need. */
export interface ConversionDeps {
  db: Db;
  /** createSealer(config.secret, 'conversion-credentials'). */
  sealer: Sealer;
  /** META_GRAPH_URL, GA4_MP_URL, TIKTOK_API_URL: the platforms' hosts, their versioned paths added (platforms.ts). */
  metaGraphUrl: URL;
  ga4MpUrl: URL;
  tiktokApiUrl: URL;
  /** PUBLIC_URL's origin: the page a test event says it came from. */
  publicOrigin: string;
  /** Injectable so tests can move the clock. */
  now?: () => Date;
}

export const conversionDeps = (
  config: { secret: string; metaGraphUrl: URL; ga4MpUrl: URL; tiktokApiUrl: URL; publicUrl: URL },
  db: Db,
): ConversionDeps => ({
  db,
  sealer: createSealer(config.secret, 'conversion-credentials'),
  metaGraphUrl: config.metaGraphUrl,
  ga4MpUrl: config.ga4MpUrl,
  tiktokApiUrl: config.tiktokApiUrl,
  publicOrigin: config.publicUrl.origin,
});

/** What is sealed in conversion_accounts.sealed: Meta's and TikTok's access token, GA4's API secret. */
export interface SealedConversionCredential {
  credential: string;
}
