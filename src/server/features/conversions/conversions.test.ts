import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccessExport } from '@/domain/data-requests';
import type { MarketingContext } from '@/domain/conversions';
import type { ConversionSendList, ConversionSendView, ConversionSettings, ConversionTestResult } from '@/domain/conversions-api';
import type { FormAnalytics } from '@/domain/forms-api';
import type { LeadDetail } from '@/domain/lead-detail';
import { conversionSends, events, leads, payments } from '@/server/db/schema/index';
import { dispatchEvent, emitEvent, paymentEventData } from '@/server/features/outbox/index';
import { releaseHeldLeads } from '@/server/features/plan-limits/index';
import { liveFormsSynced, loadLiveForm } from '@/server/features/submissions/index';
import { PLANS } from '@/domain/plans';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startGa4MpStandIn, type Ga4MpStandIn } from '@tests/stand-ins/ga4-mp';
import { startMetaCapiStandIn, type MetaCapiStandIn } from '@tests/stand-ins/meta-capi';
import { startTiktokEventsStandIn, type TiktokEventsStandIn } from '@tests/stand-ins/tiktok-events';
import { SEND_CONVERSION_TASK, sendJobKey } from './queue.js';

// docs/decisions/0088: conversions sent from the server, against stand-ins that check what the platforms check.

let t: TestApp;
let kit: ReturnType<typeof journeyKit>;
let meta: MetaCapiStandIn;
let ga4: Ga4MpStandIn;
let tiktok: TiktokEventsStandIn;

beforeAll(async () => {
  [meta, ga4, tiktok] = await Promise.all([startMetaCapiStandIn(), startGa4MpStandIn(), startTiktokEventsStandIn()]);
  t = await createTestApp({ META_GRAPH_URL: meta.url, GA4_MP_URL: ga4.url, TIKTOK_API_URL: tiktok.url });
  kit = journeyKit(t, '10.88');
});
afterAll(async () => {
  await t.close();
  await Promise.all([meta.close(), ga4.close(), tiktok.close()]);
});
beforeEach(() => {
  for (const standIn of [meta, ga4, tiktok]) standIn.reset();
});

