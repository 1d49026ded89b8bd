import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailToolLists, EmailToolsSettings, FormEmailTools } from '@/domain/email-tools';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import type { LeadDetail } from '@/domain/lead-detail';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { startKitStandIn, type KitStandIn } from '@tests/stand-ins/kit';
import { startMailchimpStandIn, type MailchimpStandIn } from '@tests/stand-ins/mailchimp';
import { emailToolAccounts, leadSyncs, leads } from '@/server/db/schema/index';
import { SYNC_LEAD_TASK } from './sync-consumer.js';
import { textField } from '@tests/kit/fields';

// docs/decisions/0022: Mailchimp and Kit connectors, against local stand-ins that speak their APIs.

let t: TestApp;
let kit: ReturnType<typeof journeyKit>;
let mailchimp: MailchimpStandIn;
let kitApi: KitStandIn;

beforeAll(async () => {
  mailchimp = await startMailchimpStandIn();
  kitApi = await startKitStandIn();
  t = await createTestApp({ MAILCHIMP_API_URL: mailchimp.url, KIT_API_URL: kitApi.url });
  kit = journeyKit(t, '10.61');
});
afterAll(async () => {
  await t.close();
  await Promise.all([mailchimp.close(), kitApi.close()]);
});
beforeEach(() => {
  mailchimp.failNext(0, 500);
  kitApi.failNext(0, 500);
});

let keys = 0;
const mailchimpKey = () => `${(++keys).toString(16).padStart(8, '0')}abcdef0123456789abcdef01-us21`;
const kitKey = () => `kit_${(++keys).toString(16).padStart(8, '0')}abcdef0123456789`;

const owned = (owner: SignedUpUser, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const NAME = textField('name', 'Your name');
const COMPANY = textField('company', 'Company');
const withFields = (doubleOptIn: boolean): Partial<FormConfig> => ({
  fields: [...defaultFormConfig().fields, NAME, COMPANY],
  doubleOptIn,
});

async function ownerWithMailchimp(options: { doubleOptIn?: boolean } = {}) {
  const owner = await createUser(t.app);
  const apiKey = mailchimpKey();
  mailchimp.addAccount({ apiKey, accountName: 'Ada’s Newsletter' });
  const list = mailchimp.addList({ apiKey, name: 'Readers', doubleOptIn: options.doubleOptIn ?? false });
  const connected = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey });
  expect(connected.statusCode, connected.body).toBe(200);
  return { owner, apiKey, listId: list.id };
}

async function pageSendingTo(owner: SignedUpUser, settings: FormEmailTools, options: { doubleOptIn: boolean; title?: string }) {
  const form = await createForm(t.app, owner, {
    title: options.title ?? 'Pricing Guide',
    publish: true,
    config: withFields(options.doubleOptIn),
  });
  const saved = await owned(owner, 'PUT', `/api/forms/${form.id}/email-tools`, settings);
  expect(saved.statusCode, saved.body).toBe(200);
  return form;
}

const leadOf = async (formId: string, email: string) =>
  (
    await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.formId, formId), eq(leads.email, email)))
  )[0]!;
