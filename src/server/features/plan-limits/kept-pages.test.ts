import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormDetail } from '@/domain/forms-api';
import type { EditablePages } from '@/domain/plan-usage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = 'This workspace has 5 pages and its plan allows 3. Choose which 3 to keep editing on the dashboard, or upgrade.';

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

/** Every change of a page but its deletion, as the owner app makes them. */
const edits = (user: SignedUpUser, form: FormDetail) => ({
  save: () => call(user, 'PUT', `/api/forms/${form.id}`, { config: form.draft }),
  publish: () => call(user, 'POST', `/api/forms/${form.id}/publish`),
  status: () => call(user, 'PATCH', `/api/forms/${form.id}/status`, { status: 'active' }),
  notifications: () => call(user, 'PUT', `/api/forms/${form.id}/notifications`, { ownerNotify: 'off' }),
  emailTools: () => call(user, 'PUT', `/api/forms/${form.id}/email-tools`, { mailchimp: null, kit: null }),
});

async function expectLocked(user: SignedUpUser, form: FormDetail) {
  for (const [name, edit] of Object.entries(edits(user, form))) {
    const res = await edit();
    expect(res.statusCode, name).toBe(403);
    expect(res.json(), name).toEqual({ code: 'PLAN_LIMIT', message: LOCKED });
  }
}

const editable = async (user: SignedUpUser) => (await call(user, 'GET', '/api/forms/editable')).json<EditablePages>();
const editableIds = async (user: SignedUpUser) => (await editable(user)).pages.filter((p) => p.editable).map((p) => p.id);

/** A Pro workspace's five pages (the first two published), then the workspace back on Free. */
async function downgradedWithFivePages() {
  const user = await createUser(t.app);
  const workspaceId = await workspaceOf(t.db, user);
  await setPlan(t.db, workspaceId, 'pro');
  const pages: FormDetail[] = [];
  for (let i = 0; i < 5; i++) pages.push(await createForm(t.app, user, { title: `Page ${i + 1}`, publish: i < 2 }));
  await setPlan(t.db, workspaceId, 'free');
  return { user, workspaceId, pages };
}

describe('pages over the plan’s number after a downgrade', () => {
  it('stay live, but only the 3 most recently updated can be edited until the owner chooses', async () => {
    const { user, pages } = await downgradedWithFivePages();
    const view = await editable(user);
    expect(view).toMatchObject({ limit: 3, total: 5, overLimit: true });
    expect(view.pages.map((p) => p.id)).toEqual([...pages].reverse().map((p) => p.id));
    expect(await editableIds(user)).toEqual([pages[4]!.id, pages[3]!.id, pages[2]!.id]);

    await expectLocked(user, pages[0]!);
    await expectLocked(user, pages[1]!);
    for (const edit of Object.values(edits(user, pages[4]!))) expect((await edit()).statusCode).toBeLessThan(300);

    // The locked published pages still serve visitors and take their sign-ups.
    expect((await t.app.inject({ method: 'GET', url: `/f/${pages[0]!.id}`, headers: { host: PUBLIC_HOST } })).statusCode).toBe(
      200,
    );
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/f/${pages[0]!.id}`,
      remoteAddress: '198.19.0.1',
      headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...patientVisitorFields(t.config.secret),
        email: 'visitor@example.com',
        consent: 'yes',
      }).toString(),
    });
    expect(signUp.statusCode).toBe(303);
    // And no new page while over the number.
    expect((await call(user, 'POST', '/api/forms', { config: pages[0]!.draft })).statusCode).toBe(403);
  });

  it('lets the owner choose which to keep editing, and refuses a choice of more than the plan allows', async () => {
    const { user, pages } = await downgradedWithFivePages();
    const [first, second, third, fourth, fifth] = pages as [FormDetail, FormDetail, FormDetail, FormDetail, FormDetail];

    const tooMany = await call(user, 'PUT', '/api/forms/editable', { keep: [first.id, second.id, third.id, fourth.id] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('The plan allows 3 pages: choose at most 3 to keep editing.');
    expect((await call(user, 'PUT', '/api/forms/editable', { keep: [first.id, 'AAAAAAAAAAAA'] })).statusCode).toBe(404);
    const stranger = await createUser(t.app);
    const theirs = await createForm(t.app, stranger);
    expect((await call(user, 'PUT', '/api/forms/editable', { keep: [first.id, theirs.id] })).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', '/api/forms/editable', { keep: [first.id] })).statusCode).toBe(404);

    const chosen = await call(user, 'PUT', '/api/forms/editable', { keep: [first.id, second.id] });
    expect(chosen.statusCode).toBe(200);
    // The two kept, then the most recently updated of the rest fills the third place.
    expect(
      chosen
        .json<EditablePages>()
        .pages.filter((p) => p.editable)
        .map((p) => p.id),
    ).toEqual([fifth.id, second.id, first.id]);
    expect(
      chosen
        .json<EditablePages>()
        .pages.filter((p) => p.kept)
        .map((p) => p.id),
    ).toEqual([second.id, first.id]);
    expect((await edits(user, first).save()).statusCode).toBe(200);
    expect((await edits(user, second).publish()).statusCode).toBe(200);
    // Editing a kept page does not take the place of another.
    expect(await editableIds(user)).toEqual(expect.arrayContaining([first.id, second.id, fifth.id]));
    await expectLocked(user, fourth);
    await expectLocked(user, third);

    // Choosing again replaces the choice.
    await call(user, 'PUT', '/api/forms/editable', { keep: [third.id, fourth.id, fifth.id] });
    expect((await edits(user, third).save()).statusCode).toBe(200);
    await expectLocked(user, first);
  });

  it('can be deleted even when locked; at the plan’s number again, every page can be edited', async () => {
    const { user, pages } = await downgradedWithFivePages();
    const [first, second] = pages as [FormDetail, FormDetail];
    expect((await call(user, 'DELETE', `/api/forms/${first.id}`)).statusCode).toBe(204);
    // 4 pages: the locked one left is still locked (the message counts the pages there are now).
    const stillLocked = await edits(user, second).save();
    expect(stillLocked.statusCode).toBe(403);
    expect(stillLocked.json().message).toBe(
      'This workspace has 4 pages and its plan allows 3. Choose which 3 to keep editing on the dashboard, or upgrade.',
    );
    expect((await call(user, 'DELETE', `/api/forms/${pages[4]!.id}`)).statusCode).toBe(204);
    expect(await editable(user)).toMatchObject({ total: 3, overLimit: false });
    for (const edit of Object.values(edits(user, second))) expect((await edit()).statusCode).toBeLessThan(300);
  });

  it('are all editable on a plan without a page limit', async () => {
    const { user, workspaceId, pages } = await downgradedWithFivePages();
    await setPlan(t.db, workspaceId, 'pro');
    const view = await editable(user);
    expect(view).toMatchObject({ limit: null, total: 5, overLimit: false });
    expect(view.pages.every((p) => p.editable)).toBe(true);
    expect((await edits(user, pages[0]!).save()).statusCode).toBe(200);
  });
});
