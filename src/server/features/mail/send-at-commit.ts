import type { Db, Executor } from '@/server/db/client';
import { sendQueuedJobs } from '@/server/lib/jobs';
import type { Mailer } from '@/server/lib/mailer';
import { deliverInTransaction } from './deliver-once.js';
import { queueEmail, renderEmail } from './emails.js';
import { holdEmailsOf, takeHeldEmails } from './held-emails.js';
import { mailServerWatchOf } from './mail-server-watch.js';
import type { QueuedEmail } from './sealed-email-job.js';
import type { DomainSenderOf } from './send-email.task.js';

type Log = { info(message: string): void; warn(message: string): void };

export interface EmailsAtCommit {
  /**
   * Runs `work` in `tx` holding the emails it queues with message ids of its own (`queueEmail`),
   * then sends them, last before the commit. Call it in a transaction of `transactionQueuingQuietly`.
   */
  sendIn<T>(tx: Executor, log: Log, work: () => Promise<T>): Promise<T>;
}

/**
 * Emails sent by the transaction that decides them, not by a job of their own (decision 0108): a
 * sign-up's code email was a job inserted, fetched, opened, sent in a transaction of its own and
 * deleted. The transaction writes what goes with its emails (the codes' hashes, the emails' log),
 * claims their deliveries, hands them to the mail server and commits: an email is recorded as sent
 * if and only if the transaction that decided it committed. A crash between the server's acceptance
 * and the commit runs the transaction again, which sends the same emails with the same message ids
 * (theirs are derived from what they answer): the receiving server tells the repeat by its
 * Message-ID, as with a job's retry. An email the server refuses, or cannot take because it is away,
 * is queued as a job in the same transaction and goes out as any other, with the queue's backoff and
 * the mail server's watch; while the server is known to be away every email is queued so at once.
 */
export function emailsAtCommit({
  db,
  mailer,
  domainSender,
}: {
  db: Db;
  mailer: Mailer;
  domainSender?: DomainSenderOf;
}): EmailsAtCommit {
  const mailServer = mailServerWatchOf(db, mailer);

  const send = async (tx: Executor, emails: QueuedEmail[], log: Log) => {
    // Each workspace's sending domain once for the batch (its emails are mostly one page's).
    const workspaces = [...new Set(emails.flatMap((email) => (email.fromWorkspaceId ? [email.fromWorkspaceId] : [])))];
    const [mails, domains] = await Promise.all([
      Promise.all(emails.map((email) => renderEmail(email))),
      Promise.all(workspaces.map(async (id) => [id, domainSender ? await domainSender(id) : null] as const)).then(
        (found) => new Map(found),
      ),
    ]);
    for (const [i, mail] of mails.entries()) {
      const domain = domains.get(emails[i]!.fromWorkspaceId ?? '');
      if (domain) mail.domain = domain;
    }
    // What goes with the emails first: once the server accepted them, only the commit is left.
    await sendQueuedJobs(tx);
    const delivered = await deliverInTransaction(
      tx,
      mails.map((mail) => ({ messageId: mail.messageId, send: (t: Executor) => mailer.send(mail, t) })),
    );
    for (const [i, outcome] of delivered.entries()) {
      if (!('failed' in outcome)) continue;
      mailServer.failed(outcome.failed, log);
      await queueEmail(tx, emails[i]!, emails[i]!.messageId);
    }
    if (delivered.some((outcome) => !('failed' in outcome))) mailServer.sent(log);
  };

  return {
    async sendIn<T>(tx: Executor, log: Log, work: () => Promise<T>): Promise<T> {
      if (mailServer.away) return work();
      holdEmailsOf(tx);
      let result: T;
      try {
        result = await work();
      } catch (err) {
        takeHeldEmails(tx);
        throw err;
      }
      const emails = takeHeldEmails(tx);
      if (emails.length) await send(tx, emails, log);
      return result;
    },
  };
}
