import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@/domain/api-errors';
import { emailCopyMessages } from '@/domain/email-copy';
import { EMAIL_TESTS_PER_10_MINUTES, emailPreviewBodySchema, type EmailTestSent } from '@/domain/email-copy-api';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { DomainSenderOf } from '@/server/features/mail/index';
import { HttpError } from '@/server/lib/http-errors';
import { createRateLimiter, type RateRule } from '@/server/lib/rate-limiter';
import { previewVisitorEmail, sendTestVisitorEmail, type VisitorEmailDeps } from './sample-email.js';

const tags = ['forms'];
/** Test emails per person: enough to try a few wordings, not a way to send mail in bulk. */
export const EMAIL_TESTS_RULE: RateRule = { name: 'email-tests', limit: EMAIL_TESTS_PER_10_MINUTES, windowSeconds: 600 };

/**
 * The preview and the test send of the emails a page's visitors get (contract:
 * src/domain/email-copy-api.ts), for the owner plugin (request.owner set).
 */
export function visitorEmailRoutes(
  app: FastifyInstance,
  {
    db,
    publicOrigin,
    config,
    sendingDomains,
  }: { db: Db; publicOrigin: string; config: Pick<Config, 'mailFrom'>; sendingDomains?: { senderOf: DomainSenderOf } },
) {
  const deps: VisitorEmailDeps = { db, publicOrigin, mailFrom: config.mailFrom, domainSender: sendingDomains?.senderOf };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(deps.db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });

  api.post('/api/forms/email-preview', { schema: { tags, body: emailPreviewBodySchema } }, (request) =>
    previewVisitorEmail(deps, request.owner, request.body),
  );

  api.post('/api/forms/email-test', { schema: { tags, body: emailPreviewBodySchema } }, async (request, reply) => {
    // Per person, not per workspace: each member's tests go to their own inbox.
    const decision = await limiter.hit(EMAIL_TESTS_RULE, request.owner.userId);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new HttpError(429, ErrorCode.RATE_LIMITED, emailCopyMessages.testRateLimited(EMAIL_TESTS_RULE.limit, minutes));
    }
    await sendTestVisitorEmail(deps, request.owner, request.body);
    const sent: EmailTestSent = { to: request.owner.email };
    return sent;
  });
}
