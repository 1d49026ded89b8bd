import { randomUUID } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@/domain/api-keys';
import { defaultFormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { publishableConfig } from '@tests/kit/data';
import { EMAIL_FIELD, textField } from '@tests/kit/fields';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { apiIdempotency, leadSyncs, leads, payments, rateLimitHits } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';

// docs/decisions/0064: the published document is the contract. An independent JSON Schema validator
// (Ajv, draft 2020-12, the dialect of OpenAPI 3.1) checks every answer of every /api/v1 operation,
// success and error, against the schema GET /api/v1/openapi.json gives for its status and content
// type; an answer with a status the document does not name fails, and so does an operation or a
// documented status that no request here produced.

type Media = { schema: object; example?: unknown };
type Response = { description: string; content?: Record<string, Media> };
type Operation = { responses: Record<string, Response> };
type Doc = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Statuses no operation lists one by one: they fall to the operation's `default` answer. */
const TO_DEFAULT = (status: number) => status === 413 || status === 415 || status >= 500;

let t: TestApp;
let doc: Doc;
let ajv: Ajv2020;
const compiled = new Map<object, ValidateFunction>();
/** `get /api/v1/forms 200`: what the answers here covered. */
const exercised = new Set<string>();

let owner: SignedUpUser;
let stranger: SignedUpUser;
let ws: string;
let readWrite: CreatedApiKey;
let readOnly: CreatedApiKey;
let writeOnly: CreatedApiKey;
let page: FormDetail;
let draftOnly: FormDetail;
let theirPage: FormDetail;
let richLead: string;
let plainLead: string;

/** The document's operation for a request: its path template and its answers. */
function operationOf(method: Method, url: string) {
  const path = url.split('?')[0]!;
  for (const [template, item] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = item[method.toLowerCase()];
    if (pattern.test(path) && operation) return { template, operation };
  }
  return null;
}

const validatorOf = (schema: object) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

/** Checks one answer against the document; every broken promise is reported (the test goes on to the next). */
function checkAnswer(method: Method, url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const found = operationOf(method, url);
  expect.soft(found, `${method} ${url} is not in the document`).not.toBeNull();
  if (!found) return;
  const where = `${method} ${found.template} → ${res.statusCode}`;
  const status = String(res.statusCode);
  const explicit = found.operation.responses[status];
  const response = explicit ?? (TO_DEFAULT(res.statusCode) ? found.operation.responses.default : undefined);
  expect.soft(response, `${where}: the document names no such answer (${res.body.slice(0, 200)})`).toBeDefined();
  if (!response) return;
  exercised.add(`${method.toLowerCase()} ${found.template} ${explicit ? status : 'default'}`);
  if (!response.content) {
    expect.soft(res.body, `${where}: documented without a body`).toBe('');
    return;
  }
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!;
  const media = response.content[mediaType];
  expect.soft(media, `${where}: answered ${mediaType}, documented ${Object.keys(response.content).join(', ')}`).toBeDefined();
  if (!media) return;
  const validate = validatorOf(media.schema);
  const valid = validate(JSON.parse(res.body));
  const broken = (validate.errors ?? []).map(({ instancePath, message, params }) => {
    const extra = 'additionalProperty' in params ? `: ${String(params.additionalProperty)}` : '';
    return `${instancePath || '/'} ${message}${extra}`;
  });
  expect.soft(valid ? [] : broken, `${where}: the answer breaks its documented schema`).toEqual([]);
}

/** A server's call with a bearer key, checked against the document. */
async function call(
  key: CreatedApiKey | null,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, ...(key ? { authorization: `Bearer ${key.key}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  checkAnswer(method, url, res);
  return res;
}

const ownerCall = (user: SignedUpUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, cookie: user.cookie, origin: t.config.appUrl.origin },
    ...(payload ? { payload } : {}),
  });

const newKey = async (user: SignedUpUser, scopes: string[]) => {
  const res = await ownerCall(user, 'POST', '/api/api-keys', { name: `Key ${scopes.join('+')}`, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
};

/** Every operation of the document, as a request with `{id}` filled in. */
const everyOperation = () =>
  Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({
      method: method.toUpperCase() as Method,
      url: template.replace('{id}', randomUUID()),
      read: method === 'get',
    })),
  );

// An IP literal on a public address: the save-time check needs no DNS, and nothing is delivered here.
const HOOK_URL = 'https://93.184.215.14/lodestone-hook';

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host: APP_HOST } });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
  // OpenAPI 3.1's schema objects are JSON Schema 2020-12 plus a few annotations of its own.
  ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  addFormats(ajv);

  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  ws = await workspaceOf(t.db, owner);
  await setPlan(t.db, ws, 'business');
  await setPlan(t.db, await workspaceOf(t.db, stranger), 'business');
  readWrite = await newKey(owner, ['read', 'write']);
  readOnly = await newKey(owner, ['read']);
  writeOnly = await newKey(owner, ['write']);

  // A page under an A/B test with a double opt-in, and a lead with everything a lead can hold:
  // answers, a sign-up and a confirmation, a download, a refunded payment and an email tool's sync.
  page = await createForm(t.app, owner, {
    title: 'The Guide',
    publish: true,
    config: {
      fields: [EMAIL_FIELD, textField('f_company', 'Company')],
      abTest: { ...defaultFormConfig().abTest, enabled: true, title: 'The Short Guide' },
    },
  });
  draftOnly = (
    await ownerCall(owner, 'POST', '/api/forms', { config: publishableConfig(null, 'No file yet') })
  ).json<FormDetail>();
  theirPage = await createForm(t.app, stranger, { title: 'Their Page', publish: true });

  const kit = journeyKit(t, '10.34');
  const submitted = await kit.submit(page.id, { email: 'ada@example.com', f_company: 'Engines Ltd' });
  expect(submitted.statusCode, submitted.body).toBe(303);
  const [lead] = await t.db.select().from(leads).where(eq(leads.email, 'ada@example.com'));
  richLead = lead!.id;
  const [mail] = await kit.mails('ada@example.com');
  const verified = await kit.post('/thank-you/verify', {
    t: kit.tokenOf(submitted.headers.location!),
    code: mail!.subject.slice(0, 6),
  });
  expect(verified.statusCode).toBe(303);
  const download = createTokens(t.config.secret).signExpiring('download', richLead, new Date(Date.now() + 86_400_000));
  expect((await kit.visit(`/d/${download}`)).statusCode).toBe(200);
  // Rows as the payment webhooks and the email-tool job leave them.
  await t.db.insert(payments).values({
    id: randomUUID(),
    leadId: richLead,
    formId: page.id,
    workspaceId: ws,
    provider: 'stripe',
    amount: 999,
    currency: 'USD',
    status: 'refunded',
    chargeId: 'pi_123',
    paidAt: new Date(),
    refundedAt: new Date(),
  });
  await t.db.insert(leadSyncs).values({
    leadId: richLead,
    workspaceId: ws,
    provider: 'mailchimp',
    status: 'failed',
    attempts: 3,
    lastError: 'Ada is already a list member.',
  });

  expect((await kit.submit(page.id, { email: 'bob@example.com', f_company: 'Bob & Co' })).statusCode).toBe(303);
  const [bob] = await t.db.select().from(leads).where(eq(leads.email, 'bob@example.com'));
  plainLead = bob!.id;
});
afterAll(() => t?.close());

describe('the public API answers as its document says', () => {
  it('succeeds on every operation with answers that validate', async () => {
    await call(readOnly, 'GET', '/api/v1/forms');
    await call(readOnly, 'GET', `/api/v1/forms/${page.id}`);
    const created = await call(readWrite, 'POST', '/api/v1/forms', { config: { ...page.draft, title: 'API page' } });
    expect(created.statusCode).toBe(201);
    const id = created.json<FormDetail>().id;
    expect(
      (await call(readWrite, 'PATCH', `/api/v1/forms/${id}`, { config: { ...page.draft, title: 'Renamed' } })).statusCode,
    ).toBe(200);
    expect((await call(readWrite, 'POST', `/api/v1/forms/${id}/publish`)).statusCode).toBe(200);
    expect((await call(readWrite, 'POST', `/api/v1/forms/${id}/deactivate`)).statusCode).toBe(200);
    expect((await call(readWrite, 'POST', `/api/v1/forms/${id}/activate`)).statusCode).toBe(200);
    await call(readOnly, 'GET', '/api/v1/forms?status=inactive&limit=1');

    const list = await call(readOnly, 'GET', '/api/v1/leads?limit=1');
    expect(list.json<{ nextCursor: string | null }>().nextCursor).not.toBeNull();
    const detail = await call(readOnly, 'GET', `/api/v1/leads/${richLead}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      email: 'ada@example.com',
      abVariant: expect.stringMatching(/^[ab]$/),
      consents: [{ event: 'signup' }, { event: 'confirmation', method: 'code' }],
      payments: [{ status: 'refunded', reference: 'pi_123' }],
      syncs: [{ provider: 'mailchimp', status: 'failed' }],
    });
    // The keyed hashes stay with the owner's screen: nothing outside Lodestone can use them (decision 0064).
    for (const consent of detail.json<{ consents: object[] }>().consents) {
      expect(consent).not.toHaveProperty('ipHash');
      expect(consent).not.toHaveProperty('userAgentHash');
    }
    expect((await call(readWrite, 'POST', `/api/v1/leads/${plainLead}/erase`)).statusCode).toBe(200);

    const queued = await call(readWrite, 'POST', '/api/v1/exports', { format: 'csv' });
    expect(queued.statusCode).toBe(202);
    await call(readOnly, 'GET', `/api/v1/exports/${queued.json<{ id: string }>().id}`);
    await t.runJobs();
    const ready = await call(readOnly, 'GET', `/api/v1/exports/${queued.json<{ id: string }>().id}`);
    expect(ready.json()).toMatchObject({ status: 'ready' });

    const hook = await call(readWrite, 'POST', '/api/v1/webhooks/endpoints', {
      url: HOOK_URL,
      eventTypes: ['lead.created'],
      formId: page.id,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const hookPath = `/api/v1/webhooks/endpoints/${hook.json<{ id: string }>().id}`;
    await call(readOnly, 'GET', '/api/v1/webhooks/endpoints');
    await call(readOnly, 'GET', hookPath);
    await call(readOnly, 'GET', `${hookPath}/secret`);
    expect(
      (await ownerCall(owner, 'POST', `/api/webhooks/endpoints/${hook.json<{ id: string }>().id}/rotate-secret`)).statusCode,
    ).toBe(200);
    expect((await call(readOnly, 'GET', `${hookPath}/secret`)).json()).toMatchObject({
      previousSecretExpiresAt: expect.any(String),
    });
    expect((await call(readWrite, 'PATCH', hookPath, { description: 'CRM' })).statusCode).toBe(200);
    expect((await call(readWrite, 'DELETE', hookPath)).statusCode).toBe(204);
  });

  it('answers bad input with a 400 problem on every operation', async () => {
    const nul = 'a%00b';
    const bad: Array<[Method, string, object?]> = [
      ['GET', '/api/v1/forms?limit=0'],
      ['POST', '/api/v1/forms', { config: { ...page.draft, title: 5 } }],
      ['GET', `/api/v1/forms/${nul}`],
      ['PATCH', `/api/v1/forms/${page.id}`, { config: { ...page.draft, fields: 'none' } }],
      ['POST', `/api/v1/forms/${draftOnly.id}/publish`],
      ['POST', `/api/v1/forms/${nul}/activate`],
      ['POST', `/api/v1/forms/${nul}/deactivate`],
      ['GET', '/api/v1/leads?limit=101'],
      ['GET', `/api/v1/leads/${nul}`],
      ['POST', `/api/v1/leads/${nul}/erase`],
      ['POST', '/api/v1/exports', { format: 'xlsx' }],
      ['GET', `/api/v1/exports/${nul}`],
      ['GET', `/api/v1/webhooks/endpoints?q=${nul}`],
      ['POST', '/api/v1/webhooks/endpoints', { url: 'http://169.254.169.254/', eventTypes: ['lead.created'] }],
      ['GET', `/api/v1/webhooks/endpoints/${nul}`],
      ['GET', `/api/v1/webhooks/endpoints/${nul}/secret`],
      ['PATCH', `/api/v1/webhooks/endpoints/${randomUUID()}`, { eventTypes: ['no.such.event'] }],
      ['DELETE', `/api/v1/webhooks/endpoints/${nul}`],
    ];
    for (const [method, url, payload] of bad) {
      expect((await call(readWrite, method, url, payload)).statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it("answers 404 where an id (or a page filter) is not the key's workspace's", async () => {
    const missing = randomUUID();
    const notFound: Array<[Method, string, object?]> = [
      ['GET', `/api/v1/forms/${theirPage.id}`],
      ['PATCH', `/api/v1/forms/${theirPage.id}`, { config: page.draft }],
      ['POST', `/api/v1/forms/${theirPage.id}/publish`],
      ['POST', `/api/v1/forms/${theirPage.id}/activate`],
      ['POST', `/api/v1/forms/${theirPage.id}/deactivate`],
      ['GET', `/api/v1/leads?form=${theirPage.id}`],
      ['GET', `/api/v1/leads/${missing}`],
      ['POST', `/api/v1/leads/${missing}/erase`],
      ['POST', '/api/v1/exports', { format: 'csv', form: theirPage.id }],
      ['GET', `/api/v1/exports/${missing}`],
      ['POST', '/api/v1/webhooks/endpoints', { url: HOOK_URL, eventTypes: ['lead.created'], formId: theirPage.id }],
      ['GET', `/api/v1/webhooks/endpoints/${missing}`],
      ['GET', `/api/v1/webhooks/endpoints/${missing}/secret`],
      ['PATCH', `/api/v1/webhooks/endpoints/${missing}`, { description: 'CRM' }],
      ['DELETE', `/api/v1/webhooks/endpoints/${missing}`],
    ];
    for (const [method, url, payload] of notFound) {
      expect((await call(readWrite, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('answers 401 without a key and 403 to a key without the scope, on every operation', async () => {
    for (const { method, url, read } of everyOperation()) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(read ? writeOnly : readOnly, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 429 over the rate limit, on every operation', async () => {
    const busy = await newKey(owner, ['read', 'write']);
    expect((await call(busy, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    // 599 more requests would take a while: the counter is moved to the limit, as they would have.
    await t.db
      .update(rateLimitHits)
      .set({ count: 600 })
      .where(eq(rateLimitHits.key, `api-v1:${busy.id}`));
    for (const { method, url } of everyOperation()) {
      expect((await call(busy, method, url)).statusCode, `${method} ${url}`).toBe(429);
    }
  });

  it('answers 409 and 422 to a reused Idempotency-Key, on every POST', async () => {
    const posts: Array<[string, object?]> = [
      ['/api/v1/forms', { config: { ...page.draft, title: 'Idempotent page' } }],
      [`/api/v1/forms/${randomUUID()}/publish`],
      [`/api/v1/forms/${randomUUID()}/activate`],
      [`/api/v1/forms/${randomUUID()}/deactivate`],
      [`/api/v1/leads/${randomUUID()}/erase`],
      ['/api/v1/exports', { format: 'jsonl' }],
      ['/api/v1/webhooks/endpoints', { url: HOOK_URL, eventTypes: ['lead.created'], formId: randomUUID() }],
    ];
    for (const [url, payload] of posts) {
      const headers = { 'idempotency-key': `contract ${url}` };
      const first = await call(readWrite, 'POST', url, payload, headers);
      expect(first.statusCode, url).toBeLessThan(500);
      // Another request under the same key.
      expect((await call(readWrite, 'POST', `${url}?again=1`, payload, headers)).statusCode, url).toBe(422);
      // The first one still running, as far as a retry can tell.
      await t.db
        .update(apiIdempotency)
        .set({ statusCode: null, body: null })
        .where(and(eq(apiIdempotency.apiKeyId, readWrite.id), eq(apiIdempotency.key, headers['idempotency-key'])));
      expect((await call(readWrite, 'POST', url, payload, headers)).statusCode, url).toBe(409);
    }
  });

  it('answers a body over 1 MB (413) and a body that is not JSON (415) as documented problems', async () => {
    for (const { method, url } of everyOperation().filter((o) => o.method !== 'GET')) {
      const huge = await t.app.inject({
        method,
        url,
        headers: { host: APP_HOST, authorization: `Bearer ${readWrite.key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'x'.repeat(1_100_000) }),
      });
      checkAnswer(method, url, huge);
      expect(huge.statusCode, `${method} ${url}`).toBe(413);
      const xml = await t.app.inject({
        method,
        url,
        headers: { host: APP_HOST, authorization: `Bearer ${readWrite.key}`, 'content-type': 'application/xml' },
        payload: '<config/>',
      });
      checkAnswer(method, url, xml);
      expect(xml.statusCode, `${method} ${url}`).toBe(415);
    }
  });

  it("shows, under each answer, an example of that answer's own status that its schema accepts", () => {
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [mediaType, media] of Object.entries(response.content ?? {})) {
            const where = `${method} ${template} ${status} ${mediaType}`;
            if (media.example === undefined) {
              if (mediaType === 'application/problem+json') wrong.push(`${where}: no example`);
              continue;
            }
            if (!validatorOf(media.schema)(media.example)) wrong.push(`${where}: the example breaks the schema`);
            const shown = (media.example as { status?: unknown }).status;
            if (mediaType === 'application/problem+json' && status !== 'default' && shown !== Number(status)) {
              wrong.push(`${where}: the example's status is ${String(shown)}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has had every documented answer of every operation exercised above', () => {
    const documented = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses)
          .filter((status) => status !== 'default' || method !== 'get')
          .map((status) => `${method} ${template} ${status}`),
      ),
    );
    expect(documented.filter((answer) => !exercised.has(answer))).toEqual([]);
  });
});
