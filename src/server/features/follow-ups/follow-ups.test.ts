import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpStats } from '@/domain/follow-ups-api';
import type { FollowUps, FollowUpStep } from '@/domain/follow-ups';
import type { FormConfig } from '@/domain/form-config';
import type { LeadDetail } from '@/domain/lead-detail';
import { followUpLeads, followUpSends, leadConsents, leads } from '@/server/db/schema/index';
import { addJob } from '@/server/lib/jobs';
import { devMailbox, type Mailer, type OutgoingMail } from '@/server/lib/mailer';
import { visitorWords } from '@/server/lib/visitor-words';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { followUpDeps } from './deps.js';
import { FOLLOW_UP_SWEEP_TASK, sweepFollowUps } from './sweep.js';

// docs/decisions/0090: a page's follow-up sequence, sent by the minute's sweep at controlled times.

let t: TestApp;
let kit: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.90');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const step = (id: string, delay: number, unit: 'hours' | 'days', subject: string, text = `Text of ${id}`): FollowUpStep => ({
  id,
  delay,
  unit,
  at: '',
  subject,
  text,
});

const THREE_STEPS = [
  step('welcome', 1, 'days', 'Welcome to {business_name}'),
  step('tips', 2, 'days', 'Three tips'),
  step('offer', 1, 'hours', 'A last word'),
];

const sequence = (patch: Partial<FollowUps> = {}): FollowUps => ({
  steps: THREE_STEPS,
  paused: false,
  basis: 'consent',
  basisNote: '',
  optInText: '',
  timeZone: 'UTC',
  ...patch,
});

