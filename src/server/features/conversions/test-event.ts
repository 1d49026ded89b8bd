import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@/domain/api-errors';
import { CONVERSION_DESTINATION_NAMES, type ConversionDestination } from '@/domain/conversions';
import type { ConversionTestResult } from '@/domain/conversions-api';
import { HttpError, validationError } from '@/server/lib/http-errors';
import { loadAccount, openConnection } from './accounts.js';
import { deliver, PLATFORMS } from './deliver.js';
import type { ConversionDeps } from './deps.js';
import { validationMessages } from './google.js';
import type { ConversionFacts } from './platforms.js';

/** The address a test event carries (hashed): a reserved domain, so it matches nobody. */
const TEST_ADDRESS = 'conversions-test@example.com';

/** Where the owner finds the test event once the platform took it. */
const WHERE_TO_LOOK: Record<ConversionDestination, (code: string | null) => string> = {
  meta: (code) => `Look for it in Events Manager → Test events${code ? ` (code ${code})` : ''}.`,
  google: () => 'Google’s validation server found nothing to fix; nothing was recorded in your reports.',
  tiktok: (code) => `Look for it in Events Manager → Test events${code ? ` (code ${code})` : ''}.`,
};

/**
 * Sends one test Lead to the destination with the stored credential, and returns the platform's
 * answer for the owner to read. Meta and TikTok get it with a test event code, so it shows in their
 * test tools and counts as no real lead: without one it is not sent. GA4 gets it at its validation
 * server, which records nothing and says what it would drop. The network address and browser are
 * the owner's own, as a visitor's would be.
 */
export async function sendTestConversion(
  deps: ConversionDeps,
  workspaceId: string,
  destination: ConversionDestination,
  { testEventCode, ip, userAgent }: { testEventCode?: string | null; ip: string; userAgent: string },
): Promise<ConversionTestResult> {
  const name = CONVERSION_DESTINATION_NAMES[destination];
  const account = await loadAccount(deps.db, workspaceId, destination);
  const code = testEventCode ?? account.display.testEventCode ?? null;
  if (destination !== 'google' && !code) {
    throw validationError({
      testEventCode: `Enter the test event code ${name} shows under Test events: without it, the test would count as a real lead.`,
    });
  }
  const now = deps.now?.() ?? new Date();
  const eventId = `test_${randomUUID()}`;
  const facts: ConversionFacts = {
    event: 'lead',
    eventId,
    eventTime: now,
    email: TEST_ADDRESS,
    marketing: { eventId, at: now.toISOString(), ip, userAgent, pageUrl: `${deps.publicOrigin}/` },
    leadId: eventId,
    leadCreatedAt: now,
    purchase: null,
  };
  const body = PLATFORMS[destination].prepare(facts);
  const { answer, outcome } = await deliver(deps, destination, openConnection(deps, account), body, { code });
  if (!answer.reached) {
    throw new HttpError(
      502,
      ErrorCode.PROVIDER_UNAVAILABLE,
      `${name} could not be reached: ${answer.error} Try again in a moment.`,
    );
  }
  const messages = destination === 'google' ? validationMessages(answer.body) : [];
  const ok = outcome.kind === 'sent' && messages.length === 0;
  return {
    ok,
    status: answer.status,
    // GA4's validation server takes nothing: only where to look is news.
    message: !ok
      ? outcome.message
      : destination === 'google'
        ? WHERE_TO_LOOK.google(code)
        : `${outcome.message} ${WHERE_TO_LOOK[destination](code)}`,
    eventId,
    validationMessages: messages,
  };
}
