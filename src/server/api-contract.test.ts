import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// The owner API's routes validate with the domain's zod schemas (fastify-type-provider-zod), answer
// in one error vocabulary (ErrorCode) and describe themselves in an OpenAPI document made from the
// same schemas.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

interface JsonSchema {
  properties: Record<string, JsonSchema>;
  maxLength?: number;
  enum?: string[];
}
interface Operation {
  requestBody: { content: Record<string, { schema: JsonSchema }> };
  parameters: { name: string; in: string }[];
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, cookie = owner.cookie) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, ...(cookie ? { cookie } : {}) }, payload: payload as string });

describe('the OpenAPI document', () => {
  it('describes the owner routes from their schemas, and nothing else', async () => {
    const res = await call('GET', '/api/openapi.json', undefined, '');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/forms',
        '/api/forms/{id}',
        '/api/forms/{id}/status',
        '/api/forms/{id}/duplicate',
        '/api/forms/{id}/leads',
        '/api/forms/{id}/analytics',
        '/api/forms/{id}/payments',
        '/api/forms/email-preview',
        '/api/forms/email-test',
        '/api/files',
        '/api/payments/stripe',
        '/api/contact',
      ]),
    );
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth') || p.startsWith('/api/dev'))).toEqual([]);
    const saveBody = doc.paths['/api/forms/{id}']!.put!.requestBody.content['application/json']!.schema;
    expect(saveBody.properties.config!.properties.title!.maxLength).toBe(200);
    const listQuery = doc.paths['/api/forms']!.get!.parameters.map((p) => `${p.in}:${p.name}`);
    expect(listQuery).toEqual(expect.arrayContaining(['query:status', 'query:q', 'query:cursor']));
    const status = doc.paths['/api/forms/{id}/status']!.patch!.requestBody.content['application/json']!.schema;
    expect(status.properties.status!.enum).toEqual(['active', 'inactive']);
  });
});

describe('a request that breaks its schema', () => {
  it('is a VALIDATION_ERROR keyed by config path on the forms routes, as the editor shows it, and saves nothing', async () => {
    const form = await createForm(t.app, owner, { title: 'Kept' });
    const res = await call('PUT', `/api/forms/${form.id}`, { config: publishableConfig(null, 'x'.repeat(201)) });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; errors: Record<string, string> }>();
    expect(body.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(Object.keys(body.errors)).toEqual(['title']);
    expect(body.message).toBe(`title: ${body.errors.title}`);
    expect((await call('GET', `/api/forms/${form.id}`)).json()).toMatchObject({ draft: { title: 'Kept' } });

    const noConfig = await call('POST', '/api/forms', {});
    expect(noConfig.statusCode).toBe(400);
    expect(noConfig.json()).toEqual({
      code: ErrorCode.VALIDATION_ERROR,
      message: expect.any(String),
      errors: { _: expect.any(String) },
    });
  });

  it('names the field in a query or another body', async () => {
    const query = await call('GET', '/api/forms?status=archived');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { status: expect.any(String) } });

    const form = await createForm(t.app, owner);
    const status = await call('PATCH', `/api/forms/${form.id}/status`, { status: 'paused' });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { status: expect.any(String) } });
    expect(status.json<{ message: string }>().message).toMatch(/^status: /);
  });

  it('is a 401 first when there is no session: a stranger learns nothing from validation', async () => {
    const res = await call('POST', '/api/forms', { config: { title: 5 } }, '');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: ErrorCode.UNAUTHORIZED, message: 'Sign in to continue.' });
  });
});

describe('every error code', () => {
  it('comes from ErrorCode, Fastify’s own 4xx included', async () => {
    const codes = new Set<string>(Object.values(ErrorCode));
    const responses = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: { host: APP_HOST, cookie: owner.cookie, 'content-type': 'application/json' },
        payload: '{"config": ',
      }),
      t.app.inject({
        method: 'PUT',
        url: '/api/forms/x',
        headers: { host: APP_HOST, cookie: owner.cookie, 'content-type': 'text/csv' },
        payload: 'a,b',
      }),
      call('GET', '/api/nothing-here'),
      call('GET', '/api/forms/00000000-0000-0000-0000-000000000000'),
      call('GET', '/api/forms/not-an-id/leads'),
      call('GET', '/api/forms?cursor=forged'),
      t.app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: { host: APP_HOST, origin: 'https://evil.example' },
        payload: {},
      }),
    ]);
    const seen = responses.map((res) => [res.statusCode, res.json<{ code: string }>().code] as const);
    expect(seen).toEqual([
      [400, ErrorCode.BAD_REQUEST],
      [415, ErrorCode.BAD_REQUEST],
      [404, ErrorCode.NOT_FOUND],
      [404, ErrorCode.NOT_FOUND],
      [404, ErrorCode.NOT_FOUND],
      [400, ErrorCode.VALIDATION_ERROR],
      [403, ErrorCode.FORBIDDEN_ORIGIN],
    ]);
    for (const [, code] of seen) expect(codes.has(code)).toBe(true);
  });
});
