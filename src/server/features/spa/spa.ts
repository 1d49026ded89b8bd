import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@/domain/api-errors';
import {
  APP_ROUTE_PATTERNS,
  APP_ROUTES,
  isAppRoute,
  SCREEN_FRAMES_FILE,
  SCREEN_PRELOADS_FILE,
  SCREEN_READS,
  SIGNED_IN_PRELOADS,
} from '@/domain/routes';
import type { Config } from '@/server/config';
import { sessionCookieName } from '@/server/features/auth';
import { HttpError } from '@/server/lib/http-errors';

const YEAR = 60 * 60 * 24 * 365;

/**
 * Serves the React SPA built by Vite: hashed assets with a year-long immutable cache, index.html
 * (never cached) for every route of the route table (docs/product.md#routes), and the same document with status 404 for
 * anything else, so the SPA shows its not-found screen and crawlers see the right status.
 *
 * A request that carries the session cookie (`sessionCookie`, its name) gets the document marked
 * `data-signed-in`: the header then loads the account area (and the auth client with it) at once;
 * without it the header shows Sign in and a signed-out visitor downloads no auth code. Such a
 * document of an owner screen, asked for without a query, also names the API reads the screen
 * makes first (SCREEN_READS) as fetch preloads, and where the build drew the screen's first frame
 * (the header and the screen's heading, screen-frames.json), carries it in #root; an owner screen's
 * makes its first number and date formats in its head (FORMATS_WARM_UP). The mark, the preloads,
 * the frame and the warm-up are only hints: the API still checks every session, and a frame holds
 * nothing of the owner's.
 */
export async function spaRoutes(app: FastifyInstance, { webRoot, config }: { webRoot: string; config: Config }) {
  const options = { rereadIndex: config.env === 'development', sessionCookie: sessionCookieName(config) };
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing. Run \`npm run build\` (npm start does it for you).`);
  }
  // Outside production the document is read per request, so a `vite build` shows without a restart.
  const built = (file: string) => {
    const at = path.join(webRoot, file);
    return existsSync(at) ? readFileSync(at, 'utf8') : '{}';
  };
  const read = () => documentsByRoute(readFileSync(indexFile, 'utf8'), built(SCREEN_PRELOADS_FILE), built(SCREEN_FRAMES_FILE));
  const cached = read();
  const indexHtml = (route: string, request: FastifyRequest) => {
    const documents = options.rereadIndex ? read() : cached;
    const document = documents.get(route) ?? documents.get('')!;
    if (!options.sessionCookie || !hasCookie(request.headers.cookie, options.sessionCookie)) return document.signedOut;
    // A query (a filter, a page of results) may change what the screen reads: nothing is guessed.
    if (document.withReads && !request.url.includes('?')) return document.withReads((request.params as { id?: string }).id);
    return document.signedIn;
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

  const sendIndex = (route: string) => (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(indexHtml(route, request));
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

interface Documents {
  signedOut: Buffer;
  signedIn: Buffer;
  /** The signed-in document with the screen's first reads preloaded, given the route's `:id`. */
  withReads?: (id: string | undefined) => Buffer;
}

/**
 * The first number and date format a page makes loads ICU's data (35–200 ms in Chromium on a 2-core
 * machine; a phone is slower), and every owner screen shows counts and dates. An owner screen's
 * document makes one of each in its head, before its stylesheet and scripts (decision 0111): the work
 * runs while they download, before the first paint, instead of in a task of its own after it, where
 * the screen cannot answer a tap. Allowed by its hash in the app's Content-Security-Policy.
 */
export const FORMATS_WARM_UP = 'new Intl.NumberFormat().format(0);new Intl.DateTimeFormat().format(0)';
export const FORMATS_WARM_UP_HASH = `'sha256-${createHash('sha256').update(FORMATS_WARM_UP).digest('base64')}'`;
/** The owner's screens: every one shows counts or dates. */
const OWNER_SCREEN = /^\/(dashboard|settings)(\/|$)/;
/** Where the warm-up goes: first in the head, after the character set. */
const CHARSET = /<meta charset="[^"]*" ?\/?>/i;

/** The app's mount point in index.html, where a screen's first frame goes. */
const ROOT = '<div id="root"></div>';

/** Stands for the route's parameter in a document's preloads until a request gives it. */
const ID_MARK = '\u0000id\u0000';

/** Whether a Cookie header holds a non-empty cookie of that name. */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => {
    const [key, value] = pair.split('=', 2);
    return key?.trim() === name && !!value?.trim();
  });
}

/**
 * index.html once per route of the build's screen-preloads.json, with a modulepreload link (as
 * Vite writes the entry's) for each chunk that route's screen needs, so the browser fetches them
 * beside the entry instead of after it has run; the signed-in variant names the account area's
 * chunks too and carries the screen's first frame where the build drew one, and for an owner
 * screen a variant also preloads its first reads. Key '' is the document as built.
 */
function documentsByRoute(html: string, preloadsJson: string, framesJson: string): Map<string, Documents> {
  const { [SIGNED_IN_PRELOADS]: account = [], ...preloads } = JSON.parse(preloadsJson) as Record<string, string[]>;
  const frames = JSON.parse(framesJson) as Record<string, string>;
  if (Object.keys(frames).length > 0 && !html.includes(ROOT)) {
    throw new Error(`index.html has no ${ROOT} for the screens' first frames (${SCREEN_FRAMES_FILE})`);
  }
  if (!CHARSET.test(html)) throw new Error("index.html has no <meta charset> for the owner screens' format warm-up");
  const withLinks = (links: string[]) => html.replace('</head>', `${links.join('')}</head>`);
  const modules = (files: string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`);
  const documents = (route: string, files: string[]): Documents => {
    const signedInModules = modules([...new Set([...files, ...account])]);
    const frame = frames[route];
    const signedIn = (links: string[]) => {
      let marked = withLinks(links).replace('<html ', '<html data-signed-in ');
      if (OWNER_SCREEN.test(route)) marked = marked.replace(CHARSET, (meta) => `${meta}<script>${FORMATS_WARM_UP}</script>`);
      return frame === undefined ? marked : marked.replace(ROOT, () => `<div id="root">${frame}</div>`);
    };
    const reads = SCREEN_READS[route as keyof typeof SCREEN_READS];
    const variants: Documents = {
      signedOut: Buffer.from(withLinks(modules(files))),
      signedIn: Buffer.from(signedIn(signedInModules)),
    };
    if (reads) {
      // The reads first: they wait on the server, the chunks only on the network.
      const links = reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${read.replaceAll(':id', ID_MARK)}">`);
      const template = signedIn([...links, ...signedInModules]);
      const plain = Buffer.from(template);
      variants.withReads = template.includes(ID_MARK)
        ? (id) => (id === undefined ? variants.signedIn : Buffer.from(template.replaceAll(ID_MARK, encodeURIComponent(id))))
        : () => plain;
    }
    return variants;
  };
  const byRoute = new Map<string, Documents>([['', documents('', [])]]);
  for (const [route, files] of Object.entries(preloads)) byRoute.set(route, documents(route, files));
  return byRoute;
}
