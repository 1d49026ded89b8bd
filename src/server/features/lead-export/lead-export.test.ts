import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { DEFAULT_EMAIL_FIELD } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import type { LeadExport, LeadExportList } from '@/domain/lead-export';
import { parseCsv } from '@tests/kit/csv';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { leadConsents, leadExports, leads } from '@/server/db/schema/index';
import { localStorage } from '@/server/lib/storage';
import { createTokens } from '@/server/lib/tokens';
import { exportLeads, type ExportDeps, storageKeyOf } from './export-leads.js';
import { purgeExpiredExports } from './purge-expired-exports.task.js';
import path from 'node:path';
import { textField } from '@tests/kit/fields';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let t: TestApp;
let deps: ExportDeps;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let guide: FormDetail;
let checklist: FormDetail;
let theirs: FormDetail;
let ws: string;

const field = textField;

beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.db,
    storage: localStorage(path.join(t.config.dataDir, 'files')),
    tokens: createTokens(t.config.secret),
    appOrigin: t.config.appUrl.origin,
  };
  [owner, stranger] = [await createUser(t.app), await createUser(t.app)];
  ws = await workspaceOf(t.db, owner);
  await setPlan(t.db, ws, 'business');
  guide = await createForm(t.app, owner, {
    title: 'The Guide',
    publish: true,
    config: { fields: [{ ...DEFAULT_EMAIL_FIELD }, field('f_name', 'Full name'), field('f_company', 'Company')] },
  });
  checklist = await createForm(t.app, owner, {
    title: 'The Checklist',
    publish: true,
    config: { fields: [{ ...DEFAULT_EMAIL_FIELD }, field('c_phone', 'Phone'), field('c_name', ' Full name ')] },
  });
  theirs = await createForm(t.app, stranger, { title: 'Their Page', publish: true });

  const lead = (form: FormDetail, email: string, createdAt: Date, extra: Partial<typeof leads.$inferInsert> = {}) => ({
    formId: form.id,
    workspaceId: ws,
    email,
    status: 'verified' as const,
    verifiedAt: createdAt,
    createdAt,
    ...extra,
  });
  const inserted = await t.db
    .insert(leads)
    .values([
      lead(guide, 'ada@example.com', daysAgo(3), {
        data: { f_name: 'Ada, "the Countess"', f_company: '=HYPERLINK("http://evil.example")' },
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'launch',
        referrer: 'https://news.example/',
        downloads: 2,
      }),
      lead(guide, 'grace@example.com', daysAgo(10), { status: 'pending', verifiedAt: null, data: { f_name: 'Grace\nHopper' } }),
      lead(checklist, 'alan@example.com', daysAgo(20), { data: { c_phone: '+44 20 7946 0000', c_name: 'Alan Turing' } }),
      lead(checklist, 'kat@example.com', daysAgo(400), { data: { c_name: 'Katherine Johnson' } }),
    ])
    .returning({ id: leads.id, email: leads.email });
  const idOf = (email: string) => inserted.find((l) => l.email === email)!.id;
  const consent = (leadId: string, extra: Partial<typeof leadConsents.$inferInsert>) => ({
    leadId,
    text: 'I agree to receive emails from Acme Marketing.',
    version: 1,
    formVersion: 1,
    ipHash: 'ip',
    userAgentHash: 'ua',
    ...extra,
  });
  await t.db
    .insert(leadConsents)
    .values([
      consent(idOf('ada@example.com'), { givenAt: daysAgo(3) }),
      consent(idOf('ada@example.com'), { event: 'confirmation', method: 'link', givenAt: daysAgo(3) }),
      consent(idOf('grace@example.com'), { agreed: false, text: 'No consent checkbox was shown.', formVersion: 2 }),
    ]);
  await t.db
    .insert(leads)
    .values({ formId: theirs.id, workspaceId: await workspaceOf(t.db, stranger), email: 'ada@example.com', status: 'verified' });
});
afterAll(() => t.close());

const headers = (user: SignedUpUser) => ({ host: APP_HOST, cookie: user.cookie });
const requestExport = (body: object, user = owner) =>
  t.app.inject({ method: 'POST', url: '/api/leads/exports', headers: headers(user), payload: body });
