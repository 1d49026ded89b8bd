import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FollowUps } from '@/domain/follow-ups';
import { emailJobSealer } from '@/server/features/mail/sealed-email-job';
import { SEND_EMAIL_TASK } from '@/server/features/mail/emails';
import { sendEmailTask } from '@/server/features/mail/send-email.task';
import { addJob, startJobRunner, type JobRunner } from '@/server/lib/jobs';
import { smtpMailer } from '@/server/lib/mailer';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser } from '@tests/kit/owner';
import { startWorkerProcess } from '@tests/kit/worker-process';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import { followUpDeps } from './deps.js';
import { FOLLOW_UP_SWEEP_TASK, followUpSweepTask } from './sweep.js';

// docs/decisions/0090: a worker killed (kill -9) in the middle of a sequence's sends: once another
// worker takes over, nothing is lost, no step is queued twice, and no message goes twice except one
// the mail server had already accepted when the worker died, with its same Message-ID.

const WORKER_NAME = 'lodestone-follow-up-worker';
const quiet = { info() {}, debug() {}, warn() {}, error() {} };

let t: TestApp;
let sink: SmtpSink;
let child: ChildProcess | undefined;
let restarted: JobRunner | undefined;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await restarted?.stop();
  await sink.close();
  await t.close();
});

const SEQUENCE: FollowUps = {
  steps: [
    { id: 'first', delay: 0, unit: 'hours', at: '', subject: 'First follow-up', text: 'One.' },
    { id: 'second', delay: 0, unit: 'hours', at: '', subject: 'Second follow-up', text: 'Two.' },
  ],
  paused: false,
  basis: 'consent',
  basisNote: '',
  optInText: '',
  timeZone: 'UTC',
};

const startWorker = () =>
  startWorkerProcess(t, 'follow-up-worker.ts', WORKER_NAME, { SMTP_URL: sink.url, PUBLIC_ORIGIN: t.config.publicUrl.origin });

/** A header's value, its folded lines joined. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

const followUpsIn = (accepted: SmtpSink['accepted']) =>
  accepted
    .map((m) => ({ to: m.to.join(','), subject: header(m.raw, 'Subject'), messageId: header(m.raw, 'Message-ID') }))
    .filter((m) => m.subject.endsWith('follow-up'));

it(
  'a worker killed mid-sequence leaves each step sent once to each lead after another takes over',
  { timeout: 90_000 },
  async () => {
    const owner = await createUser(t.app);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false, followUps: SEQUENCE } });
    const kit = journeyKit(t, '10.91');
    const addresses = Array.from({ length: 6 }, (_, i) => `crash-follow-${i}@example.com`);
    for (const email of addresses) {
      const res = await kit.submit(form.id, { email, ls_fu: 'yes' });
      expect(res.statusCode, res.body).toBe(303);
    }
    await t.runJobs(); // the sign-ups' events start the sequence; their download emails go to the dev mailbox
    const { rows: started } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from follow_up_leads`);
    expect(started[0]!.n).toBe(addresses.length);

    const stalled = sink.stallNextTo(addresses[3]!);
    child = await startWorker();
    await addJob(t.db, FOLLOW_UP_SWEEP_TASK, {
      _cron: { ts: new Date(Date.now() + 3_600_000).toISOString(), backfilled: false },
    });
    await stalled; // the worker is mid-send of a follow-up
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    const before = followUpsIn(sink.accepted);
    expect(before.length).toBeLessThan(addresses.length * 2);

    // Another worker (a server starting again) takes over; the next minute's sweep runs too.
    const tasks = {
      [FOLLOW_UP_SWEEP_TASK]: followUpSweepTask(followUpDeps(t.services)),
      [SEND_EMAIL_TASK]: sendEmailTask({
        mailer: smtpMailer(sink.url, 'Lodestone <no-reply@example.com>'),
        db: t.db,
        sealer: emailJobSealer(t.config.secret),
      }),
    };
    restarted = await startJobRunner(t.pool, tasks, '', quiet);
    await addJob(t.db, FOLLOW_UP_SWEEP_TASK, {
      _cron: { ts: new Date(Date.now() + 3_600_000).toISOString(), backfilled: false },
    });
    await sink.until((accepted) => new Set(followUpsIn(accepted).map((m) => m.messageId)).size >= addresses.length * 2);
    await restarted.stop();
    restarted = undefined;

    const sent = followUpsIn(sink.accepted);
    expect(sent.map((m) => m.messageId)).toEqual(
      sent.map(() => expect.stringMatching(/^<follow-up-[0-9a-f-]{36}-(first|second)@/)),
    );
    // Every lead got each step; each step was one message (one Message-ID).
    for (const to of addresses) {
      const theirs = sent.filter((m) => m.to === to);
      expect([...new Set(theirs.map((m) => m.subject))].sort(), to).toEqual(['First follow-up', 'Second follow-up']);
      expect(new Set(theirs.map((m) => m.messageId)).size, to).toBe(2);
    }
    // A message arrives twice only when the mail server had accepted it in the batch the kill cut short
    // (its delivery never recorded: mail/deliver-once.ts), and then with the same Message-ID, by which
    // the receiving side drops the copy. Nothing the worker had not sent before the kill went twice.
    const seen = new Set<string>();
    const repeats = sent.filter((m) => seen.has(m.messageId) || !seen.add(m.messageId));
    const acceptedBefore = new Set(before.map((m) => m.messageId));
    expect(repeats.filter((m) => !acceptedBefore.has(m.messageId))).toEqual([]);
    const { rows: sends } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from follow_up_sends`);
    expect(sends[0]!.n).toBe(addresses.length * 2);
  },
);
