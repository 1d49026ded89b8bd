import type { FastifyReply, FastifyRequest } from 'fastify';
import { TLS_ASK_PATH } from '@/domain/custom-domains';
import type { ServingDomain } from './domain-map.js';
import type { Sites } from './sites.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came in on a serving custom domain: its workspace's pages only. */
    customDomain?: ServingDomain;
  }
}

/** Paths that answer on any host, ours or not. */
const ANY_HOST = new Set(['/healthz', TLS_ASK_PATH]);

/**
 * The server's first hook (docs/decisions/0055): a host that is neither the app's, the pages
 * host nor a serving custom domain gets the public 404 page whatever the path (but /healthz and the
 * TLS ask). A custom domain's request carries its domain on; webhooks answer on the pages host only,
 * and nothing under /api (the public API's own 404 included) answers on a custom domain.
 */
export function hostGate(sites: Sites, notFound: (reply: FastifyReply) => FastifyReply) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const site = sites(request.headers.host);
    if (site.kind === 'app' || site.kind === 'public') return;
    const q = request.url.indexOf('?');
    const path = q === -1 ? request.url : request.url.slice(0, q);
    if (site.kind === 'domain') {
      request.customDomain = site.domain;
      if (!path.startsWith('/webhooks/') && !path.startsWith('/api/')) return;
    } else if (ANY_HOST.has(path)) return;
    return notFound(reply);
  };
}
