import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { readMailbox } from '@tests/kit/mailbox';
import { startSmtpSink } from '@tests/setup/smtp-sink';
import { devMail } from '@/server/db/schema/index';
import { addJob, removeJob } from '@/server/lib/jobs';
import { statementsDuring } from '@tests/kit/statements';
import { devMailbox, smtpMailer, type Mailer } from '@/server/lib/mailer';
import { emailJobSealer } from './sealed-email-job.js';
import { EMAIL_LANES, sendEmailTask } from './send-email.task.js';
import { queueEmail } from './emails.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resetJob = (to: string) =>
  ({ template: 'passwordReset', to, props: { name: 'Ada', url: 'http://localhost:3000/r/abc', expiresInMinutes: 60 } }) as const;

describe('email', () => {
  it('queues an email only when its transaction commits', async () => {
    await t.db
      .transaction(async (tx) => {
        await queueEmail(tx, resetJob('rolled-back@example.com'));
        throw new Error('the data write failed');
      })
      .catch(() => undefined);
    await t.db.transaction((tx) => queueEmail(tx, resetJob('committed@example.com')));
    await t.runJobs();
    const recipients = (await readMailbox(t)).map((m) => m.to);
    expect(recipients).toContain('committed@example.com');
    expect(recipients).not.toContain('rolled-back@example.com');
  });

  it('names each queued email by its message id: the job key, and the dev mailbox copy once sent; removable while queued', async () => {
    const kept = await queueEmail(t.db, resetJob('kept@example.com'));
    const dropped = await queueEmail(t.db, resetJob('dropped@example.com'));
    expect(kept).toMatch(/^[0-9a-f-]{36}$/);
    const keys = async () =>
      (await t.db.execute<{ key: string }>(sql`select key from graphile_worker.jobs where key is not null`)).rows.map(
        (r) => r.key,
      );
    expect(await keys()).toEqual(expect.arrayContaining([kept, dropped]));
    expect(await removeJob(t.db, dropped)).toBe(true);
    expect(await removeJob(t.db, dropped)).toBe(false);
    await t.runJobs();
    const copies = await t.db.select({ to: devMail.to }).from(devMail).where(eq(devMail.messageId, kept));
    expect(copies).toEqual([{ to: 'kept@example.com' }]);
    expect((await readMailbox(t)).map((m) => m.to)).not.toContain('dropped@example.com');
  });

  it('shows the dev mailbox newest first, as JSON and HTML, with a plain-text part', async () => {
    await queueEmail(t.db, resetJob('first@example.com'));
    await t.runJobs();
    await queueEmail(t.db, resetJob('second@example.com'));
    await t.runJobs();
    const mails = await readMailbox(t);
    expect(mails[0]!.to).toBe('second@example.com');
    expect(mails[1]!.to).toBe('first@example.com');
    expect(Object.keys(mails[0]!).sort()).toEqual(['createdAt', 'from', 'html', 'replyTo', 'subject', 'text', 'to']);
    expect(mails[0]!.from).toBe('"Lodestone" <no-reply@lodestone.local>');
    expect(mails[0]!.replyTo).toBeNull();
    expect(mails[0]!.text).toContain('http://localhost:3000/r/abc');
    expect(mails[0]!.text).not.toContain('<');
    // as a browser asks for it: compressed
    const html = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      headers: { host: APP_HOST, 'accept-encoding': 'br, gzip' },
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('second@example.com');
  });

  it('retries a failed delivery later instead of losing it, without the address in the stored error', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('550 mailbox unavailable: <retry@example.com>');
      },
    };
    await queueEmail(t.db, resetJob('retry@example.com'));
    await t.runJobs({ mailer: failing });
    const { rows } = await t.db.execute<{ attempts: number; last_error: string; run_at: Date }>(
      sql`select attempts, last_error, run_at from graphile_worker.jobs where task_identifier = 'send_email'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    expect(rows[0]!.last_error).toContain('550 mailbox unavailable: <<address>>');
    expect(rows[0]!.last_error).not.toContain('retry@example.com');
    expect(new Date(rows[0]!.run_at).getTime()).toBeGreaterThan(Date.now()); // backed off
    await t.db.execute(sql`delete from graphile_worker._private_jobs`);
  });

  it('runs jobs that a job queues, and accepts tasks of its own', async () => {
    const tasks = {
      welcome_later: async () => {
        await queueEmail(t.db, resetJob('queued-by-a-job@example.com'));
      },
    };
    await addJob(t.db, 'welcome_later', {});
    await t.runJobs({ tasks });
    expect((await readMailbox(t)).map((m) => m.to)).toContain('queued-by-a-job@example.com');
  });

  /** The send_email jobs, taken out of the queue to be run here at once, as the job runner's workers would. */
  async function takeEmailJobs() {
    const { rows } = await t.db.execute<{ id: string; payload: unknown; to: string }>(sql`
      delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
      where k.id = j.task_id and k.identifier = 'send_email' returning j.id::text, j.payload`);
    const task = sendEmailTask({ mailer: gate.mailer, db: t.db, sealer: emailJobSealer(t.config.secret) });
    const helpers = (id: string) => ({ job: { id }, logger: { info() {} } }) as never;
    return rows.map((row) => () => task(row.payload, helpers(row.id)));
  }

  /** The dev mailbox, but a message waits at `send` until `release(address)` (or `releaseAll`). */
  const gate = (() => {
    const dev = devMailbox('Lodestone <no-reply@example.com>');
    let held = new Map<string, () => void>();
    let open = false;
    const mailer: Mailer = {
      async send(mail, tx) {
        if (!open) await new Promise<void>((resolve) => held.set(mail.to, resolve));
        await dev.send(mail, tx);
      },
    };
    return {
      mailer,
      held: () => [...held.keys()],
      release(address: string) {
        held.get(address)?.();
        held.delete(address);
      },
      releaseAll() {
        open = true;
        for (const resolve of held.values()) resolve();
        held = new Map();
      },
      close() {
        open = false;
      },
    };
  })();

  it('records the email jobs that run at once together: the ones that wait for a lane share one transaction', async () => {
    const to = Array.from({ length: 2 * EMAIL_LANES }, (_, i) => `together-${i}@example.com`);
    for (const address of to) await queueEmail(t.db, resetJob(address));
    const jobs = await takeEmailJobs();
    gate.close();
    const seen = await statementsDuring(async () => {
      const first = jobs.slice(0, EMAIL_LANES).map((run) => run());
      await vi.waitFor(() => expect(gate.held()).toHaveLength(EMAIL_LANES)); // every lane is mid-send
      const rest = jobs.slice(EMAIL_LANES).map((run) => run());
      await new Promise((resolve) => setTimeout(resolve, 300)); // they render and queue behind the lanes
      gate.releaseAll();
      await Promise.all([...first, ...rest]);
    });
    expect(seen.filter((text) => text === 'begin')).toHaveLength(EMAIL_LANES + 1);
    const mailbox = (await readMailbox(t)).map((m) => m.to).filter((address) => to.includes(address));
    expect(mailbox.sort()).toEqual([...to].sort());
  });

  it('keeps sending while a message hangs at the mail server', async () => {
    const to = Array.from({ length: 6 }, (_, i) => `hang-${i}@example.com`);
    for (const address of to) await queueEmail(t.db, resetJob(address));
    const jobs = await takeEmailJobs();
    gate.close();
    const running = jobs.map((run) => run());
    await vi.waitFor(() => expect(gate.held()).toContain('hang-0@example.com'));
    // Every message but the first goes out while the first hangs.
    for (const address of to.slice(1)) {
      await vi.waitFor(() => expect(gate.held()).toContain(address));
      gate.release(address);
    }
    await vi.waitFor(async () =>
      expect(
        (await readMailbox(t))
          .map((m) => m.to)
          .filter((address) => to.includes(address))
          .sort(),
      ).toEqual(to.slice(1)),
    );
    gate.releaseAll();
    await Promise.all(running);
    expect((await readMailbox(t)).filter((m) => m.to === 'hang-0@example.com')).toHaveLength(1);
  });

  it('delivers through SMTP with html and plain-text parts and the queued message id', async () => {
    const sink = await startSmtpSink();
    try {
      await queueEmail(t.db, resetJob('smtp@example.com'));
      await t.runJobs({ mailer: smtpMailer(sink.url, 'Lodestone <no-reply@example.com>') });
      expect(sink.accepted).toHaveLength(1);
      const raw = sink.accepted[0]!.raw;
      expect(raw).toMatch(/^To: smtp@example\.com/m);
      expect(raw).toMatch(/^From: Lodestone <no-reply@example\.com>/m);
      expect(raw).not.toMatch(/^Reply-To:/m);
      expect(raw).toMatch(/^Subject: Reset your Lodestone password/m);
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
      const [delivery] = (
        await t.db.execute<{ message_id: string }>(sql`select message_id from email_deliveries order by sent_at desc limit 1`)
      ).rows;
      expect(sink.accepted[0]!.messageId).toBe(`<${delivery!.message_id}@example.com>`);
    } finally {
      await sink.close();
    }
  });

  it('sends over as many SMTP connections at once as it is given, each message waiting on its own', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = smtpMailer(sink.url, 'Lodestone <no-reply@example.com>', { connections: 6 });
      const to = Array.from({ length: 6 }, (_, i) => `held-${i}@example.com`);
      const held = to.map((address) => sink.stallNextTo(address));
      const mail = (address: string) => ({
        messageId: randomUUID(),
        to: address,
        subject: 'Held',
        html: '<p>Held</p>',
        text: 'Held',
      });
      const sent = to.map((address) => mailer.send(mail(address), t.db));
      // Every message arrived while the server answered none: six sessions at once (a pool of four holds two back).
      const stalled = await Promise.all(held);
      expect(sink.accepted).toHaveLength(0);
      for (const message of stalled) message.accept();
      await Promise.all(sent);
      expect(sink.accepted.map((m) => m.to[0]).sort()).toEqual([...to].sort());
    } finally {
      await sink.close();
    }
  });

  it('sends a sender name (quoted and encoded, never spliced) and a Reply-To', async () => {
    const sink = await startSmtpSink();
    try {
      const names = ['Ann "The Boss" O\'Neil, Ltd.', 'Café Zoë', 'Evil\r\nBcc: victim@example.com'];
      for (const [i, fromName] of names.entries()) {
        await queueEmail(t.db, { ...resetJob(`named-${i}@example.com`), fromName, replyTo: 'owner@example.com' });
      }
      await t.runJobs({ mailer: smtpMailer(sink.url, 'Lodestone <no-reply@example.com>') });
      const fromOf = (i: number) => {
        const raw = sink.accepted.find((m) => m.to.includes(`named-${i}@example.com`))!.raw;
        expect(raw).toMatch(/^Reply-To: owner@example\.com\r?$/m);
        expect(raw).not.toMatch(/^Bcc:/im);
        return /^From: (.*)\r?$/m.exec(raw)![1]!.trim();
      };
      expect(fromOf(0)).toBe('"Ann \\"The Boss\\" O\'Neil, Ltd." <no-reply@example.com>');
      expect(fromOf(1)).toBe('=?UTF-8?Q?Caf=C3=A9_Zo=C3=AB?= <no-reply@example.com>');
      expect(fromOf(2)).toBe('"Evil Bcc: victim@example.com" <no-reply@example.com>');
    } finally {
      await sink.close();
    }
  });

  it('shows the sender and Reply-To in the dev mailbox', async () => {
    await queueEmail(t.db, { ...resetJob('dev-named@example.com'), fromName: 'Acme "Books"', replyTo: 'owner@example.com' });
    await t.runJobs();
    const mail = (await readMailbox(t)).find((m) => m.to === 'dev-named@example.com')!;
    expect(mail.from).toBe('"Acme \\"Books\\"" <no-reply@lodestone.local>');
    expect(mail.replyTo).toBe('owner@example.com');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: { host: APP_HOST } });
    expect(page.body).toContain('From &quot;Acme \\&quot;Books\\&quot;&quot; &lt;no-reply@lodestone.local&gt;');
    expect(page.body).toContain('Reply-To owner@example.com');
  });
});

describe('dev mailbox availability', () => {
  it('does not exist when SMTP_URL is set', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await withSmtp.app.inject({ method: 'GET', url, headers: { host: APP_HOST } });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await withSmtp.close();
    }
  });

  it('answers only clients on this machine, whatever X-Forwarded-For says', async () => {
    const to = `loopback-only-${Date.now()}@example.com`;
    await queueEmail(t.db, resetJob(to));
    await t.runJobs();
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      for (const app of [t.app, proxied.app]) {
        for (const url of ['/dev/mail', '/dev/mail.json']) {
          for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '2001:db8::1', '::ffff:192.0.2.1']) {
            const res = await app.inject({
              method: 'GET',
              url,
              remoteAddress,
              headers: { host: APP_HOST, 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
            });
            expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
            expect(res.body).not.toContain('r/abc');
            expect(res.body).not.toContain('Dev mailbox');
          }
        }
      }
      for (const remoteAddress of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
        const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress, headers: { host: APP_HOST } });
        expect(res.statusCode, remoteAddress).toBe(200);
        expect(res.body).toContain(to);
      }
    } finally {
      await proxied.close();
    }
  });
});
