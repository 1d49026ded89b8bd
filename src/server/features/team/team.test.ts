import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { CreatedApiKey } from '@/domain/api-keys';
import type { FormListPage } from '@/domain/forms-api';
import { can, PERMISSIONS, ROLES, type InvitationPreview, type Role, type Team, type WorkspaceChoice } from '@/domain/team';
import { mailsOf } from '@tests/kit/mailbox';
import { authPost, cookieFrom, createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { invitations } from '@/server/db/schema/index';
import { KEYS_HIDDEN, keysFor } from '@/server/features/payments/routes';
import { permissionOf, ROUTE_PERMISSIONS } from './permissions.js';

// docs/decisions/0042: teams with roles, seats, invitations, removal and an audit log.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: Pick<SignedUpUser, 'cookie'>, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

/** Invites `email` as `role` from `by`, and returns the link's token as the emailed link carries it. */
async function inviteToken(by: SignedUpUser, email: string, role: Role): Promise<string> {
  const res = await call(by, 'POST', '/api/team/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await mailsOf(t, email, /invited you to/);
  const match = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

/** A new account (`role` in `owner`'s workspace) that accepted its invitation; its session now works there. */
async function joinAs(owner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  const token = await inviteToken(owner, member.email, role);
  const res = await call(member, 'POST', `/api/invitations/${token}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

const team = async (user: SignedUpUser) => (await call(user, 'GET', '/api/team')).json<Team>();

describe('an invitation', () => {
  it('is emailed as a single-use link; the invitee signs up with that address, joins with the role, and works in the workspace', async () => {
    const owner = await createUser(t.app, { name: 'Olga Owner' });
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const page = await createForm(t.app, owner, { title: 'Team Guide' });
    const email = `invitee-${Date.now()}@example.com`;
    const token = await inviteToken(owner, email, 'editor');

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, headers: { host: APP_HOST } });
    expect(preview.json<InvitationPreview>()).toMatchObject({ email, role: 'editor', invitedBy: 'Olga Owner', state: 'valid' });
    expect((await team(owner)).invitations.map((i) => i.email)).toEqual([email]);
    expect((await team(owner)).seats).toEqual({ used: 2, limit: 3 });

    const invitee = await createUser(t.app, { email });
    const accepted = await call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.json<WorkspaceChoice>()).toMatchObject({ id: await workspaceOf(t.db, owner), role: 'editor', active: true });
    // Their session now works in the owner's workspace: the owner's page is theirs to see.
    const pages = (await call(invitee, 'GET', '/api/forms')).json<FormListPage>();
    expect(pages.items.map((f) => f.id)).toEqual([page.id]);
    const after = await team(owner);
    expect(after.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'editor'],
    ]);
    expect(after.invitations).toEqual([]);
    // Their own workspace is still theirs, and they can switch back.
    const workspaces = (await call(invitee, 'GET', '/api/workspaces')).json<WorkspaceChoice[]>();
    expect(workspaces.map((w) => [w.role, w.active])).toEqual([
      ['owner', false],
      ['editor', true],
    ]);
    const back = await call(invitee, 'PUT', '/api/workspaces/active', { workspaceId: workspaces[0]!.id });
    expect(back.statusCode).toBe(200);
    expect((await call(invitee, 'GET', '/api/forms')).json<FormListPage>().items).toEqual([]);

    // Used once: again, or by anyone else, it opens nothing.
    expect((await call(invitee, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(409);
    const preview2 = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, headers: { host: APP_HOST } });
    expect(preview2.json<InvitationPreview>().state).toBe('used');
  });

  it('is refused to an account with another address, and once expired or withdrawn', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    await setPlan(t.db, workspaceId, 'business');
    const invitee = await createUser(t.app);
    const stranger = await createUser(t.app);

    const token = await inviteToken(owner, invitee.email, 'viewer');
    const wrong = await call(stranger, 'POST', `/api/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<{ message: string }>().message).toContain(`This invitation is for ${invitee.email}`);
    expect((await team(owner)).members).toHaveLength(1);

    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, invitee.email));
    const expired = await call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ message: string }>().message).toBe('This invitation has expired. Ask for a new one.');

    // A new invitation replaces any older one; withdrawn, its link is dead too.
    const again = await inviteToken(owner, invitee.email, 'viewer');
    const [pending] = (await team(owner)).invitations;
    expect((await call(owner, 'DELETE', `/api/team/invitations/${pending!.id}`)).statusCode).toBe(204);
    expect((await call(invitee, 'POST', `/api/invitations/${again}/accept`)).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `/api/team/invitations/${pending!.id}`)).statusCode).toBe(404);

    // Forged and malformed tokens are simply not found; a NUL byte is refused before anything runs.
    for (const bad of ['x'.repeat(43), 'short'])
      expect((await call(invitee, 'POST', `/api/invitations/${bad}/accept`)).statusCode, bad).toBe(404);
    expect((await call(invitee, 'POST', '/api/invitations/%00/accept')).statusCode).toBe(400);
    expect((await team(owner)).members).toHaveLength(1);
  });

  it('of an address already in the team is refused, and bad input changes nothing', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    const self = await call(owner, 'POST', '/api/team/invitations', { email: owner.email.toUpperCase(), role: 'editor' });
    expect(self.statusCode).toBe(409);
    for (const body of [
      { email: 'not-an-address', role: 'editor' },
      { email: 'a@example.com', role: 'god' },
      { email: 'a@example.com' },
    ]) {
      const res = await call(owner, 'POST', '/api/team/invitations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await team(owner)).invitations).toEqual([]);
  });
});

