import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { journeyKit } from '@tests/kit/journey';
import { statementsDuring } from '@tests/kit/statements';
import { BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { emailsAtCommit } from '@/server/features/mail';
import { devMailbox } from '@/server/lib/mailer';
import { createTokens } from '@/server/lib/tokens';
import { loadLiveForm, type LiveForm } from './live-form.js';
import { storeSubmission } from './store-submission.js';
import { followUpTask, type FollowUpPayload } from './follow-up.task.js';

// A submission is stored by one statement (decision 0027): all of its rows are committed, or none;
// submissions that arrive together share that statement (decision 0036).

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.27');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'business'`);
});
afterAll(() => t.close());

// The queued follow-up jobs with their payloads (graphile-worker's public view has no payload).
const FOLLOW_UPS = sql`(select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
  where k.identifier = 'lead_follow_up')`;

const submissionIdOf = (location: string) => kit.tokenOf(location).split('.')[0]!;

async function rowsOf(formId: string) {
  const { rows } = await t.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from leads where form_id = ${formId}) as leads,
    (select count(*)::int from submissions where form_id = ${formId}) as submissions,
    (select count(*)::int from lead_consents c join leads l on l.id = c.lead_id where l.form_id = ${formId}) as consents,
    (select coalesce(sum(leads), 0)::int from form_daily_stats where form_id = ${formId}) as counted,
    (select count(*)::int from ${FOLLOW_UPS} f where payload->>'submissionId' in (select id::text from submissions where form_id = ${formId})) as jobs,
    (select count(*)::int from ${FOLLOW_UPS} f) as all_jobs`);
  return rows[0]!;
}

describe('storing a submission', () => {
  it('writes the lead, the day count, the submission, its consent and its follow-up job together', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const res = await kit.submit(form.id, { email: 'together@example.com' });
    expect(res.statusCode).toBe(303);
    expect(await rowsOf(form.id)).toMatchObject({ leads: 1, submissions: 1, consents: 1, counted: 1, jobs: 1 });
    const { rows } = await t.db.execute<{ payload: unknown }>(
      sql`select payload from ${FOLLOW_UPS} f where payload->>'submissionId' = ${submissionIdOf(res.headers.location!)}`,
    );
    expect(rows.map((r) => r.payload)).toEqual([{ submissionId: submissionIdOf(res.headers.location!), newLead: true }]);

    // The same address again: a second submission, consent and job on the same lead, not counted as a new lead.
    const again = await kit.submit(form.id, { email: 'together@example.com' });
    expect(again.statusCode).toBe(303);
    expect(await rowsOf(form.id)).toMatchObject({ leads: 1, submissions: 2, consents: 2, counted: 1, jobs: 2 });
    const { rows: second } = await t.db.execute<{ payload: unknown }>(
      sql`select payload from ${FOLLOW_UPS} f where payload->>'submissionId' = ${submissionIdOf(again.headers.location!)}`,
    );
    expect(second.map((r) => r.payload)).toEqual([{ submissionId: submissionIdOf(again.headers.location!), newLead: false }]);
    await t.runJobs();
  });

  it('leaves nothing behind when one of its writes fails: no lead, no count, no submission, no job', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    const before = await rowsOf(form.id);
    await t.db.execute(sql`create function refuse_consent() returns trigger language plpgsql as $$
      begin raise exception 'consent refused by the test'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_consent before insert on lead_consents for each row execute function refuse_consent()`,
    );
    try {
      const res = await kit.submit(form.id, { email: 'nothing-stored@example.com' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_consent on lead_consents`);
      await t.db.execute(sql`drop function refuse_consent()`);
    }
    expect(await rowsOf(form.id)).toEqual(before);
    expect(before).toMatchObject({ leads: 0, submissions: 0, consents: 0, counted: 0, all_jobs: 0 });

    // The page works again at once.
    expect((await kit.submit(form.id, { email: 'nothing-stored@example.com' })).statusCode).toBe(303);
    expect(await rowsOf(form.id)).toMatchObject({ leads: 1, submissions: 1, consents: 1, counted: 1, jobs: 1 });
    await t.runJobs();
  });
});

