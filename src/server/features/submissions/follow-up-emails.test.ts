import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { journeyKit } from '@tests/kit/journey';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import type { Executor } from '@/server/db/client';
import { smtpMailer, type Mailer, type OutgoingMail } from '@/server/lib/mailer';

// A sign-up's code email is sent by its follow-up, before the follow-up commits (decision 0108):
// what a crash, a refusal or a mail server away does to it.

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
let sink: SmtpSink;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.31');
  owner = await createUser(t.app);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

/** A mailer that keeps what it was handed, then does `after` (in the transaction that records it). */
function recordingMailer(after: (mail: OutgoingMail, tx: Executor) => Promise<void> = async () => {}) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail, tx) {
      sent.push(mail);
      await after(mail, tx);
    },
  };
  return { mailer, sent };
}

const jobsOf = async (task: string) =>
  (
    await t.db.execute<{ attempts: number; last_error: string | null; key: string | null }>(
      sql`select attempts, last_error, key from graphile_worker.jobs where task_identifier = ${task}`,
    )
  ).rows;
const dueNow = () => t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`);
const deliveries = async (messageId: string) =>
  (await t.db.execute(sql`select 1 from email_deliveries where message_id = ${messageId}`)).rows.length;

describe("a sign-up's code email, sent by its follow-up", () => {
  it('is sent again the same after a crash between the mail server taking it and the commit: same Message-ID, same code, and it works', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    const answer = await kit.submit(form.id, { email: 'crash@example.com' });
    // The mail server takes the email, then the database connection dies before the commit.
    const crashing = recordingMailer(async (_mail, tx) => {
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
    });
    await t.runJobs(crashing.mailer);
    expect(crashing.sent.map((m) => m.to)).toEqual(['crash@example.com']);
    expect(await jobsOf('lead_follow_up')).toMatchObject([{ attempts: 1 }]);
    expect(await deliveries(crashing.sent[0]!.messageId)).toBe(0);

    await dueNow();
    const again = recordingMailer();
    await t.runJobs(again.mailer);
    expect(again.sent).toHaveLength(1);
    const [first, second] = [crashing.sent[0]!, again.sent[0]!];
    expect(second.messageId).toBe(first.messageId);
    expect(second.subject).toMatch(/^\d{6} is your code/);
    expect(second.subject).toBe(first.subject);
    expect(await deliveries(second.messageId)).toBe(1);
    expect(await jobsOf('lead_follow_up')).toEqual([]);
    // The code in both emails is the one the lead holds.
    const verified = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(answer.headers.location!),
      code: second.subject.slice(0, 6),
    });
    expect((await kit.visit(verified.headers.location!)).body).toMatch(/href="http[^"]+\/d\/[^"]+"/);
  });

  it('refused by the mail server, is queued as a job of its own; the other sign-ups of the batch are sent and kept', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    const addresses = ['kept-a@example.com', 'refused@example.com', 'kept-b@example.com'];
    for (const email of addresses) expect((await kit.submit(form.id, { email })).statusCode).toBe(303);
    const refusing = recordingMailer(async (mail) => {
      if (mail.to === 'refused@example.com')
        throw Object.assign(new Error('550 5.1.1 <refused@example.com>: mailbox unavailable'), { responseCode: 550 });
    });
    await t.runJobs(refusing.mailer);
    // Each follow-up went through once (none was rolled back by the refusal) and each email was tried.
    expect(await jobsOf('lead_follow_up')).toEqual([]);
    const refused = refusing.sent.find((m) => m.to === 'refused@example.com')!;
    // The refused email waits as a job under its message id (tried once more by its job, refused again),
    // its error without the address; the others are recorded as delivered.
    const [waiting] = await jobsOf('send_email');
    expect(waiting).toMatchObject({ key: refused.messageId, attempts: 1 });
    expect(waiting!.last_error).toContain('mailbox unavailable');
    expect(waiting!.last_error).not.toContain('refused@example.com');
    for (const m of refusing.sent.filter((m) => m.to !== 'refused@example.com')) expect(await deliveries(m.messageId)).toBe(1);
    expect(await deliveries(refused.messageId)).toBe(0);

    await dueNow();
    const later = recordingMailer();
    await t.runJobs(later.mailer);
    expect(later.sent.map((m) => [m.to, m.messageId, m.subject])).toEqual([
      ['refused@example.com', refused.messageId, refused.subject],
    ]);
    expect(await deliveries(refused.messageId)).toBe(1);
    expect(await jobsOf('send_email')).toEqual([]);
  });

  it('goes out once the mail server is back when it was away at the sign-up, once', async () => {
    const form = await createForm(t.app, owner, { publish: true });
    await t.runJobs();
    const mailer = smtpMailer(sink.url, 'Lodestone <no-reply@example.com>');
    await sink.stop();
    expect((await kit.submit(form.id, { email: 'away@example.com' })).statusCode).toBe(303);
    await t.runJobs(mailer);
    expect(await jobsOf('lead_follow_up')).toEqual([]);
    expect(await jobsOf('send_email')).toMatchObject([{ attempts: 1 }]);

    await sink.restart();
    // The watch probes the server a second after the outage began and, once it answers, makes the email due.
    for (let tries = 0; (await jobsOf('send_email')).length > 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await t.runJobs(mailer);
    }
    mailer.close?.();
    expect(sink.accepted.filter((m) => m.to.includes('away@example.com'))).toHaveLength(1);
  });
});
