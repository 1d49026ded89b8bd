import type { FastifyInstance } from 'fastify';

/**
 * Browser features no Lodestone page uses, denied on both faces so that no script on them (an
 * owner's, a pixel's) can ask the visitor for them. `payment` too: paid pages send the visitor to
 * the provider's own checkout and never use the Payment Request API. `browsing-topics` (and the
 * older `interest-cohort`) keep ad scripts from reading or feeding the visitor's interest groups.
 * A feature the browser does not know makes it log an error: tests/e2e/headers.spec.ts checks
 * that Chromium knows every one listed.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Permissions-Policy on every response, of either face, errors and 404s included. */
export function permissionsPolicy(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * `Cache-Control: no-store` on every /api answer of the app face: they carry an owner's data (or
 * say who is signed in), and no browser or proxy cache may keep them.
 */
export function apiNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const current = String(reply.getHeader('cache-control') ?? '');
    if (!/\bno-store\b/.test(current)) reply.header('cache-control', 'no-store');
  });
}
