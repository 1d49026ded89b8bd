import { fromNodeHeaders } from 'better-auth/node';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client';
import { notFound, unauthorized } from '@/server/lib/http-errors';
import { createRateLimiter, ipBucket, type RateRule } from '@/server/lib/rate-limiter';
import { activeMembership, workspacesOf } from '@/server/features/team/index';
import { planOf } from '@/server/features/workspaces/index';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';

/** better-auth endpoints Lodestone does not offer: sign-up needs no verification, so nobody may ask for that email. */
const UNOFFERED = new Set(['/api/auth/send-verification-email']);

/**
 * Sign-ups from one address: 30 a minute, counted in fixed windows. A workshop or an office signing
 * up together shares one address; 30 a minute still stops a script. (better-auth's own limiter
 * restarts its count only after a quiet minute, so 31 people signing up over half an hour, a minute
 * apart at most, were refused: it is not used for sign-ups.)
 */
export const SIGN_UP_RULE: RateRule = { name: 'sign-up', limit: 30, windowSeconds: 60 };

const HOP_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie']);

/** Hands /api/auth/* to better-auth, and answers who the signed-in owner is. */
export function authRoutes(app: FastifyInstance, { auth, db, appOrigin: origin }: { auth: Auth; db: Db; appOrigin: string }) {
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const path = request.url.split('?')[0]!;
      if (UNOFFERED.has(path)) throw notFound('This page');
      if (request.method === 'POST' && path === '/api/auth/sign-up/email') {
        const decision = await limiter.hit(SIGN_UP_RULE, ipBucket(request.ip));
        if (!decision.allowed) {
          // As better-auth answers its own limits, so the client says the same.
          return reply
            .status(429)
            .header('retry-after', String(decision.retryAfterSeconds))
            .header('x-retry-after', String(decision.retryAfterSeconds))
            .send({ message: 'Too many requests. Please try again later.' });
        }
      }
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip); // overrides anything the client sent
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, origin), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      // better-auth hides a failed query behind its own 500: when the database is what failed, the
      // client is told it is away for a moment (503), not that something broke or that it is signed out.
      if (response.status >= 500) await db.execute(sql`select 1`);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (!HOP_HEADERS.has(key)) reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  app.get('/api/me', async (request) => {
    const session = await getSession(auth, request);
    if (!session) throw unauthorized();
    const membership = await activeMembership(db, session.user, session.session.id);
    const [workspaces, plan] = await Promise.all([
      workspacesOf(db, session.user.id, membership.workspaceId),
      // What the screens offer follows it too (e.g. removing the Lodestone link from a page).
      planOf(db, membership.workspaceId),
    ]);
    const { id, name, email } = session.user;
    const active = workspaces.find((w) => w.active)!;
    return { user: { id, name, email }, workspace: { id: active.id, name: active.name, role: active.role, plan }, workspaces };
  });
}

export function getSession(auth: Auth, request: FastifyRequest) {
  return auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
}
