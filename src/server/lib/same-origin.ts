import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@/domain/api-errors';
import { HttpError } from './http-errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An onRequest hook for the app face: a request that can change state (anything but GET, HEAD and
 * OPTIONS) must come from the app's own origin. Browsers send `Origin` with every such request (and
 * `Sec-Fetch-Site`); a foreign or opaque ('null') one is refused with 403 before any handler runs.
 * This keeps a script on a published page (PUBLIC_URL, possibly same-site with APP_URL, where
 * SameSite=Lax cookies would still be sent) from using the owner's session through a "simple"
 * cross-origin request, whose response CORS would hide but whose effect would stand.
 * Requests without either header come from no browser (curl, tests) and pass.
 */
export function sameOriginWrites(appOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const foreign = origin !== undefined ? origin !== appOrigin : site !== undefined && site !== 'same-origin' && site !== 'none';
    if (!foreign) return;
    reply.header('cache-control', 'no-store');
    throw new HttpError(403, ErrorCode.FORBIDDEN_ORIGIN, 'This request must come from the Lodestone app.');
  };
}