describe('invitation emails', () => {
  it('are at most 20 an hour per workspace, so re-sending cannot become a mailing loop', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const again = () =>
      call(owner, 'POST', '/api/team/invitations', { email: `loop-${owner.id}@example.com`.toLowerCase(), role: 'viewer' });
    for (let i = 0; i < 20; i += 1) expect((await again()).statusCode).toBe(201);
    const refused = await again();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ message: string }>().message).toMatch(
      /^This workspace has sent 20 invitations in the last hour\. Try again in \d+ minutes?\.$/,
    );
    expect((await team(owner)).invitations).toHaveLength(1); // each re-send replaced the last
  });
});

describe('seats', () => {
  it('follow the plan: Free has one, and its invite is refused with the way to Pro', async () => {
    const owner = await createUser(t.app);
    const res = await call(owner, 'POST', '/api/team/invitations', { email: 'colleague@example.com', role: 'editor' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string; message: string }>()).toEqual({
      code: ErrorCode.PLAN_LIMIT,
      message: 'A second seat needs Pro: the Free plan has 1 seat (you). Pro has 3.',
    });
    expect(await mailsOf(t, 'colleague@example.com')).toEqual([]);
  });

  it('count pending invitations, and invitations sent at once never take more than the plan has', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        call(owner, 'POST', '/api/team/invitations', { email: `seat-${i}-${owner.id}@example.com`, role: 'viewer' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403]);
    expect((await team(owner)).seats).toEqual({ used: 3, limit: 3 });
  });
});