const deps = () => ({
  db: t.db,
  tokens: createTokens(t.config.secret),
  publicOrigin: t.config.publicUrl.origin,
  appOrigin: t.config.appUrl.origin,
});

describe('submissions that arrive together', () => {
  const meta = { ip: '10.27.9.1', userAgent: BROWSER_UA, utm: {}, referrer: null };
  const store = (form: LiveForm, email: string) => storeSubmission(deps(), form, { email, data: {}, consent: true }, meta);
  const liveForm = async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    return (await loadLiveForm(t.db, form.id)) as LiveForm;
  };

  it('share one statement, each stored whole; the same address twice goes in two, one new lead', async () => {
    const form = await liveForm();
    const emails = ['first@example.com', 'one@example.com', 'twice@example.com', 'two@example.com', 'twice@example.com'];
    let stored: Array<{ submissionId: string; leadId: string }> = [];
    const seen = await statementsDuring(async () => {
      stored = await Promise.all(emails.map((email) => store(form, email)));
    });
    // The first alone (nothing was under way), the next three together, the repeated address after them.
    expect(seen.filter((text) => text.includes('insert into "leads"'))).toHaveLength(3);
    expect(await rowsOf(form.id)).toMatchObject({ leads: 4, submissions: 5, consents: 5, counted: 4, jobs: 5 });
    expect(stored[2]!.leadId).toBe(stored[4]!.leadId);
    const { rows } = await t.db.execute<{ payload: { submissionId: string; newLead: boolean } }>(
      sql`select payload from ${FOLLOW_UPS} f where payload->>'submissionId' in (select id::text from submissions where form_id = ${form.id})`,
    );
    const newLead = new Map(rows.map((r) => [r.payload.submissionId, r.payload.newLead]));
    expect(emails.map((_, i) => newLead.get(stored[i]!.submissionId))).toEqual([true, true, true, true, false]);
    await t.runJobs();
  });

  it('fail one by one: a submission whose page is gone fails alone, the others are stored', async () => {
    const form = await liveForm();
    const gone = { ...form, id: 'f_gone0000000000000000' };
    const first = store(form, 'before@example.com');
    const together = await Promise.allSettled([
      store(form, 'kept-1@example.com'),
      store(gone, 'lost@example.com'),
      store(form, 'kept-2@example.com'),
    ]);
    await first;
    expect(together.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rowsOf(form.id)).toMatchObject({ leads: 3, submissions: 3, consents: 3, counted: 3, jobs: 3 });
    expect(await rowsOf(gone.id)).toMatchObject({ leads: 0, submissions: 0, jobs: 0 });
    await t.runJobs();
  });
});

describe("a submission's follow-up", () => {
  it('queues its event without NOTIFY and sends its email before it commits, then wakes the runners', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    expect((await kit.submit(form.id, { email: 'quietly@example.com' })).statusCode).toBe(303);
    const seen = await statementsDuring(() => t.runJobs());
    const begin = seen.indexOf('begin');
    const commit = seen.indexOf('commit', begin);
    const followUp = seen.slice(begin + 1, commit).filter((text) => !text.includes('"sending_domains"'));
    // Found and locked; the event with its job, the code's hash and the email's log in one statement;
    // the delivery claimed; the email handed over (here the dev mailbox, in the same transaction).
    expect(followUp).toHaveLength(4);
    const [, writes, claim, mail] = followUp as [string, string, string, string];
    expect(writes.split('insert into graphile_worker._private_jobs')).toHaveLength(2);
    expect(writes).toMatch(/insert into "events"/);
    expect(writes).toMatch(/update "leads"/);
    expect(writes).toMatch(/insert into "lead_emails"/);
    expect(claim).toMatch(/insert into "email_deliveries"/);
    expect(mail).toMatch(/insert into "dev_mail"/);
    expect(followUp.filter((text) => /add_jobs?\(|pg_notify/.test(text))).toEqual([]);
    expect(seen.slice(commit).some((text) => text.includes('pg_notify'))).toBe(true);
    // No email job: the code went out with the follow-up.
    expect(seen.filter((text) => text.includes('"email_deliveries"'))).toEqual([claim]);
    // What it queued ran: the code reached the inbox.
    expect((await kit.mails('quietly@example.com')).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\d{6} is your code/),
    ]);
  });
});