const getExport = (id: string, user = owner) =>
  t.app.inject({ method: 'GET', url: `/api/leads/exports/${id}`, headers: headers(user) });
const download = (url: string, user: SignedUpUser | null = owner) => {
  const { pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname + search, headers: user ? headers(user) : { host: APP_HOST } });
};

/** Requests an export, runs the queue, and returns the finished export. */
async function exported(body: object, user = owner): Promise<LeadExport> {
  const res = await requestExport(body, user);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json<LeadExport>().status).toBe('queued');
  await t.runJobs();
  const done = (await getExport(res.json<LeadExport>().id, user)).json<LeadExport>();
  expect(done.status).toBe('ready');
  return done;
}

async function csvOf(body: object, user = owner) {
  const done = await exported({ format: 'csv', ...body }, user);
  const res = await download(done.downloadUrl!, user);
  expect(res.statusCode, res.body).toBe(200);
  return { done, res, csv: parseCsv(res.body) };
}

describe('a CSV export', () => {
  it('has a BOM, one column per field label across pages, answers in their columns and the consent evidence', async () => {
    const { done, res, csv } = await csvOf({});
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lodestone-leads-${dayOf(new Date())}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.bom).toBe(true);
    expect(done).toMatchObject({ rowsDone: 4, rowsTotal: 4, size: res.rawPayload.length, error: null });
    expect(new Date(done.expiresAt!).getTime() - new Date(done.finishedAt!).getTime()).toBe(7 * DAY_MS);

    // The Guide is older, so its labels come first; " Full name " is the same label trimmed.
    expect(csv.header).toEqual([
      'Lead ID', 'Email', 'Page', 'Page ID', 'Status', 'Payment', 'Created at', 'Confirmed at',
      'UTM source', 'UTM medium', 'UTM campaign', 'UTM term', 'UTM content', 'Referrer', 'Placement', 'Host page', 'Downloads',
      'Full name', 'Company', 'Phone',
      'Consent given at', 'Consent agreed', 'Consent text', 'Consent version', 'Page version', 'Confirmed via',
      'Order number', 'Currency', 'Net', 'Tax', 'Total', 'Discount', 'Discount code',
    ]); // prettier-ignore
    expect(csv.records.map((r) => r.Email)).toEqual([
      'ada@example.com',
      'grace@example.com',
      'alan@example.com',
      'kat@example.com',
    ]);
    const [ada, grace, alan, kat] = csv.records;
    expect(ada).toMatchObject({
      Page: 'The Guide',
      'Page ID': guide.id,
      Status: 'confirmed',
      Payment: 'none',
      'UTM source': 'newsletter',
      'UTM medium': 'email',
      'UTM campaign': 'launch',
      Referrer: 'https://news.example/',
      Downloads: '2',
      'Full name': 'Ada, "the Countess"',
      Company: `'=HYPERLINK("http://evil.example")`, // inert: a spreadsheet shows it as text
      Phone: '',
      'Consent agreed': 'yes',
      'Consent text': 'I agree to receive emails from Acme Marketing.',
      'Consent version': '1',
      'Page version': '1',
      'Confirmed via': 'link',
    });
    expect(ada!['Created at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(ada!['Consent given at']).toMatch(/Z$/);
    expect(grace).toMatchObject({
      Status: 'pending',
      'Confirmed at': '',
      'Full name': 'Grace\nHopper',
      'Consent agreed': 'no',
      'Page version': '2',
    });
    expect(alan).toMatchObject({ 'Full name': 'Alan Turing', Phone: `'+44 20 7946 0000`, Company: '', 'Consent agreed': '' });
    expect(kat).toMatchObject({ 'Full name': 'Katherine Johnson', Page: 'The Checklist' });
    expect(res.body).not.toContain('Their Page');
  });

  it('honours the filter: page, status and dates', async () => {
    const emails = async (body: object) => (await csvOf(body)).csv.records.map((r) => r.Email);
    expect(await emails({ form: checklist.id })).toEqual(['alan@example.com', 'kat@example.com']);
    expect(await emails({ status: 'pending' })).toEqual(['grace@example.com']);
    expect(await emails({ from: dayOf(daysAgo(15)), to: dayOf(daysAgo(5)) })).toEqual(['grace@example.com']);
    expect(await emails({ q: 'turing' })).toEqual(['alan@example.com']);
    // Only the pages in the export give columns.
    expect((await csvOf({ form: checklist.id })).csv.header).not.toContain('Company');
  });
});

describe('a JSON Lines export', () => {
  it('is one JSON object per line with typed values, answers by label and the consent', async () => {
    const done = await exported({ format: 'jsonl', form: guide.id });
    const res = await download(done.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['content-disposition']).toMatch(/lodestone-leads-\d{4}-\d\d-\d\d\.jsonl"$/);
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    const [ada, grace] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      page: 'The Guide',
      status: 'confirmed',
      downloads: 2,
      fields: { 'Full name': 'Ada, "the Countess"', Company: '=HYPERLINK("http://evil.example")' },
      consent: { agreed: true, version: 1, pageVersion: 1, confirmedVia: 'link' },
    });
    expect(grace).toMatchObject({ email: 'grace@example.com', confirmedAt: null, fields: { 'Full name': 'Grace\nHopper' } });
  });
});

