import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client';
import { createRateLimiter, ipBucket } from '@/server/lib/rate-limiter';
import type { Tokens } from '@/server/lib/tokens';
import { pickEncoding, type PublicPages, reusableHeaders } from '@/server/features/public-pages/index';
import { countEvent, EVENT_BODY_LIMIT, parseEvent } from './events.js';
import { loadLivePlacement } from './live-placement.js';
import { placementLoaderScript } from './loader-script.js';

/** Beacons per visitor's address: a page view sends two or three; a loop or a script sends many more. */
export const EVENTS_PER_IP = { name: 'placement-events-ip', limit: 120, windowSeconds: 60 };

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify(body));

/**
 * What the loader script on an owner's site reads and sends, on the public origin
 * (docs/decisions/0084): the script itself (/l.js), a placement's settings (/l/{id}) and the counts
 * of impressions and opens (/l/events). Read from any site; counted only from the page's allowed sites.
 */
export function placementLoaderRoutes(
  app: FastifyInstance,
  {
    db,
    publicOrigin,
    tokens,
    publicPages,
  }: { db: Db; publicOrigin: string; tokens: Tokens; publicPages: Pick<PublicPages, 'keepAnswer'> },
) {
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });

  app.get('/l.js', async (request, reply) => {
    const script = await placementLoaderScript();
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('etag', script.etag);
    // From now on answered from memory, with these headers, before Fastify (public-pages.ts).
    const bodies = { br: script.br, gzip: script.gzip, identity: Buffer.from(script.js) };
    publicPages.keepAnswer('/l.js', reusableHeaders(reply.getHeaders()), bodies);
    reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === script.etag) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bodies[encoding]);
  });

  // Not cached by browsers without asking (no-cache + ETag): a changed placement or list of allowed
  // sites applies on the visitor's next page view.
  app.get<{ Params: { id: string } }>('/l/:id', async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    const config = await loadLivePlacement(db, publicOrigin, request.params.id, request.customDomain?.workspaceId);
    if (!config) return json(reply, 404, { error: 'not found' });
    const body = JSON.stringify(config);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // navigator.sendBeacon posts text/plain (no preflight): the body is read as a short string whatever its type.
  app.register(async (events) => {
    events.removeAllContentTypeParsers();
    events.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    // A body over the limit, or none: answered in JSON like every other refusal here.
    events.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      return json(reply, status, { error: status === 413 ? 'too large' : 'bad request' });
    });
    events.post('/l/events', { bodyLimit: EVENT_BODY_LIMIT }, (request, reply) => countBeacon(request, reply));
  });

  async function countBeacon(request: FastifyRequest, reply: FastifyReply) {
    const event = parseEvent(request.body);
    if (!event) return json(reply, 400, { error: 'bad request' });
    const decision = await limiter.hit(EVENTS_PER_IP, tokens.hashValue('rate-ip', ipBucket(request.ip)));
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      return json(reply, 429, { error: 'too many requests' });
    }
    const config = await loadLivePlacement(db, publicOrigin, event.placement, request.customDomain?.workspaceId);
    if (!config) return json(reply, 404, { error: 'not found' });
    // Only the page's allowed sites count: a beacon from anywhere else is someone else's traffic.
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !config.origins.includes(origin)) return json(reply, 403, { error: 'forbidden' });
    await countEvent(db, event);
    return reply.header('access-control-allow-origin', origin).header('vary', 'origin').status(204).send();
  }
}
