import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { addJob } from '@/server/lib/jobs';
import type { Mailer, OutgoingMail } from '@/server/lib/mailer';
import { queueEmail, SEND_EMAIL_TASK } from './emails.js';

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

const queuedPayloads = async () =>
  (await t.db.execute<{ payload: string }>(sql`select payload::text as payload from graphile_worker._private_jobs`)).rows.map(
    (r) => r.payload,
  );

describe('email jobs in the queue', () => {
  it('keep no code, link or address in clear, and still deliver them', async () => {
    const confirmUrl = 'http://127.0.0.1:3000/confirm?t=secret-confirm-token';
    await queueEmail(t.db, {
      template: 'leadConfirm',
      to: 'sealed-visitor@example.com',
      replyTo: 'owner@example.com',
      props: { businessName: 'Acme', leadMagnetName: 'The Guide', code: '482913', confirmUrl },
    });
    const payloads = await queuedPayloads();
    expect(payloads).toHaveLength(1);
    for (const secret of ['482913', confirmUrl, 'secret-confirm-token', 'sealed-visitor@example.com', 'owner@example.com']) {
      expect(payloads[0]).not.toContain(secret);
    }
    expect(JSON.parse(payloads[0]!)).toEqual({ sealed: expect.stringMatching(/^v1\./) });

    const { sent, mailer } = capture();
    await t.runJobs({ mailer });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('sealed-visitor@example.com');
    expect(sent[0]!.replyTo).toBe('owner@example.com');
    expect(sent[0]!.text).toContain('482913');
    expect(sent[0]!.text).toContain(confirmUrl);
  });

  it('still delivers a job queued in clear before sealing existed, once', async () => {
    const legacy = {
      template: 'passwordReset',
      to: 'legacy@example.com',
      props: { name: 'Ada', url: 'http://x/r', expiresInMinutes: 60 },
    };
    await addJob(t.db, SEND_EMAIL_TASK, legacy);
    const { sent, mailer } = capture();
    await t.runJobs({ mailer });
    expect(sent.map((m) => m.to)).toEqual(['legacy@example.com']);
    expect(sent[0]!.messageId).toMatch(/^job-\d+$/);
  });
});
