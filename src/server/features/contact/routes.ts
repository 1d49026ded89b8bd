import type { FastifyInstance } from 'fastify';
import {
  CONTACT_HONEYPOT_FIELD,
  contactMessages,
  contactRequestSchema,
  type ContactReceived,
  type SiteInfo,
} from '../../../domain/contact.js';
import type { Db } from '../../db/client.js';
import { createRateLimiter, ipBucket } from '../../lib/rate-limiter.js';
import { parseInput } from '../../lib/validate.js';
import type { Tokens } from '../../lib/tokens.js';
import { CONTACT_RATE_LIMIT, receiveContactMessage } from './contact.js';

interface ContactDeps {
  db: Db;
  tokens: Tokens;
  supportEmail: string;
}

/** The public site settings and the contact form (contract: src/domain/contact.ts). No session needed. */
export function contactRoutes(app: FastifyInstance, { db, tokens, supportEmail }: ContactDeps) {
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });
  const received: ContactReceived = { received: true };

  app.get('/api/site', async (_request, reply) => {
    const site: SiteInfo = { supportEmail };
    return reply.header('cache-control', 'no-cache').send(site);
  });

  app.post('/api/contact', async (request, reply) => {
    // Keyed by a keyed hash: the counters never hold the sender's address.
    const decision = await limiter.hit(CONTACT_RATE_LIMIT, tokens.hashValue('rate-ip', ipBucket(request.ip)));
    if (!decision.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .send({ code: 'RATE_LIMITED', message: contactMessages.rateLimited(Math.ceil(decision.retryAfterSeconds / 60)) });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    // A bot filled the field people cannot see: it is told all went well, and nothing is kept or sent.
    const honeypot = body[CONTACT_HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') return reply.status(201).send(received);
    const fields = parseInput(contactRequestSchema, body);
    await receiveContactMessage(db, supportEmail, fields);
    return reply.status(201).send(received);
  });
}
