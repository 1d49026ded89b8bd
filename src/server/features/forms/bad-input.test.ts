import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPost, createForm, createUser, multipartFile, type SignedUpUser } from '@tests/kit/owner';
import { uniqueEmail } from '@tests/kit/data';
import { pdfBytes, publishableConfig } from '@tests/kit/data';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { files, forms, users } from '@/server/db/schema/index';

// Input PostgreSQL cannot store (a NUL, U+0000) or ids that are not ids: a clear 4xx with the usual
// { code, message } body, and nothing changed. These all answered 500 before.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: owner.cookie }, payload });

const expectClear4xx = (res: { statusCode: number; json(): unknown }, what: string) => {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.json(), what).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
};

const NUL = '\u0000';

describe('a NUL in a form', () => {
  it('is refused in the title on create, naming the field, and creates nothing', async () => {
    const before = await t.db.select({ id: forms.id }).from(forms);
    const res = await call('POST', '/api/forms', { config: publishableConfig(null, `Guide${NUL}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { 'config.title': expect.stringContaining('NUL') } });
    expect(await t.db.select({ id: forms.id }).from(forms)).toHaveLength(before.length);
  });

  it('is refused in every draft string on save, and the draft stays as it was', async () => {
    const form = await createForm(t.app, owner, { title: 'Untouched' });
    const base = publishableConfig(null, 'Untouched');
    const variants: Array<[string, object]> = [
      ['config.title', { title: `a${NUL}b` }],
      ['config.description', { description: NUL }],
      ['config.businessName', { businessName: `Acme${NUL}` }],
      ['config.leadMagnetName', { leadMagnetName: `${NUL}PDF` }],
      ['config.thankyouMessage', { thankyouMessage: `Thanks${NUL}` }],
      ['config.customScript', { customScript: `console.log(1)${NUL}` }],
      ['config.fields.0.label', { fields: [{ ...base.fields[0]!, label: `Email${NUL}` }] }],
      ['config.fields.0.placeholder', { fields: [{ ...base.fields[0]!, placeholder: `you@${NUL}` }] }],
    ];
    for (const [path, change] of variants) {
      const res = await call('PUT', `/api/forms/${form.id}`, { config: { ...base, ...change } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toHaveProperty([path]);
    }
    const [row] = await t.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row!.draft.title).toBe('Untouched');
    expect(JSON.stringify(row!.draft)).not.toContain('\\u0000');
  });

  it('is refused in a query string', async () => {
    const res = await call('GET', `/api/forms?q=${encodeURIComponent(`x${NUL}`)}`);
    expectClear4xx(res, 'q');
    expectClear4xx(await call('GET', `/api/forms/stats?cursor=%00`), 'cursor');
  });
});

describe('ids that are not ids', () => {
  it('GET /api/forms/%00 and the routes below it answer 4xx', async () => {
    for (const [method, url] of [
      ['GET', '/api/forms/%00'],
      ['PUT', '/api/forms/%00'],
      ['DELETE', '/api/forms/%00'],
      ['POST', '/api/forms/%00/publish'],
      ['PATCH', '/api/forms/%00/status'],
      ['GET', '/api/forms/%00/analytics'],
      ['GET', '/api/forms/%00/leads'],
      ['GET', '/api/forms/%00/payments'],
      ['GET', '/api/files/%00'],
    ] as const) {
      expectClear4xx(await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}), `${method} ${url}`);
    }
  });

  it('GET /api/files/ followed by 36 dashes is a 404', async () => {
    const res = await call('GET', `/api/files/${'-'.repeat(36)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'This file was not found.' });
  });
});

describe('an upload named with control characters', () => {
  it('is stored under the name without them', async () => {
    const upload = multipartFile(pdfBytes(), `gu${NUL}ide\t.pdf`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { host: APP_HOST, cookie: owner.cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('guide.pdf');
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row!.name).toBe('guide.pdf');
  });
});

describe('a NUL in a sign-up', () => {
  it('is refused with 400 naming the field (not a failed insert) and creates no account', async () => {
    const email = uniqueEmail('nul');
    const res = await authPost(
      t.app,
      '/sign-up/email',
      { name: `Ada${NUL}`, email, password: 'correct-horse-42' },
      {},
      '10.9.9.9',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { name: expect.stringContaining('NUL') } });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});
