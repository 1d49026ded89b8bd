/**
 * Where the interactive reference reads its OpenAPI document, in order of preference: the public
 * API's (/api/v1) first; the owner API's document, made by the same generator, only while no /api/v1
 * document answers (a build without the public API). Drop the fallback once /api/v1 always exists.
 */
export const OPENAPI_DOCUMENT_URLS = ['/api/v1/openapi.json', '/api/openapi.json'] as const;

/** The public API's base path under the app's address, e.g. https://app.example.com/api/v1. */
export const PUBLIC_API_PATH = '/api/v1';

export const apiBaseUrl = (appOrigin: string) => `${appOrigin.replace(/\/+$/, '')}${PUBLIC_API_PATH}`;

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface LoadedDocument {
  url: string;
  document: OpenApiDocument;
}

export const isOpenApiDocument = (body: unknown): body is OpenApiDocument =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as OpenApiDocument).openapi === 'string' &&
  /^3\./.test((body as OpenApiDocument).openapi) &&
  typeof (body as OpenApiDocument).paths === 'object' &&
  (body as OpenApiDocument).paths !== null;

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The document's operations as "METHOD /path", in document order. */
export function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((method) => HTTP_METHODS.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/**
 * The first of `urls` that answers 200 with an OpenAPI 3 document. A missing document (404, or the
 * SPA's HTML) moves on to the next; if none answers, the error says what each one did.
 */
export async function loadOpenApiDocument(
  fetchFn: typeof fetch = fetch,
  urls: readonly string[] = OPENAPI_DOCUMENT_URLS,
): Promise<LoadedDocument> {
  const failures: string[] = [];
  for (const url of urls) {
    let response: Response;
    try {
      response = await fetchFn(url, { headers: { accept: 'application/json' } });
    } catch {
      failures.push(`${url}: unreachable`);
      continue;
    }
    if (response.status !== 200) {
      // Read the error body all the same: left unread, the browser keeps the request open.
      await response.text().catch(() => undefined);
      failures.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!isOpenApiDocument(body)) {
      failures.push(`${url}: not an OpenAPI 3 document`);
      continue;
    }
    return { url, document: body };
  }
  throw new Error(`The API description could not be loaded (${failures.join('; ')}).`);
}