const owned = (owner: SignedUpUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function page(owner: SignedUpUser, config: Partial<FormConfig> = {}) {
  return createForm(t.app, owner, { publish: true, config: { doubleOptIn: false, followUps: sequence(), ...config } });
}

/** Publishes the page again with its sequence changed (what the page creator's save and publish do). */
async function republish(owner: SignedUpUser, formId: string, followUps: FollowUps) {
  const current = (await owned(owner, 'GET', `/api/forms/${formId}`)).json<{ draft: FormConfig }>();
  const saved = await owned(owner, 'PUT', `/api/forms/${formId}`, { config: { ...current.draft, followUps } });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await owned(owner, 'POST', `/api/forms/${formId}/publish`);
  expect(published.statusCode, published.body).toBe(200);
}

/**
 * A sign-up, ticking the page's opt-in (`ls_fu`) or not. The sign-up writes the opt-in's evidence
 * row where the page shows it; where it did not (a page with another basis), `optedIn` null adds none.
 */
async function signUp(formId: string, email: string, optedIn: boolean | null = true) {
  const res = await kit.submit(formId, { email, ...(optedIn ? { ls_fu: 'yes' } : {}) });
  expect(res.statusCode, res.body).toBe(303);
  const [lead] = await t.db.select().from(leads).where(eq(leads.email, email)).orderBy(desc(leads.createdAt)).limit(1);
  const evidence = await t.db
    .select()
    .from(leadConsents)
    .where(and(eq(leadConsents.leadId, lead!.id), eq(leadConsents.event, 'follow_ups')));
  if (optedIn !== null) expect(evidence.map((e) => e.agreed)).toEqual([optedIn]);
  return lead!;
}

/** Every email sent, as the mailer got it (headers included). */
const outbox: OutgoingMail[] = [];
const capturing: Mailer = {
  async send(mail, tx) {
    outbox.push(mail);
    await devMailbox(t.config.mailFrom).send(mail, tx);
  },
};
const sentTo = (to: string) => outbox.filter((m) => m.to === to && /^(Welcome|Three|A last|Edited|Hello)/.test(m.subject));

/** Runs the queued jobs (the lead.confirmed dispatch, emails) with the capturing mailer. */
const runJobs = () => t.runJobs({ mailer: capturing });

/** The crontab's run of the sweep at `at`, as graphile-worker queues it, then everything it queued. */
async function sweepAt(at: Date) {
  await addJob(t.db, FOLLOW_UP_SWEEP_TASK, { _cron: { ts: at.toISOString(), backfilled: false } });
  await runJobs();
}

async function startOf(leadId: string): Promise<Date> {
  const [row] = await t.db.select().from(followUpLeads).where(eq(followUpLeads.leadId, leadId));
  expect(row, 'the lead is on the sequence').toBeDefined();
  return row!.startedAt;
}

describe('a three-step sequence', () => {
  it('sends each step once, in order, at its time, with one-click unsubscribe headers', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const lead = await signUp(form.id, 'three@example.com');
    await runJobs();
    const start = await startOf(lead.id);

    await sweepAt(new Date(start.getTime() + DAY - 60_000));
    expect(sentTo('three@example.com')).toHaveLength(0);

    const first = new Date(start.getTime() + DAY + 30_000);
    await sweepAt(first);
    expect(sentTo('three@example.com').map((m) => m.subject)).toEqual(['Welcome to Acme Marketing']);
    const [mail] = sentTo('three@example.com');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:3000\/unsubscribe\/[^>]+>$/);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain('Text of welcome');
    expect(mail!.html).toContain(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    expect(mail!.fromName).toBe('Acme Marketing');

    // The second is two days after the first was sent, not after the start.
    await sweepAt(new Date(first.getTime() + 2 * DAY - 60_000));
    expect(sentTo('three@example.com')).toHaveLength(1);
    const second = new Date(first.getTime() + 2 * DAY);
    await sweepAt(second);
    await sweepAt(new Date(second.getTime() + 30 * 60_000));
    expect(sentTo('three@example.com').map((m) => m.subject)).toEqual(['Welcome to Acme Marketing', 'Three tips']);
    await sweepAt(new Date(second.getTime() + HOUR));
    await sweepAt(new Date(second.getTime() + 30 * DAY));
    expect(sentTo('three@example.com').map((m) => m.subject)).toEqual(['Welcome to Acme Marketing', 'Three tips', 'A last word']);

    const detail = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(detail.followUps).toMatchObject({ optedIn: true, state: 'finished', next: null });
    expect(detail.followUps.sent.map((s) => [s.position, s.stepId])).toEqual([
      [1, 'welcome'],
      [2, 'tips'],
      [3, 'offer'],
    ]);
    const stats = (await owned(owner, 'GET', `/api/forms/${form.id}/follow-ups`)).json<FollowUpStats>();
    expect(stats).toMatchObject({ leads: 1, sent: 3, sentByStep: { welcome: 1, tips: 1, offer: 1 }, unsubscribed: 0 });
  });

  it("speaks the page's language", async () => {
    const owner = await createUser(t.app);
    const form = await page(owner, { language: 'fr' });
    const lead = await signUp(form.id, 'francais@example.com');
    await runJobs();
    await sweepAt(new Date((await startOf(lead.id)).getTime() + DAY));
    const [mail] = sentTo('francais@example.com');
    expect(mail!.html).toContain('lang="fr"');
    const fr = visitorWords('fr');
    expect(fr('email.followUp.unsubscribe')).not.toBe(visitorWords('en')('email.followUp.unsubscribe'));
    expect(mail!.text).toContain(fr('email.followUp.unsubscribe'));
    expect(mail!.text).toContain(
      fr('email.followUp.footer', { leadMagnet: 'Email Playbook PDF', businessName: 'Acme Marketing' }),
    );
  });
});

describe('who gets a sequence', () => {
  it('a lead who did not opt in gets nothing; on a page with another basis, every lead does', async () => {
    const owner = await createUser(t.app);
    const consent = await page(owner);
    const other = await page(owner, { followUps: sequence({ basis: 'other', basisNote: 'Existing customers (soft opt-in)' }) });
    const declined = await signUp(consent.id, 'declined@example.com', false);
    const customer = await signUp(other.id, 'customer@example.com', null);
    await runJobs();
    await sweepAt(new Date(Date.now() + 2 * DAY));
    expect(sentTo('declined@example.com')).toHaveLength(0);
    expect(sentTo('customer@example.com').map((m) => m.subject)).toEqual(['Welcome to Acme Marketing']);
    const rows = await t.db.select().from(followUpLeads).where(eq(followUpLeads.leadId, declined.id));
    expect(rows).toHaveLength(0);
    expect(await startOf(customer.id)).toBeInstanceOf(Date);
  });
});

