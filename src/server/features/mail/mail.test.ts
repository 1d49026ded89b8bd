import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, type Mailer } from '../../lib/mailer.js';
import { APP_HOST, createTestApp, type TestApp } from '../../../../tests/setup/app.js';
import { queueEmail } from './emails.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resetJob = (to: string) =>
  ({ template: 'passwordReset', to, props: { name: 'Ada', url: 'http://localhost:3000/r/abc', expiresInMinutes: 60 } }) as const;

const mailJson = async () =>
  (await t.app.inject({ method: 'GET', url: '/dev/mail.json', headers: { host: APP_HOST } })).json<
    Array<{ to: string; subject: string; text: string; html: string; createdAt: string }>
  >();

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
    const recipients = (await mailJson()).map((m) => m.to);
    expect(recipients).toContain('committed@example.com');
    expect(recipients).not.toContain('rolled-back@example.com');
  });

  it('shows the dev mailbox newest first, as JSON and HTML, with a plain-text part', async () => {
    await queueEmail(t.db, resetJob('first@example.com'));
    await t.runJobs();
    await queueEmail(t.db, resetJob('second@example.com'));
    await t.runJobs();
    const mails = await mailJson();
    expect(mails[0]!.to).toBe('second@example.com');
    expect(mails[1]!.to).toBe('first@example.com');
    expect(Object.keys(mails[0]!).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
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

  it('retries a failed delivery later instead of losing it', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP server unreachable');
      },
    };
    await queueEmail(t.db, resetJob('retry@example.com'));
    await t.runJobs(failing);
    const { rows } = await t.db.execute<{ attempts: number; last_error: string; run_at: Date }>(
      sql`select attempts, last_error, run_at from graphile_worker._private_jobs where payload->>'to' = 'retry@example.com'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    expect(rows[0]!.last_error).toContain('SMTP server unreachable');
    expect(new Date(rows[0]!.run_at).getTime()).toBeGreaterThan(Date.now()); // backed off
  });

  it('delivers through SMTP with html and plain-text parts', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    try {
      await queueEmail(t.db, resetJob('smtp@example.com'));
      await t.runJobs(smtpMailer(`smtp://127.0.0.1:${port}`, 'Lodestone <no-reply@example.com>'));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: smtp@example\.com/m);
      expect(received[0]).toMatch(/^Subject: Reset your Lodestone password/m);
      expect(received[0]).toContain('text/plain');
      expect(received[0]).toContain('text/html');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
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
      for (const remoteAddress of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress, headers: { host: APP_HOST } });
        expect(res.statusCode, remoteAddress).toBe(200);
        expect(res.body).toContain(to);
      }
    } finally {
      await proxied.close();
    }
  });
});