const owned = (owner: SignedUpUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie, 'user-agent': 'OwnerBrowser/1.0' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

let serial = 100_000;
/** Ids and credentials no other test uses, registered with the stand-ins. */
function newAccounts() {
  serial += 1;
  const accounts = {
    meta: { pixelId: `1234567${serial}`, accessToken: `EAAB${randomUUID().replaceAll('-', '')}`, testEventCode: 'TEST4242' },
    google: { measurementId: `G-TEST${serial}`, apiSecret: `secret_${randomUUID().slice(0, 12)}` },
    tiktok: {
      pixelCode: `C4TEST${serial}ABCDEF`,
      accessToken: `tt${randomUUID().replaceAll('-', '')}`,
      testEventCode: 'TEST7777',
    },
  };
  meta.addPixel(accounts.meta);
  ga4.addStream(accounts.google);
  tiktok.addPixel(accounts.tiktok);
  return accounts;
}

async function connect(owner: SignedUpUser, accounts: ReturnType<typeof newAccounts>, only?: Array<keyof typeof accounts>) {
  for (const destination of only ?? (['meta', 'google', 'tiktok'] as const)) {
    const res = await owned(owner, 'PUT', `/api/conversions/${destination}`, accounts[destination]);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function ownerWithConnections(only?: Array<'meta' | 'google' | 'tiktok'>) {
  const owner = await createUser(t.app);
  const accounts = newAccounts();
  await connect(owner, accounts, only);
  const form = await createForm(t.app, owner, { title: 'Pricing Guide', publish: true, config: { doubleOptIn: false } });
  return { owner, accounts, form };
}

const marketingFor = (overrides: Partial<MarketingContext> = {}): MarketingContext => ({
  eventId: `ev_${randomUUID()}`,
  at: new Date().toISOString(),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Visitor)',
  pageUrl: 'https://pages.example/f/pricing?utm_source=meta',
  fbp: 'fb.1.1700000000000.1234567890',
  fbc: 'fb.1.1700000000000.AbCdEf',
  gaClientId: '1234567890.1700000000',
  ttclid: 'E.C.P.abc123',
  ttp: '2F7h37YkS1j57AYSKTI7IHhJPYH',
  ...overrides,
});

/**
 * A visitor signs up on the page; their sign-up is stored with the marketing consent the page's
 * notice records (null: declined), as the sign-up would store it, before its follow-up runs.
 */
async function signUp(formId: string, email: string, marketing: MarketingContext | null) {
  expect((await kit.submit(formId, { email })).statusCode).toBe(303);
  const [lead] = await t.db
    .select()
    .from(leads)
    .where(and(eq(leads.formId, formId), eq(leads.email, email)));
  await t.db.update(leads).set({ marketing }).where(eq(leads.id, lead!.id));
  return lead!;
}

const sendsOf = (leadId: string) => t.db.select().from(conversionSends).where(eq(conversionSends.leadId, leadId));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Makes the send's waiting retry due now, as the clock would a few seconds later. */
async function retryDueNow(sendId: string) {
  const moved = await t.db.execute(
    sql`update graphile_worker._private_jobs set run_at = now() where key = ${sendJobKey(sendId)} returning id`,
  );
  expect(moved.rows).toHaveLength(1);
}

const jobOf = async (sendId: string) =>
  (
    await t.db.execute<{ run_at: Date; attempts: number }>(
      sql`select run_at, attempts from graphile_worker.jobs where key = ${sendJobKey(sendId)}`,
    )
  ).rows[0];

describe('connecting', () => {
  it('stores the credentials sealed, shows them masked, and names the destinations on the published pages', async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { publish: true });
    const accounts = newAccounts();
    const res = await owned(owner, 'PUT', '/api/conversions/meta', accounts.meta);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(accounts.meta.accessToken);
    expect(res.json<ConversionSettings>()).toEqual({
      meta: {
        accountId: accounts.meta.pixelId,
        maskedCredential: `…${accounts.meta.accessToken.slice(-4)}`,
        testEventCode: 'TEST4242',
        connectedAt: expect.any(String) as string,
      },
      google: null,
      tiktok: null,
    });
    await connect(owner, accounts, ['google', 'tiktok']);
    const settings = (await owned(owner, 'GET', '/api/conversions')).json<ConversionSettings>();
    expect(settings.google).toMatchObject({ accountId: accounts.google.measurementId, testEventCode: null });
    expect(settings.tiktok).toMatchObject({ accountId: accounts.tiktok.pixelCode, testEventCode: 'TEST7777' });

    const dump = JSON.stringify((await t.db.execute(sql`select * from conversion_accounts`)).rows);
    for (const secret of [accounts.meta.accessToken, accounts.google.apiSecret, accounts.tiktok.accessToken])
      expect(dump).not.toContain(secret);
    expect(dump).toContain('v1.');

    await liveFormsSynced(t.db);
    expect(await loadLiveForm(t.db, form.id)).toMatchObject({ conversions: ['google', 'meta', 'tiktok'] });
    const removed = await owned(owner, 'DELETE', '/api/conversions/meta');
    expect(removed.json<ConversionSettings>().meta).toBeNull();
    await liveFormsSynced(t.db);
    expect(await loadLiveForm(t.db, form.id)).toMatchObject({ conversions: ['google', 'tiktok'] });
  });

  it('refuses malformed ids and credentials and stores nothing', async () => {
    const owner = await createUser(t.app);
    const bad = await owned(owner, 'PUT', '/api/conversions/meta', { pixelId: 'abc', accessToken: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string> }>().errors).sort()).toEqual(['accessToken', 'pixelId']);
    const ga = await owned(owner, 'PUT', '/api/conversions/google', { measurementId: 'UA-1234', apiSecret: 'abcdefghij' });
    expect(ga.json<{ errors: Record<string, string> }>().errors).toEqual({
      measurementId: 'A GA4 measurement ID looks like G-ABC123XYZ',
    });
    expect((await owned(owner, 'GET', '/api/conversions')).json<ConversionSettings>()).toEqual({
      meta: null,
      google: null,
      tiktok: null,
    });
  });
});

