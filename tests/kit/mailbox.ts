import type { TestApp } from '@tests/setup/app';
import { APP_HOST } from './hosts.js';

/** The dev mailbox's JSON, on the app face (loopback clients only; absent when SMTP_URL is set). */
export const DEV_MAILBOX_JSON = '/dev/mail.json';

/** One email as GET /dev/mail.json lists it, newest first. */
export interface DevMail {
  to: string;
  from: string | null;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The emails to `to`, newest first; with `subject`, only those whose subject is it or matches it. */
export function mailsTo(mails: DevMail[], to: string, subject?: string | RegExp): DevMail[] {
  const wanted = (s: string) => subject === undefined || (typeof subject === 'string' ? s === subject : subject.test(s));
  return mails.filter((m) => m.to === to && wanted(m.subject));
}

/** The whole dev mailbox of a test app, as it is now (see mailsOf to send what is queued first). */
export async function readMailbox(t: TestApp): Promise<DevMail[]> {
  const res = await t.app.inject({ method: 'GET', url: DEV_MAILBOX_JSON, headers: { host: APP_HOST } });
  if (res.statusCode !== 200) throw new Error(`dev mailbox: ${res.statusCode} ${res.body}`);
  return res.json<DevMail[]>();
}

/** Sends what is queued, then the emails to `to` (see mailsTo). */
export async function mailsOf(t: TestApp, to: string, subject?: string | RegExp): Promise<DevMail[]> {
  await t.runJobs();
  return mailsTo(await readMailbox(t), to, subject);
}
