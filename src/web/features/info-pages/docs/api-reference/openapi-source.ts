/** Where the interactive reference reads the public API's OpenAPI document. */
export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

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

/** The public API's OpenAPI 3 document; the error says what the server answered instead. */
export async function loadOpenApiDocument(
  fetchFn: typeof fetch = fetch,
  url: string = OPENAPI_DOCUMENT_URL,
): Promise<LoadedDocument> {
  const failed = (what: string) => new Error(`The API description could not be loaded (${url}: ${what}).`);
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json' } });
  } catch {
    throw failed('unreachable');
  }
  if (response.status !== 200) {
    // Read the error body all the same: left unread, the browser keeps the request open.
    await response.text().catch(() => undefined);
    throw failed(`HTTP ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isOpenApiDocument(body)) throw failed('not an OpenAPI 3 document');
  return { url, document: body };
}
