import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { PLAN_LIMIT_MESSAGE, type FormDetail, type FormListPage } from '@/domain/forms-api';
import type { Role } from '@/domain/team';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { files, formDailyStats, leads } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { purgeExpiredForms } from './purge-deleted-forms.task.js';

// POST /api/forms/:id/duplicate: a copy of a page as last edited, unpublished and without leads,
// taking a page slot like creating one; both pages share the stored file safely.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: Pick<SignedUpUser, 'cookie'>, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
const duplicate = (user: SignedUpUser, id: string) => call(user, 'POST', `/api/forms/${id}/duplicate`);

const nextAddress = addressPool('10.88');
/** A visitor signs up on a published page without double opt-in; returns the thank-you page's download. */
async function signUpAndDownload(formId: string, email: string) {
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: nextAddress(),
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), email, consent: 'yes' }).toString(),
  });
  expect(submitted.statusCode).toBe(303);
  const page = await t.app.inject({ method: 'GET', url: submitted.headers.location as string, headers: { host: PUBLIC_HOST } });
  const link = new URL(page.body.match(/href="(http[^"]+\/d\/[^"]+)"/)![1]!);
  return t.app.inject({ method: 'GET', url: link.pathname, headers: { host: PUBLIC_HOST } });
}

describe('duplicating a page', () => {
  it('copies the page as last edited, titled "Copy of …", unpublished, with no leads or views', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const source = await createForm(t.app, owner, { title: 'Spring Guide', publish: true, config: { doubleOptIn: false } });
    await signUpAndDownload(source.id, 'reader@example.com');
    expect(await t.db.select().from(leads).where(eq(leads.formId, source.id))).toHaveLength(1);
    // Edited since it was published: the copy is the page as the owner last left it.
    const edited = await call(owner, 'PUT', `/api/forms/${source.id}`, {
      config: { ...source.draft, description: 'Edited after publishing.' },
    });
    expect(edited.statusCode).toBe(200);
    const before = edited.json<FormDetail>();

    const res = await duplicate(owner, source.id);
    expect(res.statusCode).toBe(201);
    const copy = res.json<FormDetail>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ name: 'Copy of Spring Guide', status: 'inactive', published: null, publishedAt: null });
    expect(copy.draft.title).toBe('Copy of Spring Guide');
    expect({ ...copy.draft, title: before.draft.title }).toEqual(before.draft);
    expect(copy.draft.leadMagnet).toEqual(before.draft.leadMagnet);
    expect(copy.ownerNotify).toBe(before.ownerNotify);

    const listed = (await call(owner, 'GET', '/api/forms')).json<FormListPage>().items;
    expect(listed[0]).toMatchObject({ id: copy.id, name: 'Copy of Spring Guide', leads: 0, views: 0, published: false });
    expect(await t.db.select().from(leads).where(eq(leads.formId, copy.id))).toEqual([]);
    expect(await t.db.select().from(formDailyStats).where(eq(formDailyStats.formId, copy.id))).toEqual([]);
    // The source is untouched, and the copy is not live.
    expect((await call(owner, 'GET', `/api/forms/${source.id}`)).json<FormDetail>()).toEqual(before);
    const visit = await t.app.inject({ method: 'GET', url: `/f/${copy.id}`, headers: { host: PUBLIC_HOST } });
    expect(visit.statusCode).toBe(404);

    // A copy of a copy, and of a page without a title.
    expect((await duplicate(owner, copy.id)).json<FormDetail>().name).toBe('Copy of Copy of Spring Guide');
    const untitled = (await call(owner, 'POST', '/api/forms', { config: { ...source.draft, title: '' } })).json<FormDetail>();
    expect((await duplicate(owner, untitled.id)).json<FormDetail>().draft.title).toBe('Copy of Untitled form');
  });

  it("is a 404 for another workspace's page, a deleted page or no page at all, and creates nothing", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const page = await createForm(t.app, owner, { title: 'Mine' });
    const theirs = await duplicate(stranger, page.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await call(stranger, 'GET', '/api/forms')).json<FormListPage>().items).toEqual([]);
    expect((await duplicate(owner, 'NoSuchForm12')).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/forms/${page.id}`)).statusCode).toBe(204);
    expect((await duplicate(owner, page.id)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/forms')).json<FormListPage>().items).toEqual([]);
  });

  it('needs the right to edit pages: a viewer is refused, an editor may', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const page = await createForm(t.app, owner, { title: 'Team page' });
    const viewer = await joinAs(owner, 'viewer');
    const refused = await duplicate(viewer, page.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.FORBIDDEN_ROLE });
    expect((await call(owner, 'GET', '/api/forms')).json<FormListPage>().items).toHaveLength(1);
    const editor = await joinAs(owner, 'editor');
    expect((await duplicate(editor, page.id)).statusCode).toBe(201);
  });

  it("respects the plan's page limit with the same message as creating a page", async () => {
    const owner = await createUser(t.app);
    const first = await createForm(t.app, owner, { title: 'One' });
    expect((await duplicate(owner, first.id)).statusCode).toBe(201);
    expect((await duplicate(owner, first.id)).statusCode).toBe(201);
    const over = await duplicate(owner, first.id);
    const created = await call(owner, 'POST', '/api/forms', { config: first.draft });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ code: ErrorCode.PLAN_LIMIT, message: PLAN_LIMIT_MESSAGE });
    expect(over.json()).toEqual(created.json());
    expect((await call(owner, 'GET', '/api/forms')).json<FormListPage>().items).toHaveLength(3);
    // A page in Recently deleted frees its slot, as for creating.
    const [, second] = (await call(owner, 'GET', '/api/forms')).json<FormListPage>().items;
    await call(owner, 'DELETE', `/api/forms/${second!.id}`);
    expect((await duplicate(owner, first.id)).statusCode).toBe(201);
  });
});

describe('the shared file', () => {
  it("outlives either page: deleting and purging the source leaves the copy's download intact", async () => {
    const owner = await createUser(t.app);
    const source = await createForm(t.app, owner, { title: 'Shared', publish: true, config: { doubleOptIn: false } });
    const copy = (await duplicate(owner, source.id)).json<FormDetail>();
    expect((await call(owner, 'POST', `/api/forms/${copy.id}/publish`)).statusCode).toBe(200);
    const fileId = source.draft.leadMagnet!.id;

    expect((await call(owner, 'DELETE', `/api/forms/${source.id}`)).statusCode).toBe(204);
    const storage = localStorage(path.join(t.config.dataDir, 'files'));
    const later = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000); // past the 30 days, and the upload a day old
    expect((await purgeExpiredForms(t.db, storage, later)).forms).toBeGreaterThanOrEqual(1);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toHaveLength(1);

    const download = await signUpAndDownload(copy.id, 'after-purge@example.com');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(await mailsOf(t, 'after-purge@example.com')).toHaveLength(1);

    // Once no page uses it any more, it goes.
    expect((await call(owner, 'DELETE', `/api/forms/${copy.id}`)).statusCode).toBe(204);
    await purgeExpiredForms(t.db, storage, later);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([]);
  });
});

/** A new account that accepted `owner`'s invitation as `role`. */
async function joinAs(owner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  const invited = await call(owner, 'POST', '/api/team/invitations', { email: member.email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const accepted = await call(member, 'POST', `/api/invitations/${token}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}
