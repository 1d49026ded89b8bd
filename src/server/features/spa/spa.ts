import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../domain/api-errors.js';
import { APP_ROUTE_PATTERNS, APP_ROUTES, isAppRoute, SCREEN_PRELOADS_FILE } from '../../../domain/routes.js';
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
  const preloadsFile = path.join(webRoot, SCREEN_PRELOADS_FILE);
  const read = () =>
    documentsByRoute(readFileSync(indexFile, 'utf8'), existsSync(preloadsFile) ? readFileSync(preloadsFile, 'utf8') : '{}');
  const cached = read();
  const indexHtml = (route: string) => {
    const documents = options.rereadIndex ? read() : cached;
    return documents.get(route) ?? documents.get('')!;
  };

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

  const sendIndex = (route: string) => (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml(route));
  for (const route of APP_ROUTES) app.get(route, sendIndex(route));

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) {
      throw new HttpError(404, ErrorCode.NOT_FOUND, `No API route ${request.method} ${request.url.split('?')[0]}`);
    }
    return sendIndex('*')(request, reply.status(404));
  };
  // Fastify matches the parameter's position; the shared pattern decides what a valid value is.
  for (const route of Object.keys(APP_ROUTE_PATTERNS)) {
    app.get(route, (request, reply) =>
      isAppRoute(request.url.split('?')[0]!) ? sendIndex(route)(request, reply) : notFound(request, reply),
    );
  }

  return { notFound };
}

/**
 * index.html once per route of the build's screen-preloads.json, with a modulepreload link (as
 * Vite writes the entry's) for each chunk that route's screen needs, so the browser fetches them
 * beside the entry instead of after it has run. Key '' is the document as built.
 */
function documentsByRoute(html: string, preloadsJson: string): Map<string, Buffer> {
  const documents = new Map<string, Buffer>([['', Buffer.from(html)]]);
  const preloads = JSON.parse(preloadsJson) as Record<string, string[]>;
  for (const [route, files] of Object.entries(preloads)) {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`).join('');
    documents.set(route, Buffer.from(html.replace('</head>', `${links}</head>`)));
  }
  return documents;
}
