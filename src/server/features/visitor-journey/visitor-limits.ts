import type { Executor } from '@/server/db/client';
import { createRateLimiter, ipBucket, type RateRule } from '@/server/lib/rate-limiter';
import type { Tokens } from '@/server/lib/tokens';

/**
 * Limits on what visitors can do (docs/decisions/0008). They stop one sender and protect one inbox,
 * never a page's reach: people sharing an address (office Wi-Fi, an event, carrier NAT) and a launch
 * to a big list must get through. Constants on purpose: change them here.
 */
export const VISITOR_RATE_LIMITS = {
  /** Submissions of one page from one address (an IPv6 address counts by its /64): a whole venue's worth. */
  submitPerIpPerForm: { name: 'submit-ip', limit: 120, windowSeconds: 60 },
  /** Submissions of one page for one email address: nobody's inbox is flooded from one page. */
  submitPerEmailPerForm: { name: 'submit-email', limit: 5, windowSeconds: 600 },
  /** 'Resend verification code' from one address, on top of the 30 s wait per lead. */
  resendPerIp: { name: 'resend-ip', limit: 60, windowSeconds: 60 },
  /** Codes typed on thank-you pages from one address, on top of the 5 tries per code. */
  verifyPerIp: { name: 'verify-ip', limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

const emailCounterSuffix = (tokens: Tokens, formId: string, email: string) =>
  `${formId}:${tokens.hashValue('rate-email', email)}`;

/**
 * The stored key of the counter of one email address's submissions to one page (the limiter
 * prefixes the rule's name): an erasure deletes the person's counters by it.
 */
export const emailCounterKey = (tokens: Tokens, formId: string, email: string) =>
  `${VISITOR_RATE_LIMITS.submitPerEmailPerForm.name}:${emailCounterSuffix(tokens, formId, email)}`;

/** The visitor rate limits. Each check counts one hit and gives the seconds to wait, or null when allowed. */
export function visitorRateLimits(db: Executor, tokens: Tokens, log?: (err: unknown) => void) {
  const limiter = createRateLimiter(db, { log });
  // Keyed by keyed hashes: the counters never hold a visitor's address or email.
  const ip = (address: string) => tokens.hashValue('rate-ip', ipBucket(address));
  const wait = (decision: Awaited<ReturnType<typeof limiter.hit>>) => (decision.allowed ? null : decision.retryAfterSeconds);
  const rules = VISITOR_RATE_LIMITS;
  return {
    /**
     * A submission of a page from `address` and, for one that would be stored, to `email`: the
     * inbox's hit is counted only when the address is within its limit, by the same statement.
     */
    submission: async (formId: string, address: string, email: string | null) => {
      const { first, then } = await limiter.hitThen(
        rules.submitPerIpPerForm,
        `${formId}:${ip(address)}`,
        rules.submitPerEmailPerForm,
        email === null ? null : emailCounterSuffix(tokens, formId, email),
      );
      return { address: wait(first), inbox: then && wait(then) };
    },
    resend: async (address: string) => wait(await limiter.hit(rules.resendPerIp, ip(address))),
    verify: async (address: string) => wait(await limiter.hit(rules.verifyPerIp, ip(address))),
  };
}

export type VisitorLimits = ReturnType<typeof visitorRateLimits>;
