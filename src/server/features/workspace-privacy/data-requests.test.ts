import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import type { AccessExport, DataRequestLog, DataRequestReceipt, ErasureCheck, ErasureOutcome } from '@/domain/data-requests';
import type { FormDetail, LeadListPage } from '@/domain/forms-api';
import type { PaymentListPage } from '@/domain/payments';
import { consentText } from '@/landing';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import {
  dataRequests,
  devMail,
  erasureTombstones,
  leadConsents,
  leadEmails,
  leadExports,
  leads,
  payments,
  rateLimitHits,
  submissions,
} from '@/server/db/schema';
import { SEND_EMAIL_TASK } from '@/server/features/mail';

let t: TestApp;
let a: SignedUpUser;
let b: SignedUpUser;
let wa: string;
let wb: string;
let guide: FormDetail;
let checklist: FormDetail;
let theirs: FormDetail;
const PERSON = 'grace.hopper@example.com';
const EXPORT_KEY = `export-${randomUUID()}.csv`;
const filesDir = () => path.join(t.config.dataDir, 'files');
const NAME_FIELD = {
  id: 'f_name',
  type: 'text' as const,
  label: 'First name',
  placeholder: '',
  required: false,
  options: [],
  helpText: '',
  param: '',
};

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await createUser(t.app), await createUser(t.app)];
  [wa, wb] = [await workspaceOf(t.db, a), await workspaceOf(t.db, b)];
  const withName = (title: string) => ({
    title,
    publish: true,
    config: {
      fields: [
        {
          id: 'email',
          type: 'email' as const,
          label: 'Email Address',
          placeholder: '',
          required: true,
          options: [],
          helpText: '',
          param: '',
        },
        NAME_FIELD,
      ],
    },
  });
  guide = await createForm(t.app, a, withName('The Guide'));
  // No double opt-in: its lead is confirmed at once, so the owner's new-lead notice is queued too.
  const checklistPage = withName('The Checklist');
  checklist = await createForm(t.app, a, { ...checklistPage, config: { ...checklistPage.config, doubleOptIn: false } });
  theirs = await createForm(t.app, b, withName('Their Page'));
});
afterAll(() => t.close());

const owner = (user: SignedUpUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) }, payload });

const jobKeys = async () =>
  new Set(
    (
      await t.db.execute<{ key: string }>(
        sql`select key from graphile_worker.jobs where key is not null and task_identifier = ${SEND_EMAIL_TASK}`,
      )
    ).rows.map((r) => r.key),
  );

const leadsOf = (workspaceId: string, email = PERSON) =>
  t.db
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.email, email)));

/**
 * The person signs up on both of A's pages and on B's (the same address): the first emails are
 * sent (copies in the dev mailbox), the later ones stay queued because sending fails for now.
 */
async function personSignsUpEverywhere() {
  const { submit } = journeyKit(t, '10.77');
  expect((await submit(guide.id, { email: '  Grace.Hopper@Example.com ', f_name: 'Grace' })).statusCode).toBe(303);
  expect((await submit(theirs.id, { email: PERSON, f_name: 'Grace B' })).statusCode).toBe(303);
  await t.runJobs();
  // The checklist tells its owner about each new lead: that notice holds the address too.
  const notify = await owner(a, 'PUT', `/api/forms/${checklist.id}/notifications`, { ownerNotify: 'each' });
  expect(notify.statusCode, notify.body).toBe(200);
  expect((await submit(checklist.id, { email: PERSON, f_name: 'Grace' })).statusCode).toBe(303);
  const theirSecond = await createForm(t.app, b, { title: 'Their Second', publish: true });
  expect((await submit(theirSecond.id, { email: PERSON })).statusCode).toBe(303);
  await t.runJobs({
    mailer: {
      send: async () => {
        throw new Error('the mail server is down');
      },
    },
  });
  // A's first lead paid once (tax records), and A exported its leads.
  const [first] = await t.db
    .select()
    .from(leads)
    .where(and(eq(leads.formId, guide.id), eq(leads.email, PERSON)));
  await t.db.insert(payments).values({
    id: randomUUID(),
    leadId: first!.id,
    formId: guide.id,
    workspaceId: wa,
    provider: 'stripe',
    amount: 1250,
    currency: 'EUR',
    status: 'paid',
    chargeId: 'pi_tax_record',
    paidAt: new Date(),
  });
  mkdirSync(filesDir(), { recursive: true });
  writeFileSync(path.join(filesDir(), EXPORT_KEY), `email\n${PERSON}\n`);
  await t.db
    .insert(leadExports)
    .values({ workspaceId: wa, requestedBy: a.id, format: 'csv', filter: {}, status: 'ready', storageKey: EXPORT_KEY });
}

