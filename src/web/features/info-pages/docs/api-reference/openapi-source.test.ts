import { describe, expect, it } from 'vitest';
import { apiBaseUrl, loadOpenApiDocument, OPENAPI_DOCUMENT_URL, operationsOf, type OpenApiDocument } from './openapi-source';

const doc = (paths: OpenApiDocument['paths']): OpenApiDocument => ({ openapi: '3.1.0', info: { title: 'T' }, paths });

/** A fetch that answers each URL from a table and records what was asked. */
function fakeFetch(answers: Record<string, Response | 'network-error'>) {
  const asked: string[] = [];
  const fn = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const answer = answers[url];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer ?? new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fn, asked };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('loading the OpenAPI document', () => {
  it('loads the public API document', async () => {
    const v1 = doc({ '/api/v1/forms': { get: {} } });
    const { fn, asked } = fakeFetch({ [OPENAPI_DOCUMENT_URL]: json(v1) });
    await expect(loadOpenApiDocument(fn)).resolves.toEqual({ url: '/api/v1/openapi.json', document: v1 });
    expect(asked).toEqual(['/api/v1/openapi.json']);
  });

  it('says what the server answered instead of a document: an error, nothing, HTML or another format', async () => {
    for (const [answer, what] of [
      [new Response('nope', { status: 404 }), 'HTTP 404'],
      [new Response('', { status: 500 }), 'HTTP 500'],
      ['network-error' as const, 'unreachable'],
      [
        new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
        'not an OpenAPI 3 document',
      ],
      [json({ swagger: '2.0', paths: {} }), 'not an OpenAPI 3 document'],
    ] as const) {
      const { fn } = fakeFetch({ [OPENAPI_DOCUMENT_URL]: answer });
      await expect(loadOpenApiDocument(fn)).rejects.toThrow(
        `The API description could not be loaded (/api/v1/openapi.json: ${what}).`,
      );
    }
  });
});

describe('reading the document', () => {
  it('lists operations as METHOD /path in document order, skipping non-method keys', () => {
    const d = doc({
      '/api/v1/forms': { get: {}, post: {}, parameters: [] },
      '/api/v1/forms/{id}': { summary: 'One form', get: {}, patch: {} },
    });
    expect(operationsOf(d)).toEqual([
      'GET /api/v1/forms',
      'POST /api/v1/forms',
      'GET /api/v1/forms/{id}',
      'PATCH /api/v1/forms/{id}',
    ]);
  });

  it('builds the base URL from the app origin', () => {
    expect(apiBaseUrl('https://app.example.com')).toBe('https://app.example.com/api/v1');
    expect(apiBaseUrl('https://app.example.com/')).toBe('https://app.example.com/api/v1');
  });
});
