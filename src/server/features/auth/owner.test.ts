import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPost, createForm, createUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { members, organizations } from '@/server/db/schema/index';

// Teams are Lodestone's own routes (features/team): better-auth's organization plugin stays unmounted,
// and only a membership with one of Lodestone's roles grants anything.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie } });

describe('the organization endpoints', () => {
  it('are not mounted: inviting, creating and listing answer 404 and store nothing', async () => {
    const owner = await createUser(t.app);
    const workspaceId = (await get('/api/me', owner.cookie)).json().workspace.id as string;
    const attempts = [
      ['/organization/invite-member', { email: 'someone@example.com', role: 'admin', organizationId: workspaceId }],
      ['/organization/create', { name: 'Team', slug: `team-${randomUUID()}` }],
      ['/organization/set-active', { organizationId: workspaceId }],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await authPost(t.app, path, body, { cookie: owner.cookie });
      expect(res.statusCode, path).toBe(404);
    }
    for (const path of ['/organization/list', '/organization/get-full-organization', '/organization/list-members']) {
      expect((await get(`/api/auth${path}`, owner.cookie)).statusCode, path).toBe(404);
    }
    const rows = await t.db.select().from(members).where(eq(members.userId, owner.id));
    expect(rows).toEqual([expect.objectContaining({ organizationId: workspaceId, role: 'owner' })]);
  });
});

describe('the owner check', () => {
  it("gives a membership with a role Lodestone does not know nothing: only the user's own workspace", async () => {
    const victim = await createUser(t.app);
    const secret = await createForm(t.app, victim, { title: 'Victim only' });
    const victimWorkspace = (await get('/api/me', victim.cookie)).json().workspace.id as string;

    // A membership that is not 'owner', older than the intruder's own workspace (the old check took the oldest).
    const intruder = await createUser(t.app);
    await t.db.insert(members).values({
      id: randomUUID(),
      organizationId: victimWorkspace,
      userId: intruder.id,
      role: 'member',
      createdAt: new Date('2000-01-01T00:00:00Z'),
    });

    const me = (await get('/api/me', intruder.cookie)).json();
    expect(me.workspace.id).not.toBe(victimWorkspace);
    const list = (await get('/api/forms', intruder.cookie)).json();
    expect(JSON.stringify(list)).not.toContain(secret.id);
    expect((await get(`/api/forms/${secret.id}`, intruder.cookie)).statusCode).toBe(404);
  });

  it('lets a user who belongs only to another workspace work in it with their role, and gives one with none a workspace of their own', async () => {
    const other = await createUser(t.app);
    const otherWorkspace = (await get('/api/me', other.cookie)).json().workspace.id as string;
    const user = await createUser(t.app);
    await t.db.delete(members).where(and(eq(members.userId, user.id), eq(members.role, 'owner')));
    await t.db.insert(members).values({ id: randomUUID(), organizationId: otherWorkspace, userId: user.id, role: 'admin' });
    expect((await get('/api/me', user.cookie)).json().workspace).toMatchObject({ id: otherWorkspace, role: 'admin' });

    await t.db.delete(members).where(eq(members.userId, user.id));
    const res = await get('/api/forms', user.cookie);
    expect(res.statusCode).toBe(200);
    const workspace = (await get('/api/me', user.cookie)).json().workspace;
    expect(workspace).toMatchObject({ role: 'owner' });
    expect(workspace.id).not.toBe(otherWorkspace);
    const [own] = await t.db.select().from(organizations).where(eq(organizations.id, workspace.id));
    expect(own).toBeDefined();
  });
});
