import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@/domain/api-errors';
import {
  CONTACT_HONEYPOT_FIELD,
  contactMessages,
  contactRequestSchema,
  type ContactReceived,
  type SiteInfo,
} from '@/domain/contact';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/lib/http-errors';
import { createRateLimiter, ipBucket } from '@/server/lib/rate-limiter';
import type { Tokens } from '@/server/lib/tokens';
import { CONTACT_RATE_LIMIT, receiveContactMessage } from './contact.js';

interface ContactDeps {
  db: Db;
  tokens: Tokens;
  config: Pick<Config, 'supportEmail'>;
}

const tags = ['site'];

/** The public site settings and the contact form (contract: src/domain/contact.ts). No session needed. */
export function contactRoutes(app: FastifyInstance, { db, tokens, config: { supportEmail } }: ContactDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });
  const received: ContactReceived = { received: true };

  api.get('/api/site', { schema: { tags } }, async (_request, reply) => {
    const site: SiteInfo = { supportEmail };
    return reply.header('cache-control', 'no-cache').send(site);
  });

  api.post(
    '/api/contact',
    {
      schema: { tags, body: contactRequestSchema },
      // Before validation: every attempt counts toward the limit, and a bot is not told what it got wrong.
      async preValidation(request, reply) {
        // Keyed by a keyed hash: the counters never hold the sender's address.
        const decision = await limiter.hit(CONTACT_RATE_LIMIT, tokens.hashValue('rate-ip', ipBucket(request.ip)));
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          throw new HttpError(
            429,
            ErrorCode.RATE_LIMITED,
            contactMessages.rateLimited(Math.ceil(decision.retryAfterSeconds / 60)),
          );
        }
        // A bot filled the field people cannot see: it is told all went well, and nothing is kept or sent.
        const honeypot = (request.body as Record<string, unknown> | undefined)?.[CONTACT_HONEYPOT_FIELD];
        if (typeof honeypot === 'string' && honeypot.trim() !== '') return reply.status(201).send(received);
      },
    },
    async (request, reply) => {
      await receiveContactMessage(db, supportEmail, request.body);
      return reply.status(201).send(received);
    },
  );
}
