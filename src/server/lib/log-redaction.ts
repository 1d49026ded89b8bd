import type { FastifyRequest } from 'fastify';
import { isUuid } from '@/domain/ids';

// What the server logs must not let a reader of the logs act as someone (tokens in links) or learn
// about a visitor (emails, form fields). Requests are logged with their route shape only; errors
// with their type, message and stack, minus the SQL parameters and the row data PostgreSQL and
// Drizzle put into them.

const REDACTED = '[redacted]';
const ASSET = /\.(js|css|map|svg|png|jpe?g|webp|ico|woff2?|txt|json|webmanifest|xml)$/i;
/** Path segments that are always followed by a secret: /d/{token}, /api/auth/reset-password/{token}. */
const BEFORE_SECRET = new Set(['d', 'reset-password', 'verify-email']);

/** `url` with every query value and every token-like path segment replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const segments = path.split('/');
  const shape = segments
    .map((segment, i) => {
      if (segment === '') return segment;
      if (i > 0 && BEFORE_SECRET.has(segments[i - 1]!)) return REDACTED;
      // Long opaque segments are tokens (form ids have 12 characters, file ids are UUIDs).
      return segment.length >= 20 && !isUuid(segment) && !ASSET.test(segment) ? REDACTED : segment;
    })
    .join('/');
  if (q === -1) return shape;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (pair === '' ? pair : `${pair.split('=')[0]}=${REDACTED}`))
    .join('&');
  return `${shape}?${query}`;
}

const EMAIL = /[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+\.[^\s"'<>(),;:@]+/g;

/** A message without emails and without the values PostgreSQL quotes back ('invalid input syntax … "x"'). */
export function redactText(text: string): string {
  return text
    .replace(/\nparams:[^]*$/, '\nparams: [redacted]')
    .replace(/(invalid input (?:syntax|value) for [^:]*: )"[^]*?"/g, `$1"${REDACTED}"`)
    .replace(EMAIL, '[email]');
}

/** Fields of a PostgreSQL error that name things (never data): kept; detail, where, parameters… are dropped. */
const SAFE_PG_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  statusCode?: number;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** The err serializer: type, redacted message, stack frames, the naming fields of pg errors, the cause. */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: redactText(String(err)), stack: '' };
  const type = err.constructor?.name || err.name;
  const message = redactText(err.message);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_PG_FIELDS) if (typeof fields[key] === 'string') out[key] = fields[key];
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The req serializer: Fastify's fields, with the URL's route shape instead of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError, error: serializeError };

type LogMethod = (this: unknown, ...args: unknown[]) => void;

/**
 * pino's logMethod hook: an Error logged as the first argument would become the line's `msg` as
 * it is (params and all); it is logged as `err` (through serializeError) with a redacted message.
 * Every string message is redacted too (a mail server's refusal quotes the recipient).
 */
export function redactLogCall(this: unknown, args: unknown[], method: LogMethod): void {
  const [first, ...rest] = args;
  const clean = rest.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
  if (first instanceof Error) {
    method.apply(this, [{ err: first }, ...(clean.length > 0 ? clean : [redactText(first.message)])]);
    return;
  }
  method.apply(this, [typeof first === 'string' ? redactText(first) : first, ...clean]);
}

/** What buildApp adds to any logger options. */
export const logRedaction = { serializers: logSerializers, hooks: { logMethod: redactLogCall } };
