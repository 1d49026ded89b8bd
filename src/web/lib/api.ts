import { type ApiErrorBody, ClientErrorCode, ErrorCode } from '@/domain/api-errors';

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/** A failed owner-API call: the server's `{ code, message, errors }` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server is up but its database is away for a moment (503; docs/decisions/0067): nothing the
 * owner asked for was done or lost, and asking again shortly works. A proxy's bare 503 (the server
 * itself restarting) means the same.
 */
export const isServiceUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.SERVICE_UNAVAILABLE || error.status === 503);

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  KNOWN_CODES.has((body as ApiErrorBody).code) &&
  typeof (body as ApiErrorBody).message === 'string';

/** fetch for the same-origin owner API: JSON in and out, errors thrown as ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, ClientErrorCode.NETWORK, 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.code, body.message, body.errors);
    throw new ApiError(response.status, ClientErrorCode.UNEXPECTED_RESPONSE, 'Something went wrong. Please try again.');
  }
  return body as T;
}
