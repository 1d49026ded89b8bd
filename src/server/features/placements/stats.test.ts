import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import type { PlacementStats } from '@/domain/placements';
import type { Role } from '@/domain/team';

// A page's analytics show each of its placements with its impressions, opens and sign-ups.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business');
});
afterAll(() => t.close());

const call = (user: Pick<SignedUpUser, 'cookie'>, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
const statsOf = (user: SignedUpUser, formId: string, query = '') =>
  call(user, 'GET', `/api/forms/${formId}/placements/stats${query}`);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A placement row as the placements API stores it (that API is another part of the feature). */
async function placementOf(formId: string, name: string, display: string, createdAt: string) {
  const id = `plc_${[...randomBytes(16)].map((b) => BASE62[b % 62]).join('')}`;
  await t.db.execute(sql`insert into placements (id, workspace_id, form_id, settings, created_at)
    select ${id}, workspace_id, id, ${JSON.stringify({ name, display })}::jsonb, ${createdAt}::timestamptz from forms where id = ${formId}`);
  return id;
}
async function counted(placementId: string, day: string, impressions: number, opens: number, signups: number) {
  await t.db.execute(sql`insert into placement_daily_stats (placement_id, day, impressions, opens, signups)
    values (${placementId}, ${day}, ${impressions}, ${opens}, ${signups})`);
}
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function joinAs(role: Role): Promise<SignedUpUser> {
  const member = await createUser(t.app, { name: `A ${role}` });
  const invited = await call(owner, 'POST', '/api/team/invitations', { email: member.email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(member, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}

describe('GET /api/forms/:formId/placements/stats', () => {
  it("sums each placement's figures over the analytics' 30 days or all time, listing those with none too", async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const other = await createForm(t.app, owner, { publish: true });
    const popup = await placementOf(form.id, 'Blog popup', 'popup', '2026-01-01T00:00:00Z');
    const bar = await placementOf(form.id, 'Top bar', 'bar', '2026-01-02T00:00:00Z');
    const elsewhere = await placementOf(other.id, 'Other page', 'inline', '2026-01-01T00:00:00Z');
    await counted(popup, daysAgo(0), 10, 4, 2);
    await counted(popup, daysAgo(29), 5, 1, 1);
    await counted(popup, daysAgo(30), 100, 50, 20);
    await counted(elsewhere, daysAgo(0), 7, 7, 7);

    const res = await statsOf(owner, form.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ items: PlacementStats[] }>().items).toEqual([
      { id: popup, name: 'Blog popup', display: 'popup', impressions: 15, opens: 5, signups: 3 },
      { id: bar, name: 'Top bar', display: 'bar', impressions: 0, opens: 0, signups: 0 },
    ]);
    const all = await statsOf(owner, form.id, '?period=all');
    expect(all.json<{ items: PlacementStats[] }>().items[0]).toMatchObject({ impressions: 115, opens: 55, signups: 23 });

    const wrong = await statsOf(owner, form.id, '?period=year');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Period is 30d or all');
  });

  it('is read by every member of the workspace, like the analytics, and not found for another workspace', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const popup = await placementOf(form.id, 'Popup', 'popup', '2026-01-01T00:00:00Z');
    const viewer = await joinAs('viewer');
    const res = await statsOf(viewer, form.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: PlacementStats[] }>().items.map((i) => i.id)).toEqual([popup]);
    expect((await call(viewer, 'GET', `/api/forms/${form.id}/analytics`)).statusCode).toBe(200);

    const stranger = await createUser(t.app);
    const theirs = await statsOf(stranger, form.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(popup);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}/placements/stats`, headers: { host: APP_HOST } }))
        .statusCode,
    ).toBe(401);
  });
});