describe('unsubscribing', () => {
  it('one click without a session stops the sequence, the workspace keeps the address out, another workspace does not', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const lead = await signUp(form.id, 'leaver@example.com');
    await runJobs();
    const start = await startOf(lead.id);
    await sweepAt(new Date(start.getTime() + DAY));
    const [mail] = sentTo('leaver@example.com');
    const link = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    const path = new URL(link).pathname;

    const ask = await t.app.inject({ method: 'GET', url: path, headers: { host: PUBLIC_HOST } });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain(`action="${path}"`);

    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const done = await oneClick();
    expect(done.statusCode).toBe(200);
    const again = await oneClick();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(done.body);

    await sweepAt(new Date(start.getTime() + 10 * DAY));
    expect(sentTo('leaver@example.com')).toHaveLength(1);
    const detail = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(detail.followUps).toMatchObject({ optedIn: true, state: 'stopped', stoppedBecause: 'unsubscribed' });
    // Its timeline tells the same story: the email it got and the unsubscribe (this test's clock ran
    // ahead for the send, so they are not compared by time).
    const told = detail.timeline.filter((e) => e.kind === 'follow_up_sent' || e.kind === 'unsubscribed');
    expect(told.map((e) => [e.kind, e.detail])).toEqual(
      expect.arrayContaining([
        ['follow_up_sent', expect.stringMatching(/^Email 1: Welcome to /)],
        ['unsubscribed', null],
      ]),
    );
    expect(told).toHaveLength(2);
    expect(detail.consents.filter((c) => c.event === 'follow_ups' && !c.agreed && c.text === 'Unsubscribed')).toHaveLength(1);

    // The same address on another page of the workspace starts nothing.
    const second = await page(owner);
    const back = await signUp(second.id, 'leaver@example.com');
    await runJobs();
    expect(await t.db.select().from(followUpLeads).where(eq(followUpLeads.leadId, back.id))).toHaveLength(0);

    // Another workspace's page is not bound by this one's list.
    const stranger = await createUser(t.app);
    const elsewhere = await page(stranger);
    const there = await signUp(elsewhere.id, 'leaver@example.com');
    await runJobs();
    await sweepAt(new Date((await startOf(there.id)).getTime() + DAY));
    expect(sentTo('leaver@example.com')).toHaveLength(2);

    const stats = (await owned(owner, 'GET', `/api/forms/${form.id}/follow-ups`)).json<FollowUpStats>();
    expect(stats).toMatchObject({ unsubscribed: 1, sent: 1 });
  });

  it('a link we did not sign is the invalid page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/unsubscribe/not-a-token', headers: { host: PUBLIC_HOST } });
    expect(res.statusCode).toBe(404);
    const get = await t.app.inject({ method: 'GET', url: '/unsubscribe/not-a-token', headers: { host: PUBLIC_HOST } });
    expect(get.statusCode).toBe(404);
  });
});

describe('editing the sequence', () => {
  it('a pause holds what falls due; the resume sends it; an edited subject is the one sent', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const lead = await signUp(form.id, 'paused@example.com');
    await runJobs();
    const start = await startOf(lead.id);

    await republish(owner, form.id, sequence({ paused: true }));
    await sweepAt(new Date(start.getTime() + DAY + 60_000));
    expect(sentTo('paused@example.com')).toHaveLength(0);
    const paused = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(paused.followUps).toMatchObject({ state: 'paused', next: { stepId: 'welcome' } });

    const edited = [{ ...THREE_STEPS[0]!, subject: 'Edited welcome' }, ...THREE_STEPS.slice(1)];
    await republish(owner, form.id, sequence({ steps: edited }));
    await sweepAt(new Date(start.getTime() + DAY + 2 * 60_000));
    expect(sentTo('paused@example.com').map((m) => m.subject)).toEqual(['Edited welcome']);
  });

  it('a step made sooner goes at its new time; one made later waits for it', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const lead = await signUp(form.id, 'sooner@example.com');
    await runJobs();
    const start = await startOf(lead.id);

    await republish(owner, form.id, sequence({ steps: [step('welcome', 2, 'hours', 'Hello sooner'), ...THREE_STEPS.slice(1)] }));
    await sweepAt(new Date(start.getTime() + 2 * HOUR + 60_000));
    expect(sentTo('sooner@example.com').map((m) => m.subject)).toEqual(['Hello sooner']);

    const sentAt = new Date(start.getTime() + 2 * HOUR + 60_000);
    await republish(
      owner,
      form.id,
      sequence({ steps: [step('welcome', 2, 'hours', 'Hello sooner'), step('tips', 5, 'days', 'Three tips')] }),
    );
    await sweepAt(new Date(sentAt.getTime() + 3 * DAY));
    expect(sentTo('sooner@example.com')).toHaveLength(1);
    await sweepAt(new Date(sentAt.getTime() + 5 * DAY));
    expect(sentTo('sooner@example.com').map((m) => m.subject)).toEqual(['Hello sooner', 'Three tips']);
  });
});

