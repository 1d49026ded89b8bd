import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Executor } from '@/server/db/client';
import { devMail } from '@/server/db/schema/index';

export interface OutgoingMail {
  /** Given when the email was queued; also its Message-ID, so a receiving server can spot a repeat. */
  messageId: string;
  to: string;
  /** The sender name shown with MAIL_FROM's address (e.g. a page's business name); MAIL_FROM's own name otherwise. */
  fromName?: string;
  /** The Reply-To address, when replies should go elsewhere than MAIL_FROM. */
  replyTo?: string;
  /** A workspace's verified sending domain: the address the email comes from instead of MAIL_FROM's, and its DKIM key. */
  domain?: DomainSender;
  /** More header fields, e.g. a follow-up email's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  subject: string;
  html: string;
  text: string;
}

/** nodemailer's `dkim` option: the key a sending domain's DNS publishes at `{keySelector}._domainkey.{domainName}`. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PKCS#8 PEM. */
  privateKey: string;
}

/**
 * The header fields a DKIM signature covers: nodemailer's list (RFC 4871 §5.5's) and List-Unsubscribe-Post,
 * which RFC 8058 §4 requires signed with List-Unsubscribe before a mail client offers one-click.
 */
const DKIM_SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

/** Where a workspace's visitor emails come from once its sending domain is verified (features/sending-domains). */
export interface DomainSender {
  /** `{localPart}@{domain}`. */
  address: string;
  dkim: DkimKey;
}

/** Delivers one rendered email. A thrown error makes the job queue retry later. */
export interface Mailer {
  /**
   * `tx` is the open transaction that records the delivery: a mailbox kept in the same database
   * writes through it, so the mail and its record commit together or not at all.
   */
  send(mail: OutgoingMail, tx: Executor): Promise<void>;
  /** Closes what it keeps open (an SMTP pool's connections), so that a stopping thread can end. */
  close?(): void;
  /**
   * Resolves once the mail server answers again (a connection and its greeting), rejects while it
   * does not: asked while emails wait for a mail server that went away (features/mail).
   */
  probe?(): Promise<void>;
}

/** nodemailer's codes for a mail server that could not be reached, or went away mid-session. */
const AWAY_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS']);

/**
 * True when a send failed because the mail server is away (refused, unreachable, silent, hung up,
 * or said 421 "service not available"), not because it refused this one message.
 */
export function isMailServerAway(err: unknown): boolean {
  const { code, command, responseCode } = (err ?? {}) as { code?: string; command?: string; responseCode?: number };
  return (code !== undefined && AWAY_CODES.has(code)) || command === 'CONN' || responseCode === 421;
}

export interface Sender {
  name: string;
  address: string;
}

/**
 * MAIL_FROM's address with the given name (or MAIL_FROM's own), as an address object nodemailer
 * quotes and encodes; `domain`'s address instead of MAIL_FROM's when the email goes from a sending domain.
 */
export function senderOf(mailFrom: string, fromName?: string, domain?: Pick<DomainSender, 'address'>): Sender {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  if (!parsed?.address) throw new Error(`MAIL_FROM has no address: ${mailFrom}`);
  // A name is one line; nodemailer would encode a line break safely, but it has no place in a name.
  const name = fromName?.replace(/[\r\n]+/g, ' ').trim();
  return { name: name || parsed.name, address: domain?.address ?? parsed.address };
}

/** RFC 5322 Message-ID: the queued id at the sender's domain. */
export const messageIdHeader = (messageId: string, sender: Sender) =>
  `<${messageId}@${sender.address.split('@').pop() ?? 'localhost'}>`;

/** How a mail program shows an address, for the dev mailbox (display only; SMTP gets the address object). */
export function displayAddress({ name, address }: Sender): string {
  return name ? `"${name.replace(/[\\"]/g, '\\$&')}" <${address}>` : address;
}

/**
 * `connections`: SMTP sessions open at once. Each message waits for several answers of the server
 * (MAIL, RCPT, DATA, the end of the data): about 100 ms at a 25 ms round trip, so 4 connections
 * send at most about 40 emails a second. Pass the number of jobs that may send at once.
 */
export function smtpMailer(smtpUrl: string, mailFrom: string, { connections = 4 }: { connections?: number } = {}): Mailer {
  // Pooled: connections kept open and reused for many messages, instead of a new SMTP session
  // (connect, greeting, EHLO) per email, which kept the queue behind a burst of submissions.
  // A server that does not answer fails a send within seconds (nodemailer waits 2 minutes to connect and
  // 10 minutes on a silent connection by default): each send holds its delivery's transaction open.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send({ messageId, fromName, to, replyTo, domain, headers, subject, html, text }) {
      const from = senderOf(mailFrom, fromName, domain);
      await transport.sendMail({
        from,
        to,
        ...(replyTo ? { replyTo } : {}),
        subject,
        html,
        text,
        messageId: messageIdHeader(messageId, from),
        ...(headers ? { headers } : {}),
        // Signed by the domain it comes from: what DMARC aligns with the From address.
        ...(domain ? { dkim: { ...domain.dkim, headerFieldNames: DKIM_SIGNED_FIELDS } } : {}),
      });
    },
    close: () => transport.close(),
    async probe() {
      await transport.verify();
    },
  };
}

/** Without SMTP (outside production) every email lands in the dev mailbox shown at /dev/mail. */
export function devMailbox(mailFrom: string): Mailer {
  return {
    async send(mail, tx) {
      await tx.insert(devMail).values({
        messageId: mail.messageId,
        to: mail.to,
        from: displayAddress(senderOf(mailFrom, mail.fromName, mail.domain)),
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
