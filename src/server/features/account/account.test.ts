import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStatus } from '@/domain/account';
import type { Team } from '@/domain/team';
import { authPost, createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { mailsOf } from '@tests/kit/mailbox';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { files, forms, organizations, users } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { purgeDueAccounts } from './account.js';

// docs/decisions/0043: deleting an account, after a typed confirmation and a grace period.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (user: SignedUpUser, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
const DAY_MS = 24 * 60 * 60 * 1000;
const storage = () => localStorage(path.join(t.config.dataDir, 'files'));

describe('deleting an account', () => {
  it('needs the address typed and the password; bad input says which and schedules nothing', async () => {
    const user = await createUser(t.app);
    for (const [body, field] of [
      [{ confirm: 'someone@example.com', password: user.password }, 'confirm'],
      [{ confirm: user.email, password: 'not-the-password-9' }, 'password'],
      [{ confirm: user.email }, 'password'],
    ] as const) {
      const res = await call(user, 'POST', '/api/account/deletion', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain(field);
    }
    expect((await call(user, 'GET', '/api/account')).json<AccountStatus>().deletionDueAt).toBeNull();
  });

  it('waits 14 days, can be called off, and then takes the account and the workspace it alone owns, files included', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const page = await createForm(t.app, owner, { title: 'Goes with the account' });
    const [file] = await t.db.select().from(files).where(eq(files.workspaceId, workspaceId));
    const filePath = path.join(t.config.dataDir, 'files', file!.storageKey);
    expect(existsSync(filePath)).toBe(true);

    const scheduled = await call(owner, 'POST', '/api/account/deletion', {
      confirm: owner.email.toUpperCase(),
      password: owner.password,
    });
    const status = scheduled.json<AccountStatus>();
    const due = Date.parse(status.deletionDueAt!);
    expect(Math.abs(due - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    expect(status.workspacesDeleted).toEqual([{ id: workspaceId, name: `${owner.name}'s workspace`, members: 1 }]);

    // Before its time nothing goes; kept, nothing goes at all.
    expect(await purgeDueAccounts(t.db, storage(), new Date(due - 1000))).toBe(0);
    expect((await call(owner, 'DELETE', '/api/account/deletion')).json<AccountStatus>().deletionDueAt).toBeNull();
    expect(await purgeDueAccounts(t.db, storage(), new Date(due + 1000))).toBe(0);

    await call(owner, 'POST', '/api/account/deletion', { confirm: owner.email, password: owner.password });
    expect(await purgeDueAccounts(t.db, storage(), new Date(Date.now() + 15 * DAY_MS))).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
    expect(await t.db.select().from(organizations).where(eq(organizations.id, workspaceId))).toEqual([]);
    expect(await t.db.select().from(forms).where(eq(forms.id, page.id))).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
    expect((await call(owner, 'GET', '/api/account')).statusCode).toBe(401);
    const signIn = await authPost(t.app, '/sign-in/email', { email: owner.email, password: owner.password }, {}, '10.97.0.1');
    expect(signIn.statusCode).toBe(401);
  });

  it('leaves a workspace that has another owner, and the other workspaces it joined, without it', async () => {
    const leaving = await createUser(t.app);
    const staying = await createUser(t.app);
    const shared = await workspaceOf(t.db, staying);
    await setPlan(t.db, shared, 'pro');
    await call(staying, 'POST', '/api/team/invitations', { email: leaving.email, role: 'owner' });
    const [mail] = await mailsOf(t, leaving.email, /invited you to/);
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    expect((await call(leaving, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const sharedPage = await createForm(t.app, staying, { title: 'Stays' });

    const status = (
      await call(leaving, 'POST', '/api/account/deletion', { confirm: leaving.email, password: leaving.password })
    ).json<AccountStatus>();
    expect(status.workspacesDeleted.map((w) => w.id)).not.toContain(shared);
    expect(await purgeDueAccounts(t.db, storage(), new Date(Date.now() + 15 * DAY_MS))).toBe(1);

    expect((await t.db.select().from(forms).where(eq(forms.id, sharedPage.id))).length).toBe(1);
    const team = (await call(staying, 'GET', '/api/team')).json<Team>();
    expect(team.members.map((m) => m.email)).toEqual([staying.email]);
  });
});
