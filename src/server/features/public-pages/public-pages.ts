import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Db } from '@/server/db/client';
import type { AbVariant } from '@/domain/ab-variants';
import { isFormId } from '@/domain/ids';
import { PLACEMENT_FRAME_PARAMS } from '@/domain/placements';
import { createVariantAssigner } from '@/server/features/ab-testing/index';
import type { DomainMap, Sites } from '@/server/features/custom-domains/index';
import { formForVisitor, peekLiveForm, type LiveForm } from '@/server/features/submissions';
import type { CheckoutDeps } from '@/server/features/payments/index';
import { createViewBuffer, createVisitorHasher, isCountableView, VIEW_FLUSH_MS } from '@/server/features/page-counts';
import { type Encoding, pickEncoding, type PublishedDocument, SEEN_GIF, SEEN_SUFFIX } from './published-page.js';
import { placementFrameOf } from './placement-frame.js';
import { createRenderer } from './render.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * What the public face keeps in memory for the life of a server: rendered pages, their compressed
 * variants, and the views not written yet. Built before Fastify so the fast path can share it.
 */
export function createPublicPages(deps: {
  db: Db;
  secret: string;
  publicOrigin: string;
  /** Where the "Made with Lodestone" link goes (APP_URL's home page). */
  appOrigin: string;
  checkout: CheckoutDeps;
  log: Log;
  /** PAGE_CACHE_SECONDS (decision 0091). */
  pageCacheSeconds?: number;
}) {
  const render = createRenderer(deps);
  const hash = createVisitorHasher(deps.db);
  // A view is kept as its address and user agent until the flush hashes it (with the day's salt,
  // 0014): nothing is awaited per request, and a visitor seen many times in a batch is hashed once.
  const views = createViewBuffer(deps.db, deps.log, VIEW_FLUSH_MS, (formId, visitor, day) => {
    const cut = visitor.indexOf('\n');
    return hash(formId, visitor.slice(0, cut), visitor.slice(cut + 1), new Date(`${day}T12:00:00Z`));
  });

  const assign = createVariantAssigner(deps.secret);
  /**
   * The A/B test variant of `form` this visitor sees (decision 0051), null when the page runs no test:
   * a keyed hash of what the request already carries, so no read and nothing stored.
   */
  const variantFor = (form: LiveForm, ip: string, headers: IncomingMessage['headers']): AbVariant | null =>
    assign(form, ip, String(headers['user-agent'] ?? ''));

  /** Counts a browser's view of a page (not a bot's, not a prefetch): buffered, written within VIEW_FLUSH_MS. */
  function countView(form: LiveForm, headers: IncomingMessage['headers'], ip: string, variant: AbVariant | null = null) {
    if (!isCountableView(headers)) return;
    const test = variant && form.abTestStartedAt != null ? { startedAt: form.abTestStartedAt, variant } : undefined;
    views.add(form.id, `${ip}\n${String(headers['user-agent'] ?? '')}`, Date.now(), test);
  }

  /**
   * Answers the fast path gives by path on the pages host and custom domains, once a route has sent
   * one through Fastify (`keepAnswer`): the loader script. Their headers are the ones Fastify sent.
   */
  const kept = new Map<string, { lists: Record<Encoding, string[]>; bodies: Record<Encoding, Buffer> }>();
  /** Serves `path` from memory from now on: `headers` as the route sent them (without the per-answer ones), in each encoding. */
  function keepAnswer(path: string, headers: OutgoingHttpHeaders, bodies: Record<Encoding, Buffer>) {
    if (kept.has(path)) return;
    const base = flatHeaders(headers);
    const lists = Object.fromEntries(
      (['br', 'gzip', 'identity'] as const).map((e) => [
        e,
        [
          ...base,
          'vary',
          'accept-encoding',
          ...(e === 'identity' ? [] : ['content-encoding', e]),
          'content-length',
          String(bodies[e].length),
        ],
      ]),
    ) as Record<Encoding, string[]>;
    kept.set(path, { lists, bodies });
  }

  /**
   * Counts the view a shared page's beacon reports (decision 0091): only for a page whose document is
   * shared, as its own request counts none; a page under an A/B test counted its view when it was sent.
   */
  function countSeen(form: LiveForm, headers: IncomingMessage['headers'], ip: string) {
    if (render.sharedPage(variantFor(form, ip, headers))) countView(form, headers, ip);
  }

  /**
   * Answers `GET|HEAD /f/{id}` on the pages host, and `/f/{id}`, `/` (the home page) and `/{slug}`
   * on a serving custom domain (its own workspace's pages only), from memory when the page's lookup
   * and its rendered document are both cached here, with the headers the full pipeline sent for it;
   * true when it answered. Anything else (another path, a query naming a payment outcome or the owner's preview of a placement, a placement's frame not sent lately, a page not
   * live or not yet rendered, another workspace's page, the app's host, a host of nobody's) is left
   * to Fastify.
   */
  function fastPath(sites: Sites, trustProxy: boolean, domains: Pick<DomainMap, 'pageBySlug'>) {
    return (req: IncomingMessage, res: ServerResponse): boolean => {
      const url = req.url;
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !url) return false;
      const q = url.indexOf('?');
      const answer = kept.get(q === -1 ? url : url.slice(0, q));
      if (answer) {
        // A browser asking whether its copy is current gets the route's 304.
        if (req.headers['if-none-match'] !== undefined || sites(req.headers.host).kind === 'app') return false;
        const encoding = encodingOf(req.headers['accept-encoding']);
        res.writeHead(200, answer.lists[encoding]);
        res.end(req.method === 'HEAD' ? undefined : answer.bodies[encoding]);
        return true;
      }
      if (q !== -1 && url.includes('payment', q)) return false;
      // A placement's frame (placement-frame.ts), once Fastify has sent it and checked its placement;
      // the owner's preview of one, always by Fastify.
      const frame =
        q !== -1 && url.includes(PLACEMENT_FRAME_PARAMS.placement, q)
          ? placementFrameOf(new URLSearchParams(url.slice(q + 1)))
          : undefined;
      if (frame === null || frame?.id === 'preview') return false;
      const path = q === -1 ? url : url.slice(0, q);
      const page = path.startsWith('/f/');
      if (!page && path !== '/' && !SLUG_PATH.test(path)) return false;
      const site = sites(req.headers.host);
      const seen = page && path.endsWith(SEEN_SUFFIX);
      const pagePath = seen ? path.slice(0, -SEEN_SUFFIX.length) : path;
      let id: string | null | undefined;
      if (site.kind === 'public') id = page ? pagePath.slice(3) : null;
      else if (site.kind === 'domain') {
        const { workspaceId, homeFormId } = site.domain;
        id = page ? pagePath.slice(3) : path === '/' ? homeFormId : domains.pageBySlug(workspaceId, path.slice(1));
      }
      if (!id || !isFormId(id)) return false;
      const live = peekLiveForm(deps.db, id);
      if (!live || 'status' in live) return false;
      if (site.kind === 'domain' && live.workspaceId !== site.domain.workspaceId) return false;
      if (seen) {
        res.writeHead(200, SEEN_HEADERS);
        res.end(req.method === 'HEAD' ? undefined : SEEN_GIF);
        if (req.method === 'GET') countSeen(live, req.headers, clientIp(req, trustProxy));
        return true;
      }
      // A page in several languages: the one the link names (?lang=), else the browser's best match.
      const asked = q !== -1 && url.includes('lang=', q) ? new URLSearchParams(url.slice(q + 1)).get('lang') : undefined;
      const form = formForVisitor(live, asked, req.headers['accept-language']);
      const ip = clientIp(req, trustProxy);
      const variant = variantFor(form, ip, req.headers);
      const doc = frame ? render.sentFrame(form, variant, frame) : render.sentPage(form, variant);
      if (!doc) return false;
      const encoding = encodingOf(req.headers['accept-encoding']);
      const body = render.body(doc, doc.shared ? '' : String(req.headers.referer ?? ''), encoding);
      res.writeHead(200, [...headersOf(doc, encoding), 'content-length', String(body.length)]);
      res.end(req.method === 'HEAD' ? undefined : body);
      // A shared document's view is counted by its beacon: a cache in front answers most of its requests.
      if (req.method === 'GET' && !doc.shared) countView(form, req.headers, ip, variant);
      return true;
    };
  }

  return { render, countView, countSeen, variantFor, views, fastPath, keepAnswer };
}

