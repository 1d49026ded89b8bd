import type { FastifyInstance } from 'fastify';
import { normaliseHostname, TLS_ASK_PATH } from '@/domain/custom-domains';
import type { Config } from '@/server/config';
import type { DomainMap } from './domain-map.js';

/**
 * Caddy's on-demand TLS asks here before it gets a certificate for a name (docs/decisions/0055):
 * 200 for a serving custom domain and for Lodestone's own two hostnames, 404 for anything else (a
 * pending or disabled domain, a name nobody added, malformed input). On every host, like /healthz:
 * Caddy asks over plain HTTP on whatever address it was given.
 */
export function tlsAskRoute(
  app: FastifyInstance,
  { config, domainMap }: { config: Pick<Config, 'appUrl' | 'publicUrl'>; domainMap: Pick<DomainMap, 'get'> },
) {
  const own = new Set([config.appUrl.hostname.toLowerCase(), config.publicUrl.hostname.toLowerCase()]);
  app.get<{ Querystring: { domain?: string | string[] } }>(TLS_ASK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const asked = request.query.domain;
    if (typeof asked !== 'string' || asked.length > 300) return reply.status(404).send('unknown');
    if (own.has(asked.toLowerCase())) return reply.status(200).send('ok');
    const name = normaliseHostname(asked);
    return name !== null && name === asked.toLowerCase() && domainMap.get(name)
      ? reply.status(200).send('ok')
      : reply.status(404).send('unknown');
  });
}
