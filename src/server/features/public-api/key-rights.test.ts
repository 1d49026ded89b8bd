import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@/domain/api-keys';
import type { FormDetail } from '@/domain/forms-api';
import { problemSchema } from '@/domain/public-api';
import type { Role } from '@/domain/team';
import type { WebhookEndpoint } from '@/domain/webhooks-api';
import { publishableConfig } from '@tests/kit/data';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { forms, leadExports, leads, users } from '@/server/db/schema/index';
import { purgeDueAccounts } from '@/server/features/account/index';

// docs/decisions/0063: an API key acts with no more than its creator's rights in the workspace NOW:
// the key's scope and the creator's current role, both checked on every request, with the same
// permission table as the app; a creator who is no longer a member leaves a key that does not work.

let t: TestApp;
let owner: SignedUpUser;
let ws: string;
let page: FormDetail;
let leadId: string;
let endpoint: WebhookEndpoint;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const session = (user: SignedUpUser, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
const api = (key: CreatedApiKey, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, authorization: `Bearer ${key.key}` },
    ...(payload ? { payload } : {}),
  });

type Answer = Awaited<ReturnType<typeof api>>;
const expectProblem = (res: Answer, status: number, anchor: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = problemSchema.strict().parse(res.json());
  expect(body.type).toMatch(new RegExp(`#errors-${anchor}$`));
  return body;
};