describe('roles', () => {
  let owner: SignedUpUser;
  const as = {} as Record<Exclude<Role, 'owner'>, SignedUpUser>;
  beforeAll(async () => {
    owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
    for (const role of ['admin', 'editor', 'viewer'] as const) as[role] = await joinAs(owner, role);
  });

  it('are those of the issue: a viewer only reads, an editor has pages and leads, an admin all but billing and deletion', () => {
    const granted = (role: Role) => Object.keys(PERMISSIONS).filter((p) => can(role, p as keyof typeof PERMISSIONS));
    expect(granted('viewer')).toEqual(['read']);
    expect(granted('editor')).toEqual(['read', 'editPages', 'manageLeads']);
    expect(granted('admin')).toEqual([
      'read',
      'editPages',
      'manageLeads',
      'exportLeads',
      'manageIntegrations',
      'managePayments',
      'manageMembers',
      'manageWorkspace',
    ]);
    expect(granted('owner')).toEqual(Object.keys(PERMISSIONS));
  });

  it('every route that changes something names its permission; one that does not stops the server from starting', () => {
    expect(() => permissionOf({ method: 'POST', url: '/api/new-thing' })).toThrow(/needs an entry in ROUTE_PERMISSIONS/);
    expect(permissionOf({ method: 'GET', url: '/api/forms' })).toBe('read');
    expect(permissionOf({ method: 'HEAD', url: '/api/webhooks/endpoints/:id/secret' })).toBe('manageIntegrations');
  });

  it('are enforced on the server for every listed route: a role without the permission gets 403 and nothing runs', async () => {
    const sensitive = Object.entries(ROUTE_PERMISSIONS).filter(([, p]) => p !== 'read');
    let refused = 0;
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      for (const [route, permission] of sensitive) {
        const [method, pattern] = route.split(' ') as [Method, string];
        const url = pattern.replace(/:(\w+)/g, (_, name: string) =>
          name === 'provider' ? 'mailchimp' : '00000000-0000-4000-8000-000000000000',
        );
        const res = await call(as[role], method, url, method === 'GET' ? undefined : {});
        const code = res.statusCode === 403 ? res.json<{ code: string }>().code : null;
        if (can(role, permission)) expect(code, `${role} ${route}`).not.toBe(ErrorCode.FORBIDDEN_ROLE);
        else {
          expect([res.statusCode, code], `${role} ${route}`).toEqual([403, ErrorCode.FORBIDDEN_ROLE]);
          refused += 1;
        }
      }
    }
    // viewer: every sensitive route; editor: the admins'; admin: billing and deletion (none routed yet).
    expect(refused).toBeGreaterThan(sensitive.length);
    expect(PERMISSIONS.read).toEqual(ROLES);
  });

  it('let an editor edit pages but not export, set or see payment keys, or manage members; a viewer changes nothing', async () => {
    const page = await createForm(t.app, owner, { title: 'Shared page' });
    const edit = await call(as.editor, 'PATCH', `/api/forms/${page.id}/status`, { status: 'active' });
    expect(edit.statusCode, edit.body).not.toBe(403);
    expect((await call(as.editor, 'POST', '/api/leads/exports', { format: 'csv' })).statusCode).toBe(403);
    expect((await call(as.editor, 'PUT', '/api/payments/stripe', { secretKey: 'sk_test_x' })).statusCode).toBe(403);
    expect((await call(as.editor, 'POST', '/api/team/invitations', { email: 'x@example.com', role: 'viewer' })).statusCode).toBe(
      403,
    );

    const deleted = await call(as.viewer, 'DELETE', `/api/forms/${page.id}`);
    expect(deleted.json<{ message: string }>().message).toBe('Your role in this workspace (Viewer) does not allow this.');
    expect((await call(owner, 'GET', `/api/forms/${page.id}`)).statusCode).toBe(200);
    expect((await call(as.viewer, 'GET', `/api/forms/${page.id}`)).statusCode).toBe(200); // reading is fine
    const download = await t.app.inject({
      method: 'GET',
      url: '/exports/00000000-0000-4000-8000-000000000000/download?t=x',
      headers: { host: APP_HOST, cookie: as.viewer.cookie },
    });
    expect(download.statusCode).toBe(403);
  });

  it('show payment keys, even masked, only to owners and admins; the others see that a provider is connected', () => {
    const connectedAt = '2026-11-27T00:00:00.000Z';
    const settings = {
      stripe: {
        platform: false,
        account: null,
        webhookUrl: 'w',
        events: [],
        connection: { secretKey: 'sk_test_…4242', webhookSecret: 'whsec_…abcd', livemode: false, connectedAt },
      },
      paypal: { webhookUrl: 'p', events: [], platform: false, merchant: null, connection: null },
    };
    expect(keysFor('admin', settings)).toBe(settings);
    for (const role of ['editor', 'viewer'] as const) {
      const seen = keysFor(role, settings);
      expect(seen.stripe.connection).toEqual({
        secretKey: KEYS_HIDDEN,
        webhookSecret: KEYS_HIDDEN,
        livemode: false,
        connectedAt,
      });
      expect(JSON.stringify(seen)).not.toMatch(/4242|abcd/);
    }
  });

  it('are changed only within what the caller may give: an admin makes no owner, and the last owner stays one', async () => {
    const tryRole = (by: SignedUpUser, who: SignedUpUser, role: Role) =>
      call(by, 'PATCH', `/api/team/members/${who.id}`, { role });
    expect((await tryRole(as.admin, as.editor, 'owner')).statusCode).toBe(403);
    expect((await tryRole(as.admin, owner, 'viewer')).statusCode).toBe(403);
    expect((await tryRole(as.editor, as.viewer, 'editor')).statusCode).toBe(403);
    expect((await tryRole(owner, owner, 'admin')).statusCode).toBe(409);
    const promoted = await tryRole(as.admin, as.viewer, 'editor');
    expect(promoted.json()).toMatchObject({ userId: as.viewer.id, role: 'editor' });
    expect((await tryRole(as.admin, as.viewer, 'viewer')).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/team/members/00000000`)).statusCode).toBe(404);
  });
});

describe('another workspace', () => {
  it('cannot see, change, remove or withdraw anything of this team: every attempt is a 404 and nothing changes', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const editor = await joinAs(owner, 'editor');
    await inviteToken(owner, `pending-${owner.id}@example.com`.toLowerCase(), 'viewer');
    const [pending] = (await team(owner)).invitations;
    const stranger = await createUser(t.app);
    const theirWorkspace = await workspaceOf(t.db, owner);

    expect(JSON.stringify(await team(stranger))).not.toContain(editor.email);
    expect((await call(stranger, 'PATCH', `/api/team/members/${editor.id}`, { role: 'viewer' })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/team/members/${editor.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/team/invitations/${pending!.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', '/api/workspaces/active', { workspaceId: theirWorkspace })).statusCode).toBe(404);
    expect((await team(owner)).members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [editor.email, 'editor'],
    ]);
    expect((await team(owner)).invitations).toHaveLength(1);
  });
});

describe('removing a member', () => {
  it('ends their sessions in the workspace and their API keys at once, and leaves them their own workspace', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    await setPlan(t.db, workspaceId, 'business');
    const admin = await joinAs(owner, 'admin');
    const key = (await call(admin, 'POST', '/api/api-keys', { name: 'Admin’s key', scopes: ['read'] })).json<CreatedApiKey>();
    const v1 = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/forms', headers: { host: APP_HOST, authorization: `Bearer ${key.key}` } });
    expect((await v1()).statusCode).toBe(200);
    // A second session of theirs, signed in elsewhere and switched to the workspace.
    const other = cookieFrom(
      (await authPost(t.app, '/sign-in/email', { email: admin.email, password: admin.password }, {}, '10.99.0.7')).headers[
        'set-cookie'
      ],
    );
    expect((await call({ cookie: other }, 'PUT', '/api/workspaces/active', { workspaceId })).statusCode).toBe(200);
    await createForm(t.app, owner, { title: 'Owner only' });

    expect((await call(owner, 'DELETE', `/api/team/members/${admin.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', '/api/forms')).statusCode).toBe(401);
    expect((await call({ cookie: other }, 'GET', '/api/forms')).statusCode).toBe(401);
    expect((await v1()).statusCode).toBe(401);
    // Signing in again, they are in their own workspace only.
    const again = cookieFrom(
      (await authPost(t.app, '/sign-in/email', { email: admin.email, password: admin.password }, {}, '10.99.0.8')).headers[
        'set-cookie'
      ],
    );
    expect((await call({ cookie: again }, 'GET', '/api/forms')).json<FormListPage>().items).toEqual([]);
    expect((await call({ cookie: again }, 'PUT', '/api/workspaces/active', { workspaceId })).statusCode).toBe(404);
  });

  it('is refused for the last owner leaving; a member who leaves is out at once; the log says who did what', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
    const editor = await joinAs(owner, 'editor');
    expect((await call(owner, 'POST', '/api/team/leave')).statusCode).toBe(409);
    expect((await call(editor, 'GET', '/api/team/audit')).statusCode).toBe(403);
    expect((await call(editor, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await team(owner)).members.map((m) => m.role)).toEqual(['owner']);

    const log = (await call(owner, 'GET', '/api/team/audit')).json<{
      items: { actor: string; action: string; target: string }[];
    }>();
    expect(log.items.map((e) => [e.actor, e.action, e.target])).toEqual([
      [editor.email, 'Left the workspace', editor.email],
      [editor.email, 'Joined the workspace', `${editor.email} as Editor`],
      [owner.email, 'Invited a member', `${editor.email} as Editor`],
    ]);
  });
});
