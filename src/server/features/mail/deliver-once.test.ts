import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { emailDeliveries } from '@/server/db/schema/index';
import { devMailbox, type Mailer, type OutgoingMail } from '@/server/lib/mailer';
import { deliverEach, deliverOnce } from './deliver-once.js';
import { queueEmail } from './emails.js';
import { emailJobSealer, type QueuedEmail } from './sealed-email-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const capture = () => {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
};

const resetJob = (to: string) =>
  ({ template: 'passwordReset', to, props: { name: 'Ada', url: 'http://localhost:3000/r/abc', expiresInMinutes: 60 } }) as const;

/** The message id inside the one queued email job, read as the worker would. */
async function queuedMessageId(): Promise<string> {
  const { rows } = await t.db.execute<{ payload: { sealed: string } }>(
    sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'send_email'`,
  );
  expect(rows).toHaveLength(1);
  return emailJobSealer(t.config.secret).open<QueuedEmail>(rows[0]!.payload.sealed).messageId;
}

describe('an email is sent once per message id', () => {
  it('completes without sending a job whose message was delivered before (a crash after the send)', async () => {
    await queueEmail(t.db, resetJob('once@example.com'));
    const messageId = await queuedMessageId();
    await t.db.insert(emailDeliveries).values({ messageId });
    const { sent, mailer } = capture();
    await t.runJobs({ mailer });
    expect(sent).toEqual([]);
    const { rows } = await t.db.execute(sql`select id from graphile_worker.jobs`);
    expect(rows).toEqual([]); // done, not retried
  });

  it('records a delivery with the message id the mail carried, and only when the mail server accepted it', async () => {
    await queueEmail(t.db, resetJob('recorded@example.com'));
    const messageId = await queuedMessageId();
    const refusing: Mailer = {
      send: async () => {
        throw new Error('421 try again later');
      },
    };
    await t.runJobs({ mailer: refusing });
    expect(
      await t.db
        .select()
        .from(emailDeliveries)
        .where(sql`${emailDeliveries.messageId} = ${messageId}`),
    ).toEqual([]);

    await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`); // its retry is due
    const { sent, mailer } = capture();
    await t.runJobs({ mailer });
    expect(sent.map((m) => [m.to, m.messageId])).toEqual([['recorded@example.com', messageId]]);
    expect(
      await t.db
        .select()
        .from(emailDeliveries)
        .where(sql`${emailDeliveries.messageId} = ${messageId}`),
    ).toHaveLength(1);
  });

  it('makes a second worker on the same message wait for the first and then skip it', async () => {
    let release!: () => void;
    const firstIsSending = new Promise<void>((started) => {
      void deliverOnce(t.db, 'same-message', async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
      });
    });
    await firstIsSending;
    const second = deliverOnce(t.db, 'same-message', async () => {
      throw new Error('must not send');
    });
    release();
    expect(await second).toBe('sentBefore');
  });

  it('holds its claim under a bounded lock wait: the claim statement sets lock_timeout for the transaction', async () => {
    let during = '';
    expect(
      await deliverOnce(t.db, 'bounded-wait', async (tx) => {
        during = (await tx.execute<{ v: string }>(sql`select current_setting('lock_timeout') as v`)).rows[0]!.v;
      }),
    ).toBe('sent');
    expect(during).toBe('10s');
    // SET LOCAL: the pooled connection goes back without it.
    expect((await t.db.execute<{ v: string }>(sql`select current_setting('lock_timeout') as v`)).rows[0]!.v).toBe('0');
  });

  it('writes the dev mailbox and the delivery record in one transaction', async () => {
    // PostgreSQL refuses a NUL character in text: the dev mailbox's insert fails, and with it the record.
    const broken = { messageId: 'dev-mailbox-rollback', to: 'x@example.com', subject: 's\u0000', text: 't', html: 'h' };
    await expect(deliverOnce(t.db, broken.messageId, (tx) => devMailbox(t.config.mailFrom).send(broken, tx))).rejects.toThrow();
    const { rows } = await t.db.execute(sql`select id from dev_mail where "to" = 'x@example.com'`);
    expect(rows).toEqual([]);
    expect(await recorded(['dev-mailbox-rollback'])).toEqual([]);
  });
});

const recorded = async (ids: string[]) =>
  (
    await t.db.execute<{ message_id: string }>(
      sql`select message_id from email_deliveries where message_id = any(${sql.param(ids)}::text[]) order by message_id`,
    )
  ).rows.map((r) => r.message_id);

describe('emails delivered together (deliverEach)', () => {
  const mail = (messageId: string) => ({ messageId, to: `${messageId}@example.com`, subject: 's', text: 't', html: 'h' });

  it('records the messages the mail server accepted and not the one it refused, which alone is sent again', async () => {
    const { sent, mailer } = capture();
    const ids = ['together-a', 'together-b', 'together-c'];
    const outcomes = await deliverEach(
      t.db,
      ids.map((id) => ({
        messageId: id,
        send: async (tx) => {
          if (id === 'together-b') throw new Error('550 mailbox unavailable');
          await mailer.send(mail(id), tx);
        },
      })),
    );
    expect(outcomes).toEqual([{ outcome: 'sent' }, { failed: new Error('550 mailbox unavailable') }, { outcome: 'sent' }]);
    expect(await recorded(ids)).toEqual(['together-a', 'together-c']);

    // The jobs run again (the refused one's retry, and the others' after a crash before their completion).
    const again = await deliverEach(
      t.db,
      ids.map((id) => ({ messageId: id, send: (tx) => mailer.send(mail(id), tx) })),
    );
    expect(again).toEqual([{ outcome: 'sentBefore' }, { outcome: 'sent' }, { outcome: 'sentBefore' }]);
    expect(sent.map((m) => m.messageId)).toEqual(['together-a', 'together-c', 'together-b']);
    expect(await recorded(ids)).toEqual(ids);
  });

  it('records none of them when the database fails them (the dev mailbox), so that each is tried again', async () => {
    const dev = devMailbox(t.config.mailFrom);
    const good = mail('dev-together-good');
    const broken = { ...mail('dev-together-broken'), subject: 's\u0000' };
    await expect(
      deliverEach(
        t.db,
        [good, broken].map((m) => ({ messageId: m.messageId, send: (tx) => dev.send(m, tx) })),
      ),
    ).rejects.toThrow();
    expect(await recorded([good.messageId, broken.messageId])).toEqual([]);
    const { rows } = await t.db.execute(sql`select id from dev_mail where "to" like 'dev-together-%'`);
    expect(rows).toEqual([]);
  });
});
