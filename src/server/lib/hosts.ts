import type { FastifyRequest } from 'fastify';

// The app (owner) face answers only on APP_URL's host; the visitor face's routes match every other
// host, and the server's first hook (features/custom-domains/host-gate.ts) lets through only
// PUBLIC_URL's host and serving custom domains, so owner scripts never share the owner's origin.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A find-my-way host constraint matching `appHost` exactly, or everything else. */
export function hostConstraint(appHost: string, matchApp: boolean): RegExp {
  const exact = escape(appHost.toLowerCase());
  return matchApp ? new RegExp(`^${exact}$`, 'i') : new RegExp(`^(?!${exact}$)`, 'i');
}

export function isAppHost(request: FastifyRequest, appHost: string): boolean {
  return (request.headers.host ?? '').toLowerCase() === appHost.toLowerCase();
}