/** A new account that accepted an invitation to `owner`'s workspace as `role`. */
async function joinAs(role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  expect((await session(owner, 'POST', '/api/team/invitations', { email: member.email, role })).statusCode).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await session(member, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}

const setRole = async (member: SignedUpUser, role: Role) =>
  expect((await session(owner, 'PATCH', `/api/team/members/${member.id}`, { role })).statusCode).toBe(200);

async function newKey(user: SignedUpUser): Promise<CreatedApiKey> {
  const res = await session(user, 'POST', '/api/api-keys', { name: `${user.email}'s key`, scopes: ['read', 'write'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

const statusOfPage = async () =>
  (await t.db.select({ status: forms.status }).from(forms).where(eq(forms.id, page.id)))[0]!.status;
const exportsOf = async (userId: string) =>
  (
    await t.db
      .select({ id: leadExports.id })
      .from(leadExports)
      .where(and(eq(leadExports.workspaceId, ws), eq(leadExports.requestedBy, userId)))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { name: 'Olga Owner' });
  ws = await workspaceOf(t.db, owner);
  await setPlan(t.db, ws, 'business');
  page = await createForm(t.app, owner, { title: 'The Guide', publish: true });
  const [lead] = await t.db
    .insert(leads)
    .values({ formId: page.id, workspaceId: ws, email: 'kept@example.com', status: 'verified' })
    .returning({ id: leads.id });
  leadId = lead!.id;
  const created = await session(owner, 'POST', '/api/webhooks/endpoints', {
    url: 'https://93.184.215.14/hooks',
    eventTypes: ['lead.created'],
  });
  expect(created.statusCode, created.body).toBe(201);
  endpoint = created.json<WebhookEndpoint>();
});
afterAll(() => t.close());

describe('a key made by an admin who is then made a viewer', () => {
  it('only reads: no page switched off, no export, no webhook or secret, no erasure (403, nothing changed)', async () => {
    const admin = await joinAs('admin');
    const key = await newKey(admin);
    // As an admin, the key switches a page off and on and exports.
    expect((await api(key, 'POST', `/api/v1/forms/${page.id}/deactivate`)).statusCode).toBe(200);
    expect((await api(key, 'POST', `/api/v1/forms/${page.id}/activate`)).statusCode).toBe(200);
    const exported = await api(key, 'POST', '/api/v1/exports', { format: 'csv' });
    expect(exported.statusCode, exported.body).toBe(202);
    const exportId = exported.json<{ id: string }>().id;
    expect(await exportsOf(admin.id)).toBe(1);

    await setRole(admin, 'viewer');
    // Their session turns viewer at once…
    expect((await session(admin, 'PATCH', `/api/forms/${page.id}/status`, { status: 'inactive' })).statusCode).toBe(403);
    // …and so does their key.
    expect((await api(key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    expect((await api(key, 'GET', `/api/v1/leads/${leadId}`)).statusCode).toBe(200);
    const refused = expectProblem(await api(key, 'POST', `/api/v1/forms/${page.id}/deactivate`), 403, 'forbidden');
    expect(refused.detail).toMatch(/Viewer/);
    expect(await statusOfPage()).toBe('active');
    expectProblem(
      await api(key, 'PATCH', `/api/v1/forms/${page.id}`, { config: publishableConfig(null, 'Mine') }),
      403,
      'forbidden',
    );
    expectProblem(await api(key, 'POST', '/api/v1/forms', { config: publishableConfig(null, 'New') }), 403, 'forbidden');
    expectProblem(await api(key, 'POST', `/api/v1/forms/${page.id}/publish`), 403, 'forbidden');
    expectProblem(await api(key, 'POST', '/api/v1/exports', { format: 'csv' }), 403, 'forbidden');
    expectProblem(await api(key, 'GET', `/api/v1/exports/${exportId}`), 403, 'forbidden');
    expect(await exportsOf(admin.id)).toBe(1);
    expectProblem(await api(key, 'POST', `/api/v1/leads/${leadId}/erase`), 403, 'forbidden');
    expect(await t.db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId))).toHaveLength(1);
    expectProblem(
      await api(key, 'POST', '/api/v1/webhooks/endpoints', { url: 'https://93.184.215.14/x', eventTypes: ['lead.created'] }),
      403,
      'forbidden',
    );
    expectProblem(await api(key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}/secret`), 403, 'forbidden');
    expectProblem(await api(key, 'DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`), 403, 'forbidden');
    expect((await api(key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(200);
  });

  it('works as an editor when made one (pages yes, exports and webhooks no), and as an admin again', async () => {
    const admin = await joinAs('admin');
    const key = await newKey(admin);
    await setRole(admin, 'editor');
    expect((await api(key, 'POST', `/api/v1/forms/${page.id}/deactivate`)).statusCode).toBe(200);
    expect(await statusOfPage()).toBe('inactive');
    expect((await api(key, 'POST', `/api/v1/forms/${page.id}/activate`)).statusCode).toBe(200);
    expect(expectProblem(await api(key, 'POST', '/api/v1/exports', { format: 'csv' }), 403, 'forbidden').detail).toMatch(
      /Editor/,
    );
    expectProblem(await api(key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}/secret`), 403, 'forbidden');
    expect(await exportsOf(admin.id)).toBe(0);

    await setRole(admin, 'admin');
    expect((await api(key, 'POST', '/api/v1/exports', { format: 'csv' })).statusCode).toBe(202);
    expect((await api(key, 'GET', `/api/v1/webhooks/endpoints/${endpoint.id}/secret`)).statusCode).toBe(200);
  });
});

describe('a key whose creator is no longer a member', () => {
  it('stops working (401) when its creator is removed from the workspace', async () => {
    const admin = await joinAs('admin');
    const key = await newKey(admin);
    expect((await api(key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    expect((await session(owner, 'DELETE', `/api/team/members/${admin.id}`)).statusCode).toBe(204);
    expectProblem(await api(key, 'GET', '/api/v1/forms'), 401, 'unauthorized');
  });

  it('stops working (401) when its creator deleted their account, and changes nothing', async () => {
    const admin = await joinAs('admin');
    const key = await newKey(admin);
    expect((await api(key, 'GET', '/api/v1/forms')).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, admin.id));
    await purgeDueAccounts(t.db, t.storage);
    expect(expectProblem(await api(key, 'GET', '/api/v1/forms'), 401, 'unauthorized').detail).toMatch(/no longer a member/);
    expectProblem(await api(key, 'POST', `/api/v1/forms/${page.id}/deactivate`), 401, 'unauthorized');
    expectProblem(await api(key, 'POST', '/api/v1/exports', { format: 'csv' }), 401, 'unauthorized');
    expect(await statusOfPage()).toBe('active');
  });
});
