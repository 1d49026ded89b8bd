import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { CreatedApiKey } from '@/domain/api-keys';
import { problemSchema } from '@/domain/public-api';
import type { WebhookEndpoint } from '@/domain/webhooks-api';
import { publishableConfig } from '@tests/kit/data';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { encodeCursor } from './keyset.js';

// Input that is well formed but hostile (an impossible date in a
// cursor, JSON nested thousands of levels deep) is a 400 in the usual shape on both APIs, never a 500.

let t: TestApp;
let owner: SignedUpUser;
let key: CreatedApiKey;
let formId: string;
let endpointId: string;
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        level: 'error',
        stream: { write: (line: string) => void logged.push(line) },
      },
    },
  );
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
  formId = (await createForm(t.app, owner, { title: 'The Guide', publish: true })).id;
  key = (await ownerCall('POST', '/api/api-keys', { name: 'Hostile', scopes: ['read', 'write'] })).json<CreatedApiKey>();
  const endpoint = await ownerCall('POST', '/api/webhooks/endpoints', {
    url: 'https://93.184.215.14/hooks',
    eventTypes: ['lead.created'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  endpointId = endpoint.json<WebhookEndpoint>().id;
});
afterAll(() => t.close());

function ownerCall(method: 'GET' | 'POST', url: string, payload?: object | string) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: APP_HOST,
      origin: `http://${APP_HOST}`,
      cookie: owner.cookie,
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

function keyCall(method: 'GET' | 'POST', url: string, payload?: string) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: APP_HOST,
      authorization: `Bearer ${key.key}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

type Answer = Awaited<ReturnType<typeof ownerCall>>;

const expectOwnerApi400 = (res: Answer, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { [field]: expect.any(String) } });
};

const expectProblem400 = (res: Answer, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = problemSchema.strict().parse(res.json());
  expect(body).toMatchObject({ status: 400, errors: { [field]: expect.any(String) } });
  expect(body.type).toMatch(/#errors-validation-error$/);
};

describe('a cursor with an impossible date', () => {
  const impossible = [
    '2026-02-30T10:00:00.000000Z', // no 30 February
    '2026-04-31T10:00:00.000000Z', // April has 30 days
    '2025-02-29T10:00:00.000000Z', // not a leap year
    '2026-13-01T10:00:00.000000Z',
    '2026-00-10T10:00:00.000000Z',
    '2026-01-00T10:00:00.000000Z',
    '2026-01-10T24:00:00.000000Z',
    '2026-01-10T10:60:00.000000Z',
    '2026-01-10T10:00:60.000000Z',
    '0000-01-10T10:00:00.000000Z',
  ];

  it.each(impossible)('is a 400 on every list that takes a cursor, and nothing is logged (%s)', async (time) => {
    logged.length = 0;
    const leadCursor = encodeCursor({ time, id: randomUUID() });
    const formCursor = encodeCursor({ time, id: formId });
    expectOwnerApi400(await ownerCall('GET', `/api/forms?cursor=${formCursor}`), 'cursor');
    expectOwnerApi400(await ownerCall('GET', `/api/leads?cursor=${leadCursor}`), 'cursor');
    expectOwnerApi400(await ownerCall('GET', `/api/forms/${formId}/leads?cursor=${leadCursor}`), 'cursor');
    expectOwnerApi400(await ownerCall('GET', `/api/webhooks/endpoints/${endpointId}/deliveries?cursor=${leadCursor}`), 'cursor');
    expectProblem400(await keyCall('GET', `/api/v1/forms?cursor=${formCursor}`), 'cursor');
    expectProblem400(await keyCall('GET', `/api/v1/leads?cursor=${leadCursor}`), 'cursor');
    expect(logged.join('')).not.toMatch(/out of range|invalid input syntax|"level":50/);
  });

  it('still pages with a real date: the last day of February of a leap year, 23:59:59', async () => {
    const cursor = encodeCursor({ time: '2028-02-29T23:59:59.999999Z', id: randomUUID() });
    expect((await ownerCall('GET', `/api/leads?cursor=${cursor}`)).statusCode).toBe(200);
    expect((await keyCall('GET', `/api/v1/leads?cursor=${cursor}`)).statusCode).toBe(200);
  });
});

describe('JSON nested 10,000 levels deep', () => {
  const deep = (levels: number, leaf = '"x"') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const bodies = {
    'objects as the config': `{"config":${deep(10_000)}}`,
    'arrays as the config': `{"config":${deepArray(10_000)}}`,
    'objects with a NUL at the bottom': `{"config":${deep(10_000, '"\\u0000"')}}`,
    'the whole body': deep(10_000),
  };

  it.each(Object.entries(bodies))('is a 400 on the owner API and the public API, not a 500 (%s)', async (_what, body) => {
    logged.length = 0;
    expectOwnerApi400(await ownerCall('POST', '/api/forms', body), '_');
    expectOwnerApi400(await ownerCall('POST', '/api/webhooks/endpoints', body), '_');
    expectProblem400(await keyCall('POST', '/api/v1/forms', body), '_');
    expectProblem400(await keyCall('POST', '/api/v1/webhooks/endpoints', body), '_');
    expect(logged.join('')).not.toMatch(/Maximum call stack|"level":50/);
  });

  it('leaves ordinary nesting alone: a page config is saved', async () => {
    const res = await keyCall('POST', '/api/v1/forms', JSON.stringify({ config: publishableConfig(null, 'Nested enough') }));
    expect(res.statusCode, res.body).toBe(201);
  });
});