describe('data-subject requests', () => {
  beforeAll(personSignsUpEverywhere);

  it('answer 401 without a session, and refuse an address that is not one', async () => {
    expect((await owner(null, 'POST', '/api/privacy/access', { email: PERSON })).statusCode).toBe(401);
    expect((await owner(null, 'POST', '/api/privacy/erasure', { email: PERSON, confirmEmail: PERSON })).statusCode).toBe(401);
    expect((await owner(null, 'GET', '/api/privacy/requests')).statusCode).toBe(401);
    const bad = await owner(a, 'POST', '/api/privacy/access', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { email: 'Enter a valid email address' } });
  });

  it('access: one JSON file with every lead, answer, consent, payment and email of the address, across pages', async () => {
    const res = await owner(a, 'POST', '/api/privacy/access', { email: ' GRACE.hopper@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lodestone-access-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = res.json<AccessExport>();
    expect(file.subject).toBe(PERSON);
    expect(file.erasure).toBeNull();
    expect(file.leads.map((l) => l.page.name).sort()).toEqual(['The Checklist', 'The Guide']);
    const first = file.leads.find((l) => l.page.id === guide.id)!;
    expect(first.answers).toEqual([{ fieldId: 'f_name', label: 'First name', value: 'Grace' }]);
    expect(first.consents).toHaveLength(1);
    expect(first.consents[0]).toMatchObject({
      event: 'signup',
      agreed: true,
      text: consentText({ businessName: 'Acme Marketing' }),
      pageVersion: 1,
    });
    expect(first.consents[0]!.ipHash).toMatch(/\S{20,}/);
    expect(first.submissions).toHaveLength(1);
    expect(first.payments).toEqual([
      expect.objectContaining({ amount: 1250, currency: 'EUR', status: 'paid', chargeId: 'pi_tax_record' }),
    ]);
    expect(first.emails).toEqual([expect.objectContaining({ kind: 'code', deliveredAt: expect.any(String) })]);
    const second = file.leads.find((l) => l.page.id === checklist.id)!;
    // Confirmed at once (no double opt-in): the owner's notice about it, then its download link, both still queued.
    expect(second.emails).toEqual([
      expect.objectContaining({ kind: 'owner-notice', deliveredAt: null }),
      expect.objectContaining({ kind: 'delivery', deliveredAt: null }),
    ]);
    expect(file.notes.join(' ')).toMatch(/48 hours/);
    // B's lead of the same address is not in A's file.
    expect(JSON.stringify(file)).not.toContain('Grace B');

    const unknown = await owner(a, 'POST', '/api/privacy/access', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<AccessExport>().leads).toEqual([]);
  });

  it('erasure: refuses a confirmation that differs, naming the field, and changes nothing', async () => {
    const before = await leadsOf(wa);
    const res = await owner(a, 'POST', '/api/privacy/erasure', { email: PERSON, confirmEmail: 'grace.hoper@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, errors: { confirmEmail: expect.any(String) } });
    expect(await leadsOf(wa)).toHaveLength(before.length);
    expect(await t.db.select().from(erasureTombstones).where(eq(erasureTombstones.workspaceId, wa))).toEqual([]);
  });

  it('erasure: removes the person from every page of the workspace, keeps payments without them, and touches no other workspace', async () => {
    const mine = await leadsOf(wa);
    const theirsLeads = await leadsOf(wb);
    expect(mine).toHaveLength(2);
    expect(theirsLeads).toHaveLength(2);
    const [myIds, theirIds] = [mine.map((l) => l.id), theirsLeads.map((l) => l.id)];
    const myMessages = (await t.db.select().from(leadEmails).where(inArray(leadEmails.leadId, myIds))).map((e) => e.messageId);
    const theirMessages = (await t.db.select().from(leadEmails).where(inArray(leadEmails.leadId, theirIds))).map(
      (e) => e.messageId,
    );
    expect(myMessages).toHaveLength(3);
    expect(theirMessages).toHaveLength(2);
    const queuedBefore = await jobKeys();
    // The checklist's download link and its owner's notice are still queued.
    expect(myMessages.filter((m) => queuedBefore.has(m))).toHaveLength(2);
    expect(theirMessages.filter((m) => queuedBefore.has(m))).toHaveLength(1);
    const counters = async () => (await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    const countersBefore = await counters();

    const res = await owner(a, 'POST', '/api/privacy/erasure', { email: PERSON.toUpperCase(), confirmEmail: ` ${PERSON} ` });
    expect(res.statusCode, res.body).toBe(200);
    const { counts } = res.json<ErasureOutcome>();
    expect(counts).toEqual({
      leads: 2,
      answers: 2,
      consents: 2,
      submissions: 2,
      emailsLogged: 3,
      queuedEmailsRemoved: 2,
      sentEmailsRemoved: 1,
      rateLimitCounters: 2,
      paymentsAnonymised: 1,
      exportFilesRemoved: 1,
    });

    // A's person is gone: leads, submissions, consents, email log, queued job, sent copy.
    expect(await leadsOf(wa)).toEqual([]);
    expect(await t.db.select().from(submissions).where(inArray(submissions.leadId, myIds))).toEqual([]);
    expect(await t.db.select().from(leadConsents).where(inArray(leadConsents.leadId, myIds))).toEqual([]);
    expect(await t.db.select().from(leadEmails).where(inArray(leadEmails.leadId, myIds))).toEqual([]);
    expect(await t.db.select().from(devMail).where(inArray(devMail.messageId, myMessages))).toEqual([]);
    const queuedAfter = await jobKeys();
    expect(myMessages.filter((m) => queuedAfter.has(m))).toEqual([]);
    expect(queuedAfter.size).toBe(queuedBefore.size - 2);
    expect(await t.db.select().from(leadExports).where(eq(leadExports.workspaceId, wa))).toEqual([]);
    expect(existsSync(path.join(filesDir(), EXPORT_KEY))).toBe(false);
    const countersAfter = await counters();
    expect(countersAfter.length).toBe(countersBefore.length - 2);
    expect(
      countersAfter.filter((k) => k.startsWith(`submit-email:${guide.id}:`) || k.startsWith(`submit-email:${checklist.id}:`)),
    ).toEqual([]);

    // The payment stays for tax, with nothing that points to the person.
    const [kept] = await t.db.select().from(payments).where(eq(payments.chargeId, 'pi_tax_record'));
    expect(kept).toMatchObject({
      leadId: null,
      submissionId: null,
      amount: 1250,
      currency: 'EUR',
      status: 'paid',
      workspaceId: wa,
    });
    const listed = await owner(a, 'GET', `/api/forms/${guide.id}/payments`);
    expect(listed.json<PaymentListPage>().items).toEqual([
      expect.objectContaining({ leadId: null, email: null, amount: 1250, reference: 'pi_tax_record' }),
    ]);

    // B's lead of the same address is whole: lead, consents, email log, queued job, sent copy, counters.
    expect(await leadsOf(wb)).toHaveLength(2);
    expect(await t.db.select().from(leadConsents).where(inArray(leadConsents.leadId, theirIds))).toHaveLength(2);
    expect(await t.db.select().from(leadEmails).where(inArray(leadEmails.leadId, theirIds))).toHaveLength(2);
    expect(theirMessages.filter((m) => queuedAfter.has(m))).toHaveLength(1);
    expect(await t.db.select().from(devMail).where(inArray(devMail.messageId, theirMessages))).toHaveLength(1);
    expect(countersAfter.filter((k) => k.startsWith(`submit-email:${theirs.id}:`))).toHaveLength(1);

    // The address appears nowhere in the tombstone or the log.
    const stored = JSON.stringify([
      await t.db.select().from(erasureTombstones),
      await t.db.select().from(dataRequests),
    ]).toLowerCase();
    expect(stored).not.toContain(PERSON);
    expect(stored).not.toContain('grace');

    // The owner's leads list no longer shows the person.
    const list = await owner(a, 'GET', `/api/leads?q=${encodeURIComponent(PERSON)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<LeadListPage>().items).toEqual([]);
    expect((await owner(a, 'GET', '/api/leads')).json<LeadListPage>().items.map((l) => l.email)).not.toContain(PERSON);
  });

  it('erasure: is idempotent, and the check proves it without keeping the address', async () => {
    const again = await owner(a, 'POST', '/api/privacy/erasure', { email: PERSON, confirmEmail: PERSON });
    expect(again.statusCode).toBe(200);
    expect(Object.values(again.json<ErasureOutcome>().counts).every((n) => n === 0)).toBe(true);
    const tombstones = await t.db.select().from(erasureTombstones).where(eq(erasureTombstones.workspaceId, wa));
    expect(tombstones).toHaveLength(1);

    const check = await owner(a, 'POST', '/api/privacy/erasure/check', { email: PERSON });
    expect(check.json<ErasureCheck>()).toEqual({ erased: true, erasedAt: tombstones[0]!.erasedAt.toISOString() });
    expect((await owner(a, 'POST', '/api/privacy/erasure/check', { email: 'nobody@example.com' })).json()).toEqual({
      erased: false,
      erasedAt: null,
    });
    // Erased from A only.
    expect((await owner(b, 'POST', '/api/privacy/erasure/check', { email: PERSON })).json<ErasureCheck>().erased).toBe(false);
    const access = await owner(a, 'POST', '/api/privacy/access', { email: PERSON });
    expect(access.json<AccessExport>()).toMatchObject({
      leads: [],
      erasure: { erasedAt: tombstones[0]!.erasedAt.toISOString() },
    });
  });

  it('logs every request, newest first, with a receipt of its own workspace only', async () => {
    const log = (await owner(a, 'GET', '/api/privacy/requests')).json<DataRequestLog>();
    expect(log.items.map((r) => r.kind)).toEqual(['access', 'erasure', 'erasure', 'access', 'access']);
    expect(log.items.every((r) => r.requestedByEmail === a.email)).toBe(true);
    expect(log.items[2]!.records).toMatchObject({ leads: 2, paymentsAnonymised: 1 });
    expect(log.items[4]!.records).toMatchObject({ leads: 2, consents: 2, payments: 1, emails: 3 });
    expect((await owner(b, 'GET', '/api/privacy/requests')).json<DataRequestLog>().items).toEqual([]);

    const erasure = log.items[2]!;
    const res = await owner(a, 'GET', `/api/privacy/requests/${erasure.id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lodestone-receipt-\d{4}-\d{2}-\d{2}\.json"$/);
    const receipt = res.json<DataRequestReceipt>();
    expect(receipt).toMatchObject({ requestId: erasure.id, kind: 'erasure', requestedBy: a.email, records: erasure.records });
    expect(receipt.subjectHash).toMatch(/\S{20,}/);
    expect(receipt.kept.join(' ')).toMatch(/tax/);
    expect(receipt.notLinkable.join(' ')).toMatch(/48 hours/);
    expect(JSON.stringify(receipt).toLowerCase()).not.toContain('grace');

    const foreign = await owner(b, 'GET', `/api/privacy/requests/${erasure.id}/receipt`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(foreign.body).not.toContain(erasure.id);
    expect((await owner(a, 'GET', '/api/privacy/requests/not-an-id/receipt')).statusCode).toBe(404);
    expect((await owner(a, 'GET', `/api/privacy/requests/${randomUUID()}/receipt`)).statusCode).toBe(404);
  });
});
