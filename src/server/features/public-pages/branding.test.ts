import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { ErrorCode } from '@/domain/api-errors';
import { BADGE_TEXT, REMOVE_BRANDING_NEEDS_PRO } from '@/domain/branding';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { liveFormsSynced, peekLiveForm } from '@/server/features/submissions';

// The "Made with Lodestone" link (docs/decisions/0044): on every Free page; Pro and Business may switch it off
// per page; the plan decides when the page is shown, so a plan change needs no new version.
let t: TestApp;
let port: number;
/** Requests that reached Fastify (the fast path's answers from memory never do). */
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** The published page as a browser gets it, over a real socket: through Fastify first, then from memory. */
function visit(id: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: `/f/${id}`, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const badge = () => `<a href="${t.config.appUrl.origin}/?ref=badge" target="_blank" rel="noopener">${BADGE_TEXT}</a>`;

/** Whether the page shows the link, checked twice: the second answer comes from this server's memory once cached. */
async function showsLink(id: string): Promise<boolean> {
  const first = await visit(id);
  const second = await visit(id);
  expect(first.status).toBe(200);
  expect(second.body.includes(BADGE_TEXT)).toBe(first.body.includes(BADGE_TEXT));
  if (first.body.includes(BADGE_TEXT)) expect(first.body).toContain(badge());
  return first.body.includes(BADGE_TEXT);
}

const ownerApi = (user: SignedUpUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, cookie: user.cookie }, payload });

const save = (user: SignedUpUser, form: FormDetail, config: Partial<FormConfig>) =>
  ownerApi(user, 'PUT', `/api/forms/${form.id}`, { config: { ...form.draft, ...config } });

describe('"Made with Lodestone" on published pages', () => {
  let free: SignedUpUser;
  let pro: SignedUpUser;
  beforeAll(async () => {
    free = await createUser(t.app);
    pro = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, pro), 'pro');
  });

  it('shows the link at the bottom of a Free page, to the app home with ?ref=badge, opening a new tab', async () => {
    const form = await createForm(t.app, free, { publish: true });
    expect(form.published?.showBranding).toBe(true); // on by default
    const { body } = await visit(form.id);
    expect(body).toContain(`<footer class="ls-badge">${badge()}</footer>`);
    // After the card, at the end of the page's main.
    expect(body.indexOf('<footer class="ls-badge">')).toBeGreaterThan(body.indexOf('class="ls-card"'));
    expect(body).toMatch(/<\/footer><\/main>/);
    expect(await showsLink(form.id)).toBe(true);
    expect((await ownerApi(free, 'GET', '/api/me')).json().workspace.plan).toBe('free');
  });

  it('refuses to save the removal on Free, changes nothing, and the page keeps its link', async () => {
    const form = await createForm(t.app, free, { publish: true });
    const refused = await save(free, form, { showBranding: false, title: 'Changed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.PLAN_LIMIT, message: REMOVE_BRANDING_NEEDS_PRO });
    const after = (await ownerApi(free, 'GET', `/api/forms/${form.id}`)).json<FormDetail>();
    expect(after.draft).toEqual(form.draft);
    expect(after.updatedAt).toBe(form.updatedAt);
    expect(await showsLink(form.id)).toBe(true);

    // Nor may a new page start without it.
    const created = await ownerApi(free, 'POST', '/api/forms', { config: { ...form.draft, showBranding: false } });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(REMOVE_BRANDING_NEEDS_PRO);
    const list = (await ownerApi(free, 'GET', '/api/forms')).json<{ items: unknown[] }>();
    expect(list.items).toHaveLength(2);
  });

  it('lets a Pro page go without the link, and a Pro page with the switch on keeps it', async () => {
    const without = await createForm(t.app, pro, { publish: true, config: { showBranding: false } });
    const withLink = await createForm(t.app, pro, { publish: true });
    expect(without.published?.showBranding).toBe(false);
    expect(await showsLink(without.id)).toBe(false);
    expect(await showsLink(withLink.id)).toBe(true);

    // Switched back on and published: the link is back.
    expect((await save(pro, without, { showBranding: true })).statusCode).toBe(200);
    expect((await ownerApi(pro, 'POST', `/api/forms/${without.id}/publish`)).statusCode).toBe(200);
    expect(await showsLink(without.id)).toBe(true);
  });

  it('follows the plan on the next request: back on Free the link returns, on Pro again it goes, with no new version', async () => {
    const owner = await createUser(t.app);
    const workspace = await workspaceOf(t.db, owner);
    await setPlan(t.db, workspace, 'business');
    const form = await createForm(t.app, owner, { publish: true, config: { showBranding: false } });
    expect(await showsLink(form.id)).toBe(false);
    const before = throughFastify;
    expect(await showsLink(form.id)).toBe(false);
    expect(throughFastify).toBe(before); // both answers from memory: the fast path serves it

    await setPlan(t.db, workspace, 'free');
    expect(await showsLink(form.id)).toBe(true);
    expect(peekLiveForm(t.db, form.id)).toMatchObject({ version: 1, plan: 'free' });

    // Still on Free, the owner may go on editing the page: its own setting is kept, not a new removal.
    const edited = await save(owner, form, { title: 'Edited on Free' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<FormDetail>().draft.showBranding).toBe(false);
    expect(await showsLink(form.id)).toBe(true);

    await setPlan(t.db, workspace, 'pro');
    expect(await showsLink(form.id)).toBe(false);
    expect(peekLiveForm(t.db, form.id)).toMatchObject({ version: 1, plan: 'pro' });
  });

  it('shows the link on a page published before the setting existed; a config without it is saved with it on', async () => {
    const form = await createForm(t.app, pro, { publish: true, config: { showBranding: false } });
    expect(await showsLink(form.id)).toBe(false);
    await t.db.execute(sql`update forms set published = published - 'showBranding' where id = ${form.id}`);
    await liveFormsSynced(t.db);
    expect(await showsLink(form.id)).toBe(true);

    const omitted = await createForm(t.app, pro, { config: { showBranding: undefined } });
    expect(omitted.draft.showBranding).toBe(true);
  });
});
