import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../domain/api-errors.js';
import { APP_ROUTE_PATTERNS, APP_ROUTES, isAppRoute } from '../../../domain/routes.js';
import { HttpError } from '../../lib/http-errors.js';

const YEAR = 60 * 60 * 24 * 365;

/**
 * Serves the React SPA built by Vite: hashed assets with a year-long immutable cache, index.html
 * (never cached) for every route of the spec's table, and the same document with status 404 for
 * anything else, so the SPA shows its not-found screen and crawlers see the right status.
 */
export async function spaRoutes(app: FastifyInstance, webRoot: string, options: { rereadIndex?: boolean } = {}) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing. Run \`npm run build\` (npm start does it for you).`);
  }
  // Outside production the document is read per request, so a `vite build` shows without a restart.
  const cached = readFileSync(indexFile);
  const indexHtml = () => (options.rereadIndex ? readFileSync(indexFile) : cached);

  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(webRoot, 'assets') + path.sep);
      res.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'no-cache');
    },
  });

  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
  for (const route of APP_ROUTES) app.get(route, sendIndex);

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) {
      throw new HttpError(404, ErrorCode.NOT_FOUND, `No API route ${request.method} ${request.url.split('?')[0]}`);
    }
    return sendIndex(request, reply.status(404));
  };
  // Fastify matches the parameter's position; the shared pattern decides what a valid value is.
  for (const route of Object.keys(APP_ROUTE_PATTERNS)) {
    app.get(route, (request, reply) =>
      isAppRoute(request.url.split('?')[0]!) ? sendIndex(request, reply) : notFound(request, reply),
    );
  }

  return { notFound };
}