describe('sending once', () => {
  it('sweeps run twice and at once send each step once', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const leadsOn = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(form.id, `twice-${i}@example.com`)).map(async (p) => p),
    );
    await runJobs();
    const at = new Date((await startOf(leadsOn[0]!.id)).getTime() + DAY + 5 * 60_000);
    const deps = followUpDeps(t.services);
    const outcomes = await Promise.all([sweepFollowUps(deps, at), sweepFollowUps(deps, at), sweepFollowUps(deps, at)]);
    expect(outcomes.reduce((n, o) => n + o.sent, 0)).toBe(6);
    await sweepAt(at);
    await sweepAt(new Date(at.getTime() + 60_000));
    for (let i = 0; i < 6; i++) expect(sentTo(`twice-${i}@example.com`)).toHaveLength(1);
    const sends = await t.db.select().from(followUpSends).where(eq(followUpSends.formId, form.id));
    expect(sends).toHaveLength(6);
  });

  it('a workspace past its sends of the minute keeps the rest for the next minute', async () => {
    const limited = await createTestApp({ FOLLOW_UP_SENDS_PER_MINUTE: '2' });
    try {
      const owner = await createUser(limited.app);
      const form = await createForm(limited.app, owner, { publish: true, config: { doubleOptIn: false, followUps: sequence() } });
      const limitedKit = journeyKit(limited, '10.91');
      for (let i = 0; i < 5; i++) {
        expect((await limitedKit.submit(form.id, { email: `burst-${i}@example.com`, ls_fu: 'yes' })).statusCode).toBe(303);
      }
      await limited.runJobs();
      const deps = followUpDeps(limited.services);
      const at = new Date(Date.now() + DAY + 60_000);
      expect(await sweepFollowUps(deps, at)).toEqual({ sent: 2, deferred: 3 });
      expect(await sweepFollowUps(deps, new Date(at.getTime() + 30_000))).toEqual({ sent: 0, deferred: 3 });
      expect((await sweepFollowUps(deps, new Date(at.getTime() + 61_000))).sent).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('erasure', () => {
  it('removes the queued follow-ups; the suppression list keeps no address', async () => {
    const owner = await createUser(t.app);
    const form = await page(owner);
    const lead = await signUp(form.id, 'erased@example.com');
    await runJobs();
    // Queued by the sweep, not sent yet.
    expect((await sweepFollowUps(followUpDeps(t.services), new Date((await startOf(lead.id)).getTime() + DAY))).sent).toBe(1);
    const erased = await owned(owner, 'POST', '/api/privacy/erasure', {
      email: 'erased@example.com',
      confirmEmail: 'erased@example.com',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await runJobs();
    expect(sentTo('erased@example.com')).toHaveLength(0);
    expect(await t.db.select().from(followUpLeads).where(eq(followUpLeads.leadId, lead.id))).toHaveLength(0);

    const rows = await t.db.execute<{ row: string }>(sql`select row_to_json(s)::text as row from email_suppressions s`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { row } of rows.rows) expect(row).not.toContain('@');
  });
});

describe("the creator's preview and test", () => {
  it('renders the words not yet saved, and sends a test to the caller only', async () => {
    const owner = await createUser(t.app);
    const body = {
      businessName: 'Acme Marketing',
      leadMagnetName: 'Email Playbook PDF',
      emails: { senderName: 'Ada at Acme', replyTo: '' },
      step: { subject: 'Hi {first_name}', text: 'A tip from {business_name}.' },
    };
    const preview = await owned(owner, 'POST', '/api/forms/follow-up-preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ subject: 'Hi Alex', from: expect.stringContaining('Ada at Acme') });
    expect(preview.json<{ text: string }>().text).toContain('A tip from Acme Marketing.');

    const test = await owned(owner, 'POST', '/api/forms/follow-up-test', body);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ to: owner.email });
    await runJobs();
    expect(outbox.filter((m) => m.to === owner.email && m.subject.includes('Hi Alex'))).toHaveLength(1);
  });
});