/** The beacon's headers; never stored, so each view reaches the server. */
export const SEEN_HEADERS = {
  'content-type': 'image/gif',
  'content-length': String(SEEN_GIF.length),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** `/{slug}` as a slug is written (domain/custom-domains.ts), so `/robots.txt` and the like never look like one. */
const SLUG_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Per document and encoding, its headers as the flat list writeHead takes, built once.
const headerLists = new WeakMap<PublishedDocument, Partial<Record<Encoding, string[]>>>();
function headersOf(doc: PublishedDocument, encoding: Encoding): string[] {
  let lists = headerLists.get(doc);
  if (!lists) headerLists.set(doc, (lists = {}));
  return (lists[encoding] ??= [
    ...flatHeaders(doc.headers ?? {}),
    'vary',
    doc.vary,
    ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
  ]);
}

/** Headers as the flat list writeHead takes. */
const flatHeaders = (headers: OutgoingHttpHeaders) =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
  );

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const encodings = new Map<string, Encoding>();
function encodingOf(header: string | undefined): Encoding {
  if (header === undefined) return 'identity';
  let encoding = encodings.get(header);
  if (!encoding) {
    encoding = pickEncoding(header);
    if (encodings.size < 200) encodings.set(header, encoding);
  }
  return encoding;
}

/** The visitor's address as Fastify's `request.ip` gives it (trustProxy: true or false). */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const socket = req.socket.remoteAddress ?? '';
  if (!trustProxy) return socket;
  const header = req.headers['x-forwarded-for'];
  if (!header) return socket;
  const first = String(header).split(',')[0]!.trim();
  return first || socket;
}

export type PublicPages = ReturnType<typeof createPublicPages>;
