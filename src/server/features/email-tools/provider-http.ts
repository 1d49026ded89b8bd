/** How a provider call ended. Failures carry the provider's own words, for the owner to read. */
export type ProviderResult<T> = { ok: true; value: T } | ProviderFailure;

export interface ProviderFailure {
  ok: false;
  /**
   * auth: the key was refused (401/403); invalid: the provider refused the data (other 4xx);
   * rate_limited: 429; unavailable: 5xx, a timeout or no connection.
   */
  kind: 'auth' | 'invalid' | 'rate_limited' | 'unavailable';
  status: number | null;
  message: string;
  /** From a 429's Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

const TIMEOUT_MS = 15_000;
const MAX_MESSAGE = 500;

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Reads the provider's error body into one message. */
  errorMessage: (body: unknown, status: number) => string;
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function kindOf(status: number): ProviderFailure['kind'] {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'invalid';
}

/** One JSON call to a provider; never throws (a network failure is `unavailable`). */
export async function providerCall<T>({ method, url, headers, body, errorMessage }: ProviderRequest): Promise<ProviderResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    return { ok: false, kind: 'unavailable', status: null, message: `The server ${reason}.` };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, value: parsed as T };
  const message = (errorMessage(parsed, response.status) || `HTTP ${response.status}`).slice(0, MAX_MESSAGE);
  return {
    ok: false,
    kind: kindOf(response.status),
    status: response.status,
    message,
    retryAfterSeconds: response.status === 429 ? retryAfter(response.headers.get('retry-after')) : undefined,
  };
}
