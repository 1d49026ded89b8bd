import { createHmac, hash } from 'node:crypto';
import { abTestOn } from '@/domain/ab-test';
import type { AbVariant } from '@/domain/ab-variants';
import type { FormConfig } from '@/domain/form-config';
import { ipBucket } from '@/server/lib/rate-limiter';

/** What assigning a visitor needs of a live page: all of it in the page's cached lookup, no database read. */
export interface PageUnderTest {
  id: string;
  config: FormConfig;
  /** When the page's current test started (ms since the epoch); null or absent: no test has started. */
  abTestStartedAt?: number | null;
}

/** Whether the page runs an A/B test now: switched on in what is published, and started. */
export const testRunning = (page: PageUnderTest): boolean => page.abTestStartedAt != null && abTestOn(page.config);

/**
 * Which variant of a page a visitor sees (decision 0051), the same on every view and every server
 * without a cookie and without storing anything: a keyed hash (SHA-256 of a key derived from SECRET
 * and the message) of the page, the test's start, the visitor's network (IPv4 address, IPv6 /64) and
 * user agent, read as a number from 0 to 99; below the split is B. Nothing of it is kept: the view
 * and the lead record only the letter. Null when the page runs no test.
 *
 * The hash only has to be unpredictable without SECRET, not to authenticate anything, so one
 * SHA-256 over key and message does (a length extension forges nothing here), at half an HMAC's cost
 * on the fast path.
 */
export function createVariantAssigner(secret: string) {
  // A key of its own: these hashes match no other use of SECRET (signed links, consent evidence).
  const key = createHmac('sha256', secret).update('lodestone ab-test assignment v1').digest('hex');
  return (page: PageUnderTest, ip: string, userAgent: string): AbVariant | null => {
    if (!testRunning(page)) return null;
    const network = ip.includes(':') ? ipBucket(ip) : ip;
    const digest = hash('sha256', `${key}|${page.id}|${page.abTestStartedAt}|${network}|${userAgent}`, 'buffer');
    // 2^32 is not a multiple of 100: the bias is below one in forty million.
    return digest.readUInt32BE(0) % 100 < page.config.abTest.split ? 'b' : 'a';
  };
}

export type VariantAssigner = ReturnType<typeof createVariantAssigner>;