describe('plans', () => {
  it('Free: CSV of the last 30 days only; JSON Lines is refused with what the plan gets', async () => {
    const free = await createUser(t.app);
    const freeWs = await workspaceOf(t.db, free);
    const page = await createForm(t.app, free, { title: 'Free Page', publish: true });
    await t.db.insert(leads).values([
      { formId: page.id, workspaceId: freeWs, email: 'recent@example.com', status: 'verified', createdAt: daysAgo(2) },
      { formId: page.id, workspaceId: freeWs, email: 'old@example.com', status: 'verified', createdAt: daysAgo(45) },
    ]);
    const refused = await requestExport({ format: 'jsonl' }, free);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: ErrorCode.PLAN_LIMIT,
      message:
        'JSON Lines exports come with the Business plan. Your Free plan exports CSV of the last 30 days. Business exports every lead as CSV or JSON Lines.',
    });
    const { done, csv } = await csvOf({ from: '2020-01-01' }, free);
    expect(csv.records.map((r) => r.Email)).toEqual(['recent@example.com']);
    expect(done.filter.from).toBe(dayOf(daysAgo(29)));

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/leads/exports', headers: headers(free) })
    ).json<LeadExportList>();
    expect(list.allowance).toEqual({
      plan: 'free',
      formats: ['csv'],
      windowDays: 30,
      sentence: 'Your Free plan exports CSV of the last 30 days. Business exports every lead as CSV or JSON Lines.',
    });
    expect(list.items.map((e) => e.id)).toEqual([done.id]);
  });

  it('Business: every lead, all time, in both formats', async () => {
    const { csv, done } = await csvOf({});
    expect(csv.records.map((r) => r.Email)).toContain('kat@example.com'); // 400 days old
    expect(done.filter).toEqual({});
    expect((await requestExport({ format: 'jsonl' })).statusCode).toBe(202);
  });
});

