import { randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryScheduler } from './webhooks.js';

/** An API request as a stand-in received it, for tests that assert on what the SDK sent. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: unknown;
  headers: IncomingHttpHeaders;
  body: unknown;
  receivedAt: string;
}

/** A control (complete, refund, …) asked of an object that does not exist or is in the wrong state. */
export class StandInError extends Error {
  constructor(
    readonly status: 404 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}

/** What a page or control route gets: the request, its parsed URL and the body already read. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  rawBody: string;
}

export type PageHandler = (context: RouteContext) => void | Promise<void>;

interface Route<H> {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: H;
}

/** Method + path patterns like '/v1/checkout/sessions/:id'; enough for the few routes a stand-in has. */
export class Router<H> {
  private readonly routes: Route<H>[] = [];

  on(method: string, path: string, handler: H): this {
    const names: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** The handler for the request, or undefined when no route matches (the caller answers 404). */
  find(method: string, pathname: string): { handler: H; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
      return { handler: route.handler, params };
    }
    return undefined;
  }
}

/** An API request as it arrived, for a stand-in's `requests`. */
export function loggedRequest(req: IncomingMessage, url: URL, body: unknown): LoggedRequest {
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    body,
    receivedAt: new Date().toISOString(),
  };
}

/** JSON body of a /_test control request; empty means no options. */
export function parseJsonBody(rawBody: string): Record<string, unknown> {
  if (rawBody.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new StandInError(400, 'Body must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new StandInError(400, 'Body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** An optional string option of a /_test control request. */
export function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new StandInError(400, `${name} must be a string`);
  return value;
}

/** The `event` of a /_test/deliver request: an event object, as built by the stand-in or forged. */
export function eventOption<E extends { id: string }>(value: unknown): E {
  if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'string')
    throw new StandInError(400, 'event is required');
  return value as E;
}

/** A field of `item` by its dotted path, e.g. 'metadata.workspace_id'. */
function fieldAt(item: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      item,
    );
}

/** Newest first, filtered on the fields named in the query, e.g. ?status=open or ?metadata.workspace_id=ws_1. */
export function filterByQuery<T extends object>(items: Iterable<T>, url: URL): T[] {
  const filters = [...url.searchParams];
  return [...items].filter((item) => filters.every(([key, value]) => String(fieldAt(item, key)) === value)).reverse();
}

const MAX_BODY_BYTES = 1_000_000;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new StandInError(400, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** No external resources, so the page works offline; inline styles only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': PAGE_CSP,
  });
  res.end(html);
}

/** 303 so that the browser follows a POSTed form with a GET, as the providers' hosted pages do. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1. A handler that throws gets a 500 (and the error on stderr) rather
 * than a hung request, so a stand-in bug shows up as a failing test instead of a timeout.
 */
export async function listen(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof StandInError) {
        if (!res.headersSent) sendJson(res, error.status, { error: error.message });
        return;
      }
      console.error('[stand-in]', error);
      if (!res.headersSent) sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDKs keep connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

/** Adds the /_test routes every stand-in has: health, requests, deliveries and reset. */
export function withCommonControls(
  router: Router<PageHandler>,
  { requests, deliveries, reset }: { requests: readonly LoggedRequest[]; deliveries: readonly unknown[]; reset: () => void },
): Router<PageHandler> {
  return router
    .on('GET', '/_test/health', ({ res }) => sendJson(res, 200, { ok: true }))
    .on('GET', '/_test/requests', ({ res }) => sendJson(res, 200, { data: requests }))
    .on('GET', '/_test/deliveries', ({ res }) => sendJson(res, 200, { data: deliveries }))
    .on('POST', '/_test/reset', ({ res }) => {
      reset();
      sendJson(res, 200, { ok: true });
    });
}

/** Answers a control request with what the control returned (`{ event, delivery }`). */
export const sendControl = async (res: ServerResponse, result: Promise<unknown>) => sendJson(res, 200, await result);

/** A stand-in's lifecycle, the part of its interface that does not depend on the provider. */
export interface RunningStandIn extends RunningServer {
  /** Resolves once every webhook scheduled so far has been delivered. */
  whenIdle(): Promise<void>;
}

/**
 * Serves a stand-in on 127.0.0.1: requests whose path `isApi` go to `handleApi`, the others (the
 * checkout page, the /_test controls) to `pages`, which answers 404 for a path it has no route for.
 * Closing it first cancels the webhooks `scheduler` has not sent yet.
 */
export async function serveStandIn(
  port: number,
  {
    isApi,
    handleApi,
    pages,
    scheduler,
  }: {
    isApi: (pathname: string) => boolean;
    handleApi: (req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) => void;
    pages: Router<PageHandler>;
    scheduler: DeliveryScheduler;
  },
): Promise<RunningStandIn> {
  let baseUrl = '';
  const server = await listen(port, async (req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const rawBody = await readBody(req);
    if (isApi(url.pathname)) return handleApi(req, res, url, rawBody);
    const route = pages.find(req.method ?? 'GET', url.pathname);
    if (!route) return sendJson(res, 404, { error: `No stand-in route ${req.method} ${url.pathname}` });
    await route.handler({ req, res, url, params: route.params, rawBody });
  });
  baseUrl = server.url;
  return {
    url: server.url,
    async close() {
      scheduler.cancel();
      await server.close();
    },
    whenIdle: () => scheduler.whenIdle(),
  };
}