describe('sending a confirmed lead', () => {
  it('sends it once to each destination with the browser pixel’s event id, however often the event is dispatched', async () => {
    const { form, accounts } = await ownerWithConnections();
    const marketing = marketingFor();
    const lead = await signUp(form.id, 'ada.lovelace@gmail.com', marketing);
    await t.runJobs();

    expect(meta.received).toHaveLength(1);
    const [toMeta] = meta.received;
    expect(toMeta).toMatchObject({ accountId: accounts.meta.pixelId, testEventCode: null });
    expect(toMeta!.event).toEqual({
      event_name: 'Lead',
      event_time: expect.any(Number) as number,
      event_id: marketing.eventId,
      action_source: 'website',
      event_source_url: marketing.pageUrl,
      user_data: {
        em: [sha256('ada.lovelace@gmail.com')],
        client_ip_address: '203.0.113.7',
        client_user_agent: 'Mozilla/5.0 (Visitor)',
        fbp: marketing.fbp,
        fbc: marketing.fbc,
      },
    });
    expect(Math.abs((toMeta!.event.event_time as number) - Date.now() / 1000)).toBeLessThan(60);

    expect(ga4.received).toHaveLength(1);
    const [toGoogle] = ga4.received;
    expect(toGoogle).toMatchObject({ accountId: accounts.google.measurementId, counted: true });
    expect(toGoogle!.event).toMatchObject({
      client_id: marketing.gaClientId,
      // Google's normalisation: a gmail.com local part without its dots.
      user_data: { sha256_email_address: [sha256('adalovelace@gmail.com')] },
      ip_override: '203.0.113.7',
      event: { name: 'generate_lead', params: { event_id: marketing.eventId, engagement_time_msec: 1 } },
    });

    expect(tiktok.received).toHaveLength(1);
    expect(tiktok.received[0]).toMatchObject({ accountId: accounts.tiktok.pixelCode, testEventCode: null });
    expect(tiktok.received[0]!.event).toEqual({
      event: 'SubmitForm',
      event_time: expect.any(Number) as number,
      event_id: marketing.eventId,
      user: {
        email: sha256('ada.lovelace@gmail.com'),
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Visitor)',
        ttclid: marketing.ttclid,
        ttp: marketing.ttp,
      },
      page: { url: marketing.pageUrl },
    });

    const sends = await sendsOf(lead.id);
    expect(sends.map((s) => [s.destination, s.event, s.eventId, s.status, s.attempts]).sort()).toEqual([
      ['google', 'lead', marketing.eventId, 'sent', 1],
      ['meta', 'lead', marketing.eventId, 'sent', 1],
      ['tiktok', 'lead', marketing.eventId, 'sent', 1],
    ]);
    // The stored body has no credential.
    expect(JSON.stringify(sends)).not.toContain(accounts.meta.accessToken);

    // The dispatch runs again (a retried job): nothing more is queued or sent.
    const [confirmed] = await t.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.leadId, lead.id), eq(events.type, 'lead.confirmed')));
    expect(await dispatchEvent(t.db, t.services.eventConsumers, confirmed!.id)).toBe(true);
    await t.runJobs();
    expect([meta.received.length, ga4.received.length, tiktok.received.length]).toEqual([1, 1, 1]);
    expect(await sendsOf(lead.id)).toHaveLength(3);
  });

  it('derives a stable GA4 client id when the browser had none, and sends only what the visitor had', async () => {
    const { form } = await ownerWithConnections(['google', 'meta']);
    const marketing = marketingFor({ gaClientId: undefined, fbp: undefined, fbc: undefined });
    const lead = await signUp(form.id, 'grace@example.com', marketing);
    await t.runJobs();
    const clientId = ga4.received[0]!.event.client_id as string;
    expect(clientId).toMatch(/^\d+\.\d+$/);
    expect(clientId.split('.')[1]).toBe(String(Math.floor(lead.createdAt.getTime() / 1000)));
    expect(meta.received[0]!.event.user_data).toEqual({
      em: [sha256('grace@example.com')],
      client_ip_address: '203.0.113.7',
      client_user_agent: 'Mozilla/5.0 (Visitor)',
    });
  });

  it('sends nothing for a visitor who did not accept marketing, nor from a workspace with nothing connected', async () => {
    const { form } = await ownerWithConnections();
    const declined = await signUp(form.id, 'declined@example.com', null);
    const owner = await createUser(t.app);
    const unconnected = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const elsewhere = await signUp(unconnected.id, 'accepted@example.com', marketingFor());
    await t.runJobs();
    expect(await sendsOf(declined.id)).toEqual([]);
    expect(await sendsOf(elsewhere.id)).toEqual([]);
    expect([meta.received, ga4.received, tiktok.received]).toEqual([[], [], []]);
  });

  it('lists what was sent about a person in their access report, with the consent it rested on', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    const marketing = marketingFor();
    await signUp(form.id, 'ask.me@example.com', marketing);
    await t.runJobs();
    const res = await owned(owner, 'POST', '/api/privacy/access', { email: 'ask.me@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [lead] = res.json<AccessExport>().leads;
    expect(lead!.marketing).toEqual(marketing);
    expect(lead!.conversions).toEqual([
      {
        destination: 'meta',
        event: 'lead',
        eventId: marketing.eventId,
        status: 'sent',
        createdAt: expect.any(String) as string,
        sentAt: expect.any(String) as string,
        body: { data: [expect.objectContaining({ event_name: 'Lead', event_id: marketing.eventId })] },
      },
    ]);
  });

  it('sends nothing for a lead erased while its send waited in the queue', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    await signUp(form.id, 'erase.me@example.com', marketingFor());
    // The send's first attempt fails as a crashed worker's would: its job waits for graphile-worker's retry.
    await t.runJobs({
      tasks: {
        [SEND_CONVERSION_TASK]: () => {
          throw new Error('worker lost');
        },
      },
    });
    const [waiting] = await t.db.select().from(conversionSends).where(eq(conversionSends.formId, form.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    const erased = await owned(owner, 'POST', '/api/privacy/erasure', {
      email: 'erase.me@example.com',
      confirmEmail: 'erase.me@example.com',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(conversionSends).where(eq(conversionSends.id, waiting!.id))).toEqual([]);
    await retryDueNow(waiting!.id);
    await t.runJobs();
    expect(meta.requests).toEqual([]);
    expect(await jobOf(waiting!.id)).toBeUndefined();
  });

  it('holds a lead held by the plan’s limit, and sends it when it is released', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    const workspaceId = await workspaceOf(t.db, owner);
    await t.db.insert(leads).values(
      Array.from({ length: PLANS.free.monthlySubmissionLimit }, () => ({
        formId: form.id,
        workspaceId,
        email: `seed-${randomUUID()}@example.com`,
        status: 'verified' as const,
        verifiedAt: new Date(),
      })),
    );
    const marketing = marketingFor();
    const lead = await signUp(form.id, 'over.limit@example.com', marketing);
    await t.runJobs();
    expect((await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.heldAt).not.toBeNull();
    expect(await sendsOf(lead.id)).toEqual([]);
    expect(meta.requests).toEqual([]);

    await setPlan(t.db, workspaceId, 'pro');
    expect(await t.db.transaction((tx) => releaseHeldLeads({ appOrigin: t.config.appUrl.origin }, tx, workspaceId))).toBe(1);
    await t.runJobs();
    expect(meta.received.map((r) => [r.event.event_name, r.event.event_id])).toEqual([['Lead', marketing.eventId]]);
  });

  it('sends a completed payment as a Purchase with its value, currency and its own event id', async () => {
    const { form, owner } = await ownerWithConnections();
    const marketing = marketingFor();
    const lead = await signUp(form.id, 'buyer@example.com', marketing);
    await t.runJobs();
    const paymentId = randomUUID();
    await t.db.transaction(async (tx) => {
      const [payment] = await tx
        .insert(payments)
        .values({
          id: paymentId,
          leadId: lead.id,
          formId: form.id,
          workspaceId: lead.workspaceId,
          provider: 'stripe',
          amount: 2499,
          netAmount: 1999,
          currency: 'EUR',
          status: 'paid',
          checkoutId: `cs_test_${paymentId}`,
          paidAt: new Date(),
        })
        .returning();
      await emitEvent(tx, {
        workspaceId: lead.workspaceId,
        formId: form.id,
        leadId: lead.id,
        type: 'payment.completed',
        data: paymentEventData(payment!, 'paid', new Date()),
      });
    });
    await t.runJobs();

    const purchaseId = `purchase_${paymentId}`;
    expect(meta.received.map((r) => [r.event.event_name, r.event.event_id])).toEqual([
      ['Lead', marketing.eventId],
      ['Purchase', purchaseId],
    ]);
    // After the discount, before tax: 19.99, not 24.99.
    expect(meta.received[1]!.event.custom_data).toEqual({ value: 19.99, currency: 'EUR' });
    expect(ga4.received[1]!.event.event).toEqual({
      name: 'purchase',
      params: { event_id: purchaseId, transaction_id: paymentId, value: 19.99, currency: 'EUR', engagement_time_msec: 1 },
    });
    expect(tiktok.received[1]!.event).toMatchObject({
      event: 'CompletePayment',
      event_id: purchaseId,
      properties: { value: 19.99, currency: 'EUR' },
    });

    const analytics = (await owned(owner, 'GET', `/api/forms/${form.id}/analytics`)).json<FormAnalytics>();
    expect(analytics.conversions).toEqual([
      { destination: 'meta', sent: 2, failed: 0, pending: 0 },
      { destination: 'google', sent: 2, failed: 0, pending: 0 },
      { destination: 'tiktok', sent: 2, failed: 0, pending: 0 },
    ]);
  });
});

describe('when a platform fails', () => {
  it('retries a 5xx on the schedule, waiting as pending, then sends it once', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    meta.failNext(1, 500);
    const lead = await signUp(form.id, 'retry@example.com', marketingFor());
    const before = Date.now();
    await t.runJobs();

    const [waiting] = await sendsOf(lead.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(waiting!.lastError).toMatch(/unexpected error.*\(code 2\) \(HTTP 500\)$/);
    const job = await jobOf(waiting!.id);
    // 5 s ± 20% after the failure (src/server/lib/retry-schedule.ts).
    expect(new Date(job!.run_at).getTime() - before).toBeGreaterThanOrEqual(3500);
    expect(new Date(job!.run_at).getTime() - before).toBeLessThanOrEqual(6500);
    expect(meta.received).toEqual([]);

    const counts = (await owned(owner, 'GET', `/api/forms/${form.id}/analytics`)).json<FormAnalytics>().conversions;
    expect(counts).toEqual([{ destination: 'meta', sent: 0, failed: 0, pending: 1 }]);
    const timeline = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>().timeline;
    expect(timeline.find((e) => e.kind === 'conversion_pending')?.detail).toMatch(/^Meta · Lead · .*\(HTTP 500\)$/);

    await retryDueNow(waiting!.id);
    await t.runJobs();
    const [sent] = await sendsOf(lead.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, responseStatus: 200 });
    expect(meta.requests).toHaveLength(2);
    expect(meta.received).toHaveLength(1);
    const detail = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(detail.timeline.filter((e) => e.kind.startsWith('conversion_'))).toEqual([
      { kind: 'conversion_sent', at: sent!.sentAt!.toISOString(), detail: 'Meta · Lead' },
    ]);
  });

  it('fails a refusal at once with the platform’s words; a replay after fixing the token sends the same event id', async () => {
    const { owner, form, accounts } = await ownerWithConnections(['meta', 'tiktok']);
    // Tokens that are not the pixels': the platforms refuse them.
    await connect(owner, {
      ...accounts,
      meta: { ...accounts.meta, accessToken: 'EAABnot-a-real-token-0000' },
      tiktok: { ...accounts.tiktok, accessToken: 'tt-not-a-real-token-0000' },
    });
    const marketing = marketingFor();
    const lead = await signUp(form.id, 'refused@example.com', marketing);
    await t.runJobs();

    const byDestination = Object.fromEntries((await sendsOf(lead.id)).map((s) => [s.destination, s]));
    expect(byDestination.meta).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 400,
      lastError: 'Invalid OAuth access token - Cannot parse access token (code 190) (HTTP 400)',
    });
    expect(byDestination.tiktok).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Access token is incorrect or has been revoked. (TikTok code 40105)',
    });
    expect(await jobOf(byDestination.meta!.id)).toBeUndefined();
    const log = (await owned(owner, 'GET', '/api/conversions/meta/sends')).json<ConversionSendList>();
    expect(log.sends).toEqual([
      expect.objectContaining({ id: byDestination.meta!.id, formName: 'Pricing Guide', event: 'lead', status: 'failed' }),
    ]);
    const timeline = (await owned(owner, 'GET', `/api/leads/${lead.id}`)).json<LeadDetail>().timeline;
    expect(timeline.filter((e) => e.kind === 'conversion_failed').map((e) => e.detail)).toEqual([
      'Meta · Lead · Invalid OAuth access token - Cannot parse access token (code 190) (HTTP 400)',
      'TikTok · Lead · Access token is incorrect or has been revoked. (TikTok code 40105)',
    ]);

    await connect(owner, accounts, ['meta']);
    const replay = await owned(owner, 'POST', `/api/conversions/sends/${byDestination.meta!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json<ConversionSendView>()).toMatchObject({ status: 'failed', eventId: marketing.eventId });
    await t.runJobs();
    expect((await sendsOf(lead.id)).find((s) => s.destination === 'meta')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(meta.received.map((r) => r.event.event_id)).toEqual([marketing.eventId]);

    // A sent one replayed goes again with the same id: the platform counts it once.
    expect((await owned(owner, 'POST', `/api/conversions/sends/${byDestination.meta!.id}/replay`)).statusCode).toBe(202);
    await t.runJobs();
    expect(meta.received.map((r) => r.event.event_id)).toEqual([marketing.eventId, marketing.eventId]);
  });

  it('refuses to replay one that is waiting, or one whose destination was disconnected', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    meta.failNext(1, 503);
    const lead = await signUp(form.id, 'waiting@example.com', marketingFor());
    await t.runJobs();
    const [waiting] = await sendsOf(lead.id);
    const again = await owned(owner, 'POST', `/api/conversions/sends/${waiting!.id}/replay`);
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      409,
      'This event is already waiting to be sent.',
    ]);

    expect((await owned(owner, 'DELETE', '/api/conversions/meta')).statusCode).toBe(200);
    await retryDueNow(waiting!.id);
    await t.runJobs();
    expect((await sendsOf(lead.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'Meta was disconnected before this event could be sent.',
    });
    const replay = await owned(owner, 'POST', `/api/conversions/sends/${waiting!.id}/replay`);
    expect([replay.statusCode, replay.json<{ message: string }>().message]).toEqual([
      409,
      'Connect Meta again to send this event.',
    ]);
  });
});

describe('test events', () => {
  it('sends a test Lead with the test event code (Meta, TikTok) and to the validation server (GA4), and shows the answer', async () => {
    const { owner, accounts } = await ownerWithConnections();
    const toMeta = await owned(owner, 'POST', '/api/conversions/meta/test', {});
    expect(toMeta.statusCode, toMeta.body).toBe(200);
    const metaResult = toMeta.json<ConversionTestResult>();
    expect(metaResult).toMatchObject({ ok: true, status: 200, validationMessages: [] });
    expect(metaResult.message).toBe('Meta received 1 event. Look for it in Events Manager → Test events (code TEST4242).');
    expect(meta.received).toMatchObject([
      {
        accountId: accounts.meta.pixelId,
        testEventCode: 'TEST4242',
        event: { event_name: 'Lead', event_id: metaResult.eventId, user_data: { client_user_agent: 'OwnerBrowser/1.0' } },
      },
    ]);

    const toGoogle = (await owned(owner, 'POST', '/api/conversions/google/test')).json<ConversionTestResult>();
    expect(toGoogle).toMatchObject({ ok: true, status: 200, validationMessages: [] });
    expect(ga4.requests.map((r) => r.path)).toEqual(['/debug/mp/collect']);
    // The validation server records nothing.
    expect(ga4.received).toEqual([]);

    const toTiktok = (
      await owned(owner, 'POST', '/api/conversions/tiktok/test', { testEventCode: 'TEST9999' })
    ).json<ConversionTestResult>();
    expect(toTiktok).toMatchObject({
      ok: true,
      message: 'TikTok received the event. Look for it in Events Manager → Test events (code TEST9999).',
    });
    expect(tiktok.received[0]).toMatchObject({ testEventCode: 'TEST9999', event: { event: 'SubmitForm' } });
  });

  it('asks for a test event code rather than count a test as a real lead, and reports a refusal or an outage', async () => {
    const owner = await createUser(t.app);
    const accounts = newAccounts();
    await connect(owner, { ...accounts, meta: { ...accounts.meta, testEventCode: '' } }, ['meta']);
    const noCode = await owned(owner, 'POST', '/api/conversions/meta/test', {});
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json<{ errors: Record<string, string> }>().errors)).toEqual(['testEventCode']);
    expect(meta.requests).toEqual([]);

    await connect(owner, { ...accounts, tiktok: { ...accounts.tiktok, accessToken: 'tt-wrong-token-000000000' } }, ['tiktok']);
    const refused = (await owned(owner, 'POST', '/api/conversions/tiktok/test', {})).json<ConversionTestResult>();
    expect(refused).toMatchObject({
      ok: false,
      status: 200,
      message: 'Access token is incorrect or has been revoked. (TikTok code 40105)',
    });

    meta.failNext(1, 503);
    const down = await owned(owner, 'POST', '/api/conversions/meta/test', { testEventCode: 'TEST1' });
    expect(down.statusCode).toBe(200);
    expect(down.json<ConversionTestResult>()).toMatchObject({ ok: false, status: 503 });
    expect((await owned(owner, 'POST', '/api/conversions/google/test')).statusCode).toBe(404);
  });
});

describe('another workspace', () => {
  it('gets 404 for sends, replays, tests and disconnections that are not its own, and sees none of them', async () => {
    const { owner, form } = await ownerWithConnections(['meta']);
    const lead = await signUp(form.id, 'private@example.com', marketingFor());
    await t.runJobs();
    const [send] = await sendsOf(lead.id);
    const other = await createUser(t.app);

    expect((await owned(other, 'POST', `/api/conversions/sends/${send!.id}/replay`)).statusCode).toBe(404);
    expect((await owned(other, 'POST', '/api/conversions/sends/not-a-uuid/replay')).statusCode).toBe(404);
    expect((await owned(other, 'GET', '/api/conversions/meta/sends')).json<ConversionSendList>()).toEqual({ sends: [] });
    expect((await owned(other, 'POST', '/api/conversions/meta/test', { testEventCode: 'TEST1' })).statusCode).toBe(404);
    expect((await owned(other, 'DELETE', '/api/conversions/meta')).statusCode).toBe(404);
    expect((await owned(other, 'GET', `/api/forms/${form.id}/analytics`)).statusCode).toBe(404);
    expect((await owned(owner, 'GET', '/api/conversions/meta/sends')).json<ConversionSendList>().sends).toHaveLength(1);
    expect(meta.received).toHaveLength(1);
  });
});