describe('follow-ups that run at once', () => {
  it('share one transaction; a second submission of the same address in it sends no second code', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    const submitted: string[] = [];
    for (const email of ['other@example.com', 'same@example.com', 'same@example.com'])
      submitted.push(submissionIdOf((await kit.submit(form.id, { email })).headers.location!));
    // Their jobs, taken out of the queue to be run here at once, as the job runner's workers would.
    const { rows } = await t.db.execute<{ payload: FollowUpPayload }>(sql`
      delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
      where k.id = j.task_id and k.identifier = 'lead_follow_up' and j.payload->>'submissionId' = any(${sql.param(submitted)}::text[])
      returning j.payload`);
    const payloadOf = new Map(rows.map((r) => [r.payload.submissionId, r.payload]));
    const task = followUpTask(deps(), emailsAtCommit({ db: t.db, mailer: devMailbox(t.config.mailFrom) }));
    const seen = await statementsDuring(() => Promise.all(submitted.map((id) => task(payloadOf.get(id)!, {} as never))));
    // The first alone (nothing was under way), the two of the same address together after it.
    expect(seen.filter((text) => text === 'begin')).toHaveLength(2);
    await t.runJobs();
    expect((await kit.mails('other@example.com')).map((m) => m.subject)).toEqual([expect.stringMatching(/^\d{6} is your code/)]);
    expect((await kit.mails('same@example.com')).map((m) => m.subject)).toEqual([expect.stringMatching(/^\d{6} is your code/)]);
  });
});

describe('a server killed (kill -9) in the middle of a burst of submissions', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  it('loses none it acknowledged: every 303 names a submission that is in the database', { timeout: 60_000 }, async () => {
    const form = await createForm(t.app, owner, { publish: true });
    const { host, port: dbPort, user, password, database, connectionString } = t.pool.options;
    child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../../../tests/setup/submit-server.ts', import.meta.url))],
      {
        env: {
          PATH: process.env.PATH,
          SERVER_DATABASE: JSON.stringify({ host, port: dbPort, user, password, database, connectionString }),
          SECRET: t.config.secret,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const port = Number(/^port (\d+)/.exec(line.toString())?.[1]);
    expect(port).toBeGreaterThan(0);

    const acknowledged: string[] = [];
    let answered = 0;
    let n = 0;
    const submitOnce = () =>
      new Promise<void>((resolve) => {
        n += 1;
        const body = new URLSearchParams({
          ...patientVisitorFields(t.config.secret),
          consent: 'yes',
          email: `burst-${n}@example.com`,
          'field-first-name': 'Ada',
        }).toString();
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/f/${form.id}`,
            headers: {
              host: PUBLIC_HOST,
              'user-agent': BROWSER_UA,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            answered += 1;
            if (res.statusCode === 303) acknowledged.push(submissionIdOf(res.headers.location!));
            resolve();
          },
        );
        req.on('error', () => resolve()); // the server died before it answered: nothing was promised
        req.end(body);
      });
    // 8 visitors at a time until the server is killed, once some have been acknowledged.
    let running = true;
    const visitors = Array.from({ length: 8 }, async () => {
      while (running) await submitOnce();
    });
    while (answered < 40) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    running = false;
    await Promise.all(visitors);

    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    const { rows } = await t.db.execute<{ id: string; consents: number; jobs: number }>(sql`
      select s.id::text as id,
        (select count(*)::int from lead_consents c where c.submission_id = s.id) as consents,
        (select count(*)::int from ${FOLLOW_UPS} j where j.payload->>'submissionId' = s.id::text) as jobs
      from submissions s where s.form_id = ${form.id}`);
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const id of acknowledged)
      expect(stored.get(id), `submission ${id} was acknowledged`).toMatchObject({ consents: 1, jobs: 1 });
    // Whatever was stored without an answer is whole too (a submission is all its rows or none).
    for (const row of rows) expect(row).toMatchObject({ consents: 1, jobs: 1 });
  });
});