const syncsOf = (leadId: string) => t.db.select().from(leadSyncs).where(eq(leadSyncs.leadId, leadId));
const detailOf = async (owner: SignedUpUser, leadId: string) => {
  const res = await owned(owner, 'GET', `/api/leads/${leadId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadDetail>();
};
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connecting an email tool', () => {
  it('checks a Mailchimp key with Mailchimp, stores it sealed and shows only a masked form', async () => {
    const owner = await createUser(t.app);
    const apiKey = mailchimpKey();
    mailchimp.addAccount({ apiKey, accountName: 'Ada’s Newsletter' });

    const res = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(apiKey);
    const settings = res.json<EmailToolsSettings>();
    expect(settings.mailchimp.connection).toMatchObject({ accountName: 'Ada’s Newsletter', maskedKey: `…ef01-us21` });
    expect(settings.kit.connection).toBeNull();
    expect((await owned(owner, 'GET', '/api/email-tools')).json<EmailToolsSettings>()).toEqual(settings);

    // Mailchimp saw the key in Basic auth, at /3.0/.
    const check = mailchimp.requests.at(-1)!;
    expect(check.path).toBe('/3.0/');
    expect(Buffer.from(String(check.headers.authorization).split(' ')[1]!, 'base64').toString()).toMatch(
      new RegExp(`:${apiKey}$`),
    );

    const dump = await t.db.execute(sql`select * from email_tool_accounts`);
    expect(JSON.stringify(dump.rows)).not.toContain(apiKey);
    expect(JSON.stringify(dump.rows)).toContain('v1.');

    const removed = await owned(owner, 'DELETE', '/api/email-tools/mailchimp');
    expect(removed.json<EmailToolsSettings>().mailchimp.connection).toBeNull();
  });

  it('refuses a key the provider refuses (422 with its message) and stores nothing', async () => {
    const owner = await createUser(t.app);
    const wrong = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey: 'ffffffffffffffffffffffffffffffff-us21' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'PROVIDER_REJECTED',
      errors: { apiKey: expect.stringContaining('Your API key may be invalid') as string },
    });

    const noDc = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey: 'ffffffffffffffffffffffffffffffff' });
    expect(noDc.statusCode).toBe(422);
    expect(noDc.json<{ message: string }>().message).toMatch(/no data centre/);

    const kitWrong = await owned(owner, 'PUT', '/api/email-tools/kit', { apiKey: 'kit_not_a_real_key' });
    expect(kitWrong.statusCode).toBe(422);
    expect(kitWrong.json<{ message: string }>().message).toBe('Kit refused this key: The API key is invalid.');

    const apiKey = mailchimpKey();
    mailchimp.addAccount({ apiKey });
    mailchimp.failNext(1, 503);
    const down = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    // The provider's words end in a full stop before ours begin.
    expect(down.json<{ message: string }>().message).toMatch(/^Mailchimp could not be reached: .*[.!?] Try again in a moment\.$/);

    const invalid = await owned(owner, 'PUT', '/api/email-tools/mailchimp', { apiKey: '' });
    expect(invalid.statusCode).toBe(400);

    const rows = await t.db.select().from(emailToolAccounts);
    expect(rows.filter((r) => r.display.maskedKey?.includes('ffff'))).toEqual([]);
    expect((await owned(owner, 'GET', '/api/email-tools')).json<EmailToolsSettings>()).toEqual({
      mailchimp: { connection: null },
      kit: { connection: null },
    });
  });

  it('lists Mailchimp audiences with their double opt-in, and Kit forms and tags', async () => {
    const { owner, listId } = await ownerWithMailchimp({ doubleOptIn: true });
    const lists = await owned(owner, 'GET', '/api/email-tools/mailchimp/lists');
    expect(lists.json<EmailToolLists>()).toEqual({
      provider: 'mailchimp',
      audiences: [{ id: listId, name: 'Readers', doubleOptIn: true, memberCount: 0 }],
    });
    expect((await owned(owner, 'GET', '/api/email-tools/kit/lists')).statusCode).toBe(404);

    const apiKey = kitKey();
    kitApi.addAccount({ apiKey, accountName: 'Ada on Kit' });
    const form = kitApi.addForm({ apiKey, name: 'Newsletter form' });
    const tag = kitApi.addTag({ apiKey, name: 'Customers' });
    expect(
      (await owned(owner, 'PUT', '/api/email-tools/kit', { apiKey })).json<EmailToolsSettings>().kit.connection,
    ).toMatchObject({
      accountName: 'Ada on Kit',
    });
    expect((await owned(owner, 'GET', '/api/email-tools/kit/lists')).json<EmailToolLists>()).toEqual({
      provider: 'kit',
      forms: [form],
      tags: [tag],
    });
  });
});

describe('syncing leads', () => {
  it('adds a lead of a page without double opt-in to Mailchimp with its name, answers as merge fields and tags', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: ['Webinar'] }, kit: null }, { doubleOptIn: false });

    expect((await kit.submit(form.id, { email: 'Ada@Example.com', name: 'Ada', company: 'Acme' })).statusCode).toBe(303);
    await t.runJobs();

    const [member] = mailchimp.members(listId);
    expect(member).toMatchObject({ email_address: 'ada@example.com', status: 'subscribed' });
    const company = (await (await fetch(`${mailchimp.url}/_test/lists/${listId}/members`)).json()) as {
      mergeFields: Array<{ tag: string; name: string }>;
    };
    const companyTag = company.mergeFields.find((f) => f.name === 'Company')!.tag;
    expect(member!.merge_fields).toMatchObject({ FNAME: 'Ada', [companyTag]: 'Acme' });
    expect(member!.tags.map((tag) => tag.name).sort()).toEqual([form.name, 'Webinar'].sort());

    const lead = await leadOf(form.id, 'ada@example.com');
    const detail = await detailOf(owner, lead.id);
    expect(detail.syncs).toEqual([
      { provider: 'mailchimp', status: 'synced', lastError: null, syncedAt: expect.any(String) as string, attempts: 1 },
    ]);
    expect(detail.timeline.find((e) => e.kind === 'email_tool_synced')).toMatchObject({ detail: 'Mailchimp' });

    // The dispatch running again (at-least-once) sends nothing twice.
    const puts = mailchimp.requests.filter((r) => r.method === 'PUT').length;
    await t.db.execute(
      sql`select graphile_worker.add_job('dispatch_event', json_build_object('eventId', id)) from events where lead_id = ${lead.id} and type = 'lead.confirmed'`,
    );
    await t.runJobs();
    expect(mailchimp.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
  });

  it('waits for a double opt-in lead to confirm, and a double opt-in audience gets it as pending', async () => {
    const { owner, listId } = await ownerWithMailchimp({ doubleOptIn: true });
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: true });

    const res = await kit.submit(form.id, { email: 'grace@example.com', name: 'Grace' });
    const [codeMail] = await kit.mails('grace@example.com');
    await t.runJobs();
    const lead = await leadOf(form.id, 'grace@example.com');
    expect(mailchimp.members(listId)).toEqual([]);
    expect(await syncsOf(lead.id)).toEqual([]);
    expect((await detailOf(owner, lead.id)).syncs).toEqual([]);

    const verified = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(res.headers.location!),
      code: codeMail!.subject.slice(0, 6),
    });
    expect(verified.statusCode).toBe(303);
    await t.runJobs();
    const [member] = mailchimp.members(listId);
    // Mailchimp sends its own confirmation to a new member of a double opt-in audience.
    expect(member).toMatchObject({ email_address: 'grace@example.com', status: 'pending', merge_fields: { FNAME: 'Grace' } });
    const put = mailchimp.requests.find((r) => r.method === 'PUT' && r.path.endsWith(member!.id))!;
    expect(put.body).toMatchObject({ status_if_new: 'pending' });
    expect((await detailOf(owner, lead.id)).syncs[0]).toMatchObject({ status: 'synced' });
  });

  it('adds a lead to Kit: custom fields by label, the chosen form (its own opt-in) and tags, the page’s tag created', async () => {
    const owner = await createUser(t.app);
    const apiKey = kitKey();
    const before = kitApi.requests.length;
    kitApi.addAccount({ apiKey });
    const doubleOptInForm = kitApi.addForm({ apiKey, name: 'Main form', doubleOptIn: true });
    const customers = kitApi.addTag({ apiKey, name: 'Customers' });
    expect((await owned(owner, 'PUT', '/api/email-tools/kit', { apiKey })).statusCode).toBe(200);
    const form = await pageSendingTo(
      owner,
      { mailchimp: null, kit: { formId: doubleOptInForm.id, tagIds: [customers.id] } },
      { doubleOptIn: false, title: 'Kit Guide' },
    );

    await kit.submit(form.id, { email: 'kit@example.com', name: 'Kitty', company: 'Acme' });
    await t.runJobs();

    const [subscriber] = kitApi.subscribers(apiKey);
    const pageTag = kitApi.tags(apiKey).find((tag) => tag.name === form.name)!;
    expect(pageTag).toBeDefined();
    expect(kitApi.customFields(apiKey)).toEqual([{ key: 'company', label: 'Company' }]);
    expect(subscriber).toMatchObject({
      email_address: 'kit@example.com',
      first_name: 'Kitty',
      fields: { company: 'Acme' },
      // The form is double opt-in: Kit sent its incentive email and the subscriber waits, inactive.
      state: 'inactive',
      forms: [doubleOptInForm.id],
      incentiveEmails: [doubleOptInForm.id],
    });
    expect(subscriber!.tags.sort()).toEqual([customers.id, pageTag.id].sort());
    const lead = await leadOf(form.id, 'kit@example.com');
    expect((await detailOf(owner, lead.id)).syncs).toMatchObject([{ provider: 'kit', status: 'synced' }]);
    expect(kitApi.requests.slice(before).every((r) => r.headers['x-kit-api-key'] === apiKey)).toBe(true);
  });

  it('honours a 429 with Retry-After: the lead waits, then is synced', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    mailchimp.failNext(1, 429, 1);
    await kit.submit(form.id, { email: 'busy@example.com', name: 'Busy' });
    await t.runJobs();

    const lead = await leadOf(form.id, 'busy@example.com');
    expect(mailchimp.members(listId)).toEqual([]);
    const [waiting] = await syncsOf(lead.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('(HTTP 429)') as string,
    });
    const [job] = (
      await t.db.execute<{ run_at: Date }>(
        sql`select run_at from graphile_worker.jobs where task_identifier = ${SYNC_LEAD_TASK} and key = ${`email-tool:mailchimp:${lead.id}`}`,
      )
    ).rows;
    const waitMs = new Date(job!.run_at).getTime() - waiting!.updatedAt.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(1000);
    expect(waitMs).toBeLessThan(1500);

    await sleep(1200);
    await t.runJobs();
    expect(mailchimp.members(listId)).toMatchObject([{ email_address: 'busy@example.com' }]);
    expect((await syncsOf(lead.id))[0]).toMatchObject({ status: 'synced', attempts: 2, lastError: null });
  });

  it('retries a 5xx on the schedule (about 5 seconds after the first failure)', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    mailchimp.failNext(1, 503);
    await kit.submit(form.id, { email: 'down@example.com' });
    await t.runJobs();
    const lead = await leadOf(form.id, 'down@example.com');
    const [waiting] = await syncsOf(lead.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/unexpected internal error.*\(HTTP 503\)/);
    const [job] = (
      await t.db.execute<{ run_at: Date }>(
        sql`select run_at from graphile_worker.jobs where key = ${`email-tool:mailchimp:${lead.id}`}`,
      )
    ).rows;
    const waitMs = new Date(job!.run_at).getTime() - waiting!.updatedAt.getTime();
    // 5 s ± 20% jitter (src/server/lib/retry-schedule.ts).
    expect(waitMs).toBeGreaterThanOrEqual(4000);
    expect(waitMs).toBeLessThanOrEqual(6000);
  });

  it('stops at a refused key: failed, with the provider’s message on the lead’s page', async () => {
    const { owner, apiKey, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    mailchimp.revokeKey(apiKey);
    await kit.submit(form.id, { email: 'revoked@example.com' });
    await t.runJobs();

    const lead = await leadOf(form.id, 'revoked@example.com');
    const detail = await detailOf(owner, lead.id);
    expect(detail.syncs).toEqual([
      {
        provider: 'mailchimp',
        status: 'failed',
        lastError: "Your API key may be invalid, or you've attempted to access the wrong datacenter. (HTTP 401)",
        syncedAt: null,
        attempts: 1,
      },
    ]);
    expect(detail.timeline.find((e) => e.kind === 'email_tool_failed')?.detail).toContain(
      'Mailchimp · Your API key may be invalid',
    );
    // No retry is queued for a refusal.
    const jobs = await t.db.execute(sql`select 1 from graphile_worker.jobs where key = ${`email-tool:mailchimp:${lead.id}`}`);
    expect(jobs.rows).toEqual([]);
  });

  it('sends nothing to a tool that is not connected', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    await owned(owner, 'DELETE', '/api/email-tools/mailchimp');
    await kit.submit(form.id, { email: 'nobody@example.com' });
    await t.runJobs();
    expect(await syncsOf((await leadOf(form.id, 'nobody@example.com')).id)).toEqual([]);
    expect(mailchimp.members(listId)).toEqual([]);
  });
});

describe('erasing a person', () => {
  it('deletes them permanently from the Mailchimp audience their page sends to', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    await kit.submit(form.id, { email: 'forget-me@example.com', name: 'Fay' });
    await t.runJobs();
    expect(mailchimp.members(listId)).toMatchObject([{ email_address: 'forget-me@example.com' }]);

    const erase = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: owner.cookie },
      payload: { email: 'forget-me@example.com', confirmEmail: 'forget-me@example.com' },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    await t.runJobs();

    expect(mailchimp.members(listId)).toEqual([]);
    const deleted = mailchimp.requests.filter((r) => r.path.endsWith('/actions/delete-permanent'));
    expect(deleted.map((r) => r.path)).toEqual([
      `/3.0/lists/${listId}/members/${md5('forget-me@example.com')}/actions/delete-permanent`,
    ]);
  });
});

describe('a page’s email tools', () => {
  it('are the page’s workspace’s alone: another workspace gets 404 for the page and its leads', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: ['A'] }, kit: null }, { doubleOptIn: false });
    await kit.submit(form.id, { email: 'mine@example.com' });
    await t.runJobs();
    const lead = await leadOf(form.id, 'mine@example.com');

    expect((await owned(owner, 'GET', `/api/forms/${form.id}/email-tools`)).json<FormEmailTools>()).toEqual({
      mailchimp: { listId, tags: ['A'] },
      kit: null,
    });
    const stranger = await createUser(t.app);
    expect((await owned(stranger, 'GET', `/api/forms/${form.id}/email-tools`)).statusCode).toBe(404);
    const put = await owned(stranger, 'PUT', `/api/forms/${form.id}/email-tools`, { mailchimp: null, kit: null });
    expect(put.statusCode).toBe(404);
    expect((await owned(stranger, 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(404);
    // Unchanged by the stranger's attempt.
    expect((await owned(owner, 'GET', `/api/forms/${form.id}/email-tools`)).json<FormEmailTools>().mailchimp).toEqual({
      listId,
      tags: ['A'],
    });
  });

  it('refuses bad settings with a message per field and changes nothing', async () => {
    const { owner, listId } = await ownerWithMailchimp();
    const form = await pageSendingTo(owner, { mailchimp: { listId, tags: [] }, kit: null }, { doubleOptIn: false });
    const bad = await owned(owner, 'PUT', `/api/forms/${form.id}/email-tools`, {
      mailchimp: { listId: '', tags: [] },
      kit: { formId: null, tagIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { 'mailchimp.listId': 'Pick an audience', 'kit.formId': 'Pick a Kit form or at least one tag' },
    });
    expect((await owned(owner, 'GET', `/api/forms/${form.id}/email-tools`)).json<FormEmailTools>().mailchimp).toEqual({
      listId,
      tags: [],
    });
  });
});
