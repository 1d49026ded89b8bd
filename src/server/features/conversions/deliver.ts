import type { ConversionDestination } from '@/domain/conversions';
import type { ConversionDeps } from './deps.js';
import { googlePlatform } from './google.js';
import { metaPlatform } from './meta.js';
import { type PlatformAnswer, postJson } from './platform-http.js';
import type { Connection, Platforms, SendOutcome } from './platforms.js';
import { tiktokPlatform } from './tiktok.js';

export const PLATFORMS: Platforms = { meta: metaPlatform, google: googlePlatform, tiktok: tiktokPlatform };

const baseUrl = (deps: ConversionDeps, destination: ConversionDestination) =>
  ({ meta: deps.metaGraphUrl, google: deps.ga4MpUrl, tiktok: deps.tiktokApiUrl })[destination];

/** POSTs a prepared body to the destination with the connection's credential; never throws. */
export async function deliver(
  deps: ConversionDeps,
  destination: ConversionDestination,
  connection: Connection,
  body: Record<string, unknown>,
  test?: { code: string | null },
): Promise<{ answer: PlatformAnswer; outcome: SendOutcome }> {
  const platform = PLATFORMS[destination];
  const request = platform.request(baseUrl(deps, destination), connection, body, test);
  const answer = await postJson(request.url, request.headers, request.body);
  return { answer, outcome: platform.outcome(answer) };
}
