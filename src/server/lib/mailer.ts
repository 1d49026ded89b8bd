import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { devMail } from '../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  /** The Reply-To address, when replies should go elsewhere than MAIL_FROM. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

/** Delivers one rendered email. A thrown error makes the job queue retry later. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Without SMTP (outside production) every email lands in the dev mailbox shown at /dev/mail. */
export function devMailbox(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(devMail).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
