import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_API_RATE_LIMIT, PUBLIC_API_RATE_WINDOW_SECONDS } from '@/domain/public-api';
import { API_ACCESS_PLAN_MESSAGE, type ApiKeyScope } from '@/domain/api-keys';
import type { Db } from '@/server/db/client';
import type { RateLimiter, RateRule } from '@/server/lib/rate-limiter';
import { type ApiCaller, authenticateApiKey, planAllowsApi, touchApiKey } from '@/server/features/api-keys/index';
import { ApiProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller;
  }
}

export const API_RATE_RULE: RateRule = {
  name: 'api-v1',
  limit: PUBLIC_API_RATE_LIMIT,
  windowSeconds: PUBLIC_API_RATE_WINDOW_SECONDS,
};

const scopeFor = (method: string): ApiKeyScope => (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/**
 * The onRequest hook of /api/v1: the bearer key (401 unknown or revoked, or its creator no longer a
 * member), its per-key rate limit (RateLimit-* headers on every answer from here on, 429 over it),
 * the workspace's plan checked on every request (a downgrade stops the key at once: 403) and the
 * scope the method needs (403). The creator's current role is checked next, per route (permissions.ts).
 */
export function authenticateRequests(db: Db, limiter: RateLimiter, rule: RateRule = API_RATE_RULE) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    reply.header('www-authenticate', 'Bearer');
    if (!match) {
      throw new ApiProblem(401, 'unauthorized', 'Send your API key in the Authorization header: "Authorization: Bearer lsk_…".');
    }
    const caller = await authenticateApiKey(db, match[1]!);
    if (!caller) throw new ApiProblem(401, 'unauthorized', 'This API key is not valid: it is unknown or was revoked.');
    if (caller === 'creator-gone')
      throw new ApiProblem(
        401,
        'unauthorized',
        'The person who created this API key is no longer a member of this workspace, so it no longer works: create a new key.',
      );
    reply.removeHeader('www-authenticate');

    const decision = await limiter.hit(rule, caller.keyId);
    reply.header('ratelimit-limit', String(rule.limit));
    reply.header('ratelimit-remaining', String(Math.max(0, rule.limit - decision.count)));
    reply.header('ratelimit-reset', String(decision.resetSeconds));
    reply.header('ratelimit-policy', `${rule.limit};w=${rule.windowSeconds}`);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new ApiProblem(
        429,
        'rateLimited',
        `This key made more than ${rule.limit} requests in ${rule.windowSeconds} seconds. Try again in ${decision.retryAfterSeconds} seconds.`,
      );
    }
    if (!planAllowsApi(caller.plan)) throw new ApiProblem(403, 'planLimit', API_ACCESS_PLAN_MESSAGE);
    const needed = scopeFor(request.method);
    if (!caller.scopes.includes(needed)) {
      throw new ApiProblem(403, 'forbidden', `This API key lacks the '${needed}' scope that ${request.method} requests need.`);
    }
    await touchApiKey(db, caller.keyId);
    request.apiCaller = caller;
  };
}
