import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { events, leads, payments } from '@/server/db/schema';
import { emitEvent } from '@/server/features/outbox';
import { purgeExpiredLeads } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const api = (owner: SignedUpUser, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url: '/api/workspace/retention', headers: { host: APP_HOST, cookie: owner.cookie }, payload });

/** A lead of `formId` that signed up `daysAgo` days ago, confirmed or not. */
async function leadOf(formId: string, workspaceId: string, daysAgo: number, status: 'pending' | 'verified') {
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS);
  const [row] = await t.db
    .insert(leads)
    .values({
      formId,
      workspaceId,
      email: `kept-${randomUUID()}@example.com`,
      status,
      verifiedAt: status === 'verified' ? createdAt : null,
      createdAt,
    })
    .returning({ id: leads.id });
  return row!.id;
}

const remaining = async (ids: string[]) =>
  new Set((await t.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids))).map((r) => r.id));

describe('retention settings', () => {
  it('default to 30 days for unconfirmed leads and no limit for the rest, and are the workspace’s own', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await api(a, 'GET')).json()).toEqual({ pendingLeadDays: 30, allLeadsDays: null });
    const saved = await api(a, 'PUT', { pendingLeadDays: 7, allLeadsDays: 365 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ pendingLeadDays: 7, allLeadsDays: 365 });
    expect((await api(a, 'GET')).json()).toEqual({ pendingLeadDays: 7, allLeadsDays: 365 });
    expect((await api(b, 'GET')).json()).toEqual({ pendingLeadDays: 30, allLeadsDays: null });
  });

  it('refuse what is out of range with the field named, and change nothing', async () => {
    const owner = await createUser(t.app);
    for (const bad of [
      { pendingLeadDays: 0, allLeadsDays: null },
      { pendingLeadDays: 366, allLeadsDays: null },
      { pendingLeadDays: 1.5, allLeadsDays: null },
      { pendingLeadDays: '30', allLeadsDays: null },
      { pendingLeadDays: 30, allLeadsDays: 10 },
      { pendingLeadDays: 30 },
    ]) {
      const res = await api(owner, 'PUT', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.VALIDATION_ERROR);
    }
    expect((await api(owner, 'PUT', { pendingLeadDays: 0, allLeadsDays: null })).json()).toMatchObject({
      errors: { pendingLeadDays: 'Keep unconfirmed leads for 1 to 365 days' },
    });
    expect((await api(owner, 'GET')).json()).toEqual({ pendingLeadDays: 30, allLeadsDays: null });
  });
});

describe('the daily purge of expired leads', () => {
  it('deletes each workspace’s leads past its own limits, and keeps confirmed and paid ones', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const [wa, wb] = [await workspaceOf(t.db, a), await workspaceOf(t.db, b)];
    const [fa, fb] = [await createForm(t.app, a, { publish: true }), await createForm(t.app, b, { publish: true })];
    expect((await api(b, 'PUT', { pendingLeadDays: 60, allLeadsDays: null })).statusCode).toBe(200);

    const old = await leadOf(fa.id, wa, 31, 'pending');
    const recent = await leadOf(fa.id, wa, 29, 'pending');
    const confirmedLongAgo = await leadOf(fa.id, wa, 400, 'verified');
    const confirmedLastYear = await leadOf(fa.id, wa, 300, 'verified');
    const oldButPaid = await leadOf(fa.id, wa, 40, 'pending');
    await t.db.insert(payments).values({
      id: randomUUID(),
      leadId: oldButPaid,
      formId: fa.id,
      workspaceId: wa,
      provider: 'stripe',
      amount: 999,
      currency: 'USD',
    });
    const otherWorkspace = await leadOf(fb.id, wb, 40, 'pending');
    const all = [old, recent, confirmedLongAgo, confirmedLastYear, oldButPaid, otherWorkspace];

    expect(await purgeExpiredLeads(t.db)).toMatchObject({ all: 0 });
    expect(await remaining(all)).toEqual(new Set([recent, confirmedLongAgo, confirmedLastYear, oldButPaid, otherWorkspace]));

    expect((await api(a, 'PUT', { pendingLeadDays: 30, allLeadsDays: 365 })).statusCode).toBe(200);
    await purgeExpiredLeads(t.db);
    expect(await remaining(all)).toEqual(new Set([recent, confirmedLastYear, oldButPaid, otherWorkspace]));
  });

  it('takes a deleted lead’s events (which hold its address) with it, and leaves the kept leads’ events', async () => {
    const owner = await createUser(t.app);
    const ws = await workspaceOf(t.db, owner);
    const form = await createForm(t.app, owner, { publish: true });
    const expired = await leadOf(form.id, ws, 31, 'pending');
    const kept = await leadOf(form.id, ws, 2, 'pending');
    for (const leadId of [expired, kept]) {
      await t.db.transaction((tx) =>
        emitEvent(tx, { workspaceId: ws, formId: form.id, leadId, type: 'lead.created', data: { lead: { id: leadId } } }),
      );
    }
    await purgeExpiredLeads(t.db);
    const left = await t.db
      .select({ leadId: events.leadId })
      .from(events)
      .where(inArray(events.leadId, [expired, kept]));
    expect(left).toEqual([{ leadId: kept }]);
  });
});