describe('bad input and other workspaces', () => {
  it('answer a clear 4xx and queue nothing', async () => {
    const before = await t.db.select({ id: leadExports.id }).from(leadExports);
    const bad: Array<[object, number, string | null]> = [
      [{ format: 'csv', colour: 'red' }, 400, '_'],
      [{ format: 'xlsx' }, 400, 'format'],
      [{}, 400, 'format'],
      [{ format: 'csv', from: '2026-13-01' }, 400, 'from'],
      [{ format: 'csv', to: 'tomorrow' }, 400, 'to'],
      [{ format: 'csv', from: '2026-02-01', to: '2026-01-01' }, 400, 'to'],
      [{ format: 'csv', status: 'archived' }, 400, 'status'],
      [{ format: 'csv', form: theirs.id }, 404, null],
      [{ format: 'csv', form: 'not-a-form' }, 404, null],
    ];
    for (const [body, status, key] of bad) {
      const res = await requestExport(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const error = res.json<{ code: string; errors?: Record<string, string> }>();
      expect(error.code).toBe(status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION_ERROR);
      if (key) expect(Object.keys(error.errors ?? {}), JSON.stringify(body)).toContain(key);
      expect(res.body).not.toContain('Their Page');
    }
    expect((await requestExport({ format: 'csv', colour: 'red' })).json<{ message: string }>().message).toBe(
      'Unknown filter: colour',
    );
    expect(await t.db.select({ id: leadExports.id }).from(leadExports)).toHaveLength(before.length);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/leads/exports',
      headers: { host: APP_HOST },
      payload: { format: 'csv' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('may not pile up: a fourth export while three are being built is refused until one finishes', async () => {
    const busy = await createUser(t.app);
    const busyWs = await workspaceOf(t.db, busy);
    const queued = { workspaceId: busyWs, requestedBy: busy.id, format: 'csv' as const, filter: {} };
    const [first] = await t.db
      .insert(leadExports)
      .values([queued, { ...queued, status: 'running' as const }, queued])
      .returning({ id: leadExports.id });
    const refused = await requestExport({ format: 'csv' }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      message: expect.stringMatching(/wait for one to finish/),
    });
    await t.db.update(leadExports).set({ status: 'failed' }).where(eq(leadExports.id, first!.id));
    expect((await requestExport({ format: 'csv' }, busy)).statusCode).toBe(202);
  });

  it('cannot see, list or download my export', async () => {
    const mine = await exported({ format: 'csv' });
    expect((await getExport(mine.id, stranger)).statusCode).toBe(404);
    expect((await getExport('not-a-uuid')).statusCode).toBe(404);
    const theirList = (
      await t.app.inject({ method: 'GET', url: '/api/leads/exports', headers: headers(stranger) })
    ).json<LeadExportList>();
    expect(theirList.items.map((e) => e.id)).not.toContain(mine.id);
    const res = await download(mine.downloadUrl!, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ada@example.com');
  });
});

describe('the download link', () => {
  it('sends a browser without a session to sign in and back', async () => {
    const mine = await exported({ format: 'csv' });
    const res = await download(mine.downloadUrl!, null);
    expect(res.statusCode).toBe(303);
    const { pathname, search } = new URL(mine.downloadUrl!);
    expect(res.headers.location).toBe(`/sign-in?redirect=${encodeURIComponent(pathname + search)}`);
  });

  it('is answered on the app’s host only, never on the public pages’ host', async () => {
    const mine = await exported({ format: 'csv' });
    const { pathname, search } = new URL(mine.downloadUrl!);
    const res = await t.app.inject({
      method: 'GET',
      url: pathname + search,
      headers: { host: PUBLIC_HOST, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ada@example.com');
  });

  it('is refused without its token, with a tampered one, with another export’s and once expired', async () => {
    const mine = await exported({ format: 'csv' });
    const other = await exported({ format: 'csv', status: 'pending' });
    const url = new URL(mine.downloadUrl!);
    const token = url.searchParams.get('t')!;
    const at = (t: string | null) => `${url.origin}${url.pathname}${t === null ? '' : `?t=${encodeURIComponent(t)}`}`;
    for (const bad of [
      null,
      '',
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      new URL(other.downloadUrl!).searchParams.get('t'),
    ]) {
      const res = await download(at(bad));
      expect(res.statusCode, String(bad)).toBe(404);
      expect(res.body).not.toContain('ada@example.com');
    }
    // A token made for another purpose with the same id opens nothing either.
    const tokens = createTokens(t.config.secret);
    expect((await download(at(tokens.signExpiring('download', mine.id, new Date(Date.now() + DAY_MS))))).statusCode).toBe(404);

    const expired = tokens.signExpiring('lead-export', mine.id, new Date(Date.now() - 1000));
    const res = await download(at(expired));
    expect(res.statusCode).toBe(410);
    expect(res.body).toMatch(/expired/);
    // The export's own expiry counts too, whatever the link says.
    await t.db
      .update(leadExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(leadExports.id, mine.id));
    expect((await download(mine.downloadUrl!)).statusCode).toBe(410);
    expect((await getExport(mine.id)).json<LeadExport>().downloadUrl).toBeNull();
  });
});

describe('the export job', () => {
  it('reports progress, reruns cleanly and emails the owner a large export', async () => {
    const res = await requestExport({ format: 'csv' });
    const queued = res.json<LeadExport>();
    expect(queued).toMatchObject({ status: 'queued', rowsDone: 0, rowsTotal: null, downloadUrl: null });
    // As after a crash mid-run: running, partly done, a stale partial file left behind.
    await t.db.update(leadExports).set({ status: 'running', rowsDone: 2 }).where(eq(leadExports.id, queued.id));
    const files = path.join(t.config.dataDir, 'files');
    mkdirSync(files, { recursive: true });
    writeFileSync(path.join(files, `${storageKeyOf(queued.id, 'csv')}.partial`), 'half a file from the crashed run\r\n');
    const progress: number[] = [];
    await exportLeads({ ...deps, batchSize: 1, emailMinRows: 3, db: withProgress(progress) }, queued.id);
    expect(progress).toEqual([0, 1, 2, 3, 4]);
    const done = (await getExport(queued.id)).json<LeadExport>();
    expect(done).toMatchObject({ status: 'ready', rowsDone: 4, rowsTotal: 4 });
    expect(parseCsv((await download(done.downloadUrl!)).body).rows).toHaveLength(4);

    const mails = await mailsOf(t, owner.email, 'Your export of 4 leads is ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(done.downloadUrl!);
    // A finished export is not built again when its job runs twice.
    await exportLeads({ ...deps, emailMinRows: 3 }, queued.id);
    expect(await mailsOf(t, owner.email, 'Your export of 4 leads is ready')).toHaveLength(1);
  });

  it('records a failure in words for the owner, not a stack', async () => {
    const res = await requestExport({ format: 'csv' });
    const id = res.json<LeadExport>().id;
    const broken = { ...deps, storage: { ...deps.storage, write: () => Promise.reject(new Error('disk full at /var/x')) } };
    await exportLeads(broken, id);
    const failed = (await getExport(id)).json<LeadExport>();
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The export could not be finished. Please try again; if it fails again, contact support.');
    expect(failed.downloadUrl).toBeNull();
  });

  it('leaves no file behind when its export is deleted while it runs (as an erasure does)', async () => {
    const id = (await requestExport({ format: 'csv' })).json<LeadExport>().id;
    const erasedMeanwhile: ExportDeps['storage'] = {
      ...deps.storage,
      write: async (key, body) => {
        await deps.storage.write(key, body);
        await t.db.delete(leadExports).where(eq(leadExports.id, id));
      },
    };
    await exportLeads({ ...deps, storage: erasedMeanwhile }, id);
    expect(existsSync(path.join(t.config.dataDir, 'files', storageKeyOf(id, 'csv')))).toBe(false);
  });

  it('exports of a small size are not emailed', async () => {
    const before = (await mailsOf(t, owner.email, /Your export/)).length;
    await exported({ format: 'csv' });
    expect(await mailsOf(t, owner.email, /Your export/)).toHaveLength(before);
  });

  it('expired exports are deleted with their files by the daily purge', async () => {
    const old = await exported({ format: 'csv', status: 'pending' });
    const kept = await exported({ format: 'csv', status: 'pending' });
    await t.db
      .update(leadExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(leadExports.id, old.id));
    const [{ storageKey } = { storageKey: null }] = await t.db
      .select({ storageKey: leadExports.storageKey })
      .from(leadExports)
      .where(eq(leadExports.id, old.id));
    expect(existsSync(path.join(t.config.dataDir, 'files', storageKey!))).toBe(true);
    expect(await purgeExpiredExports(t.db, deps.storage)).toBeGreaterThanOrEqual(1);
    expect((await getExport(old.id)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'files', storageKey!))).toBe(false);
    expect((await download(kept.downloadUrl!)).statusCode).toBe(200);
  });
});

/** The database, with every rows_done it writes to lead_exports recorded. */
function withProgress(seen: number[]): ExportDeps['db'] {
  const db = t.db;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'update') return Reflect.get(target, prop, receiver) as unknown;
      return (table: typeof leadExports) => {
        const builder = target.update(table);
        return new Proxy(builder, {
          get(b, p, r) {
            if (p !== 'set') return Reflect.get(b, p, r) as unknown;
            return (values: { rowsDone?: number }) => {
              if (table === leadExports && values.rowsDone !== undefined) seen.push(values.rowsDone);
              return b.set(values);
            };
          },
        });
      };
    },
  });
}
