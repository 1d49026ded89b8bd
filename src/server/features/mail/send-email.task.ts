import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { batched } from '@/server/lib/batched';
import type { DomainSender, Mailer } from '@/server/lib/mailer';
import type { Sealer } from '@/server/lib/sealed';
import { deliverEach, type Delivered, type Delivery } from './deliver-once.js';
import { renderEmail } from './emails.js';
import { MAIL_SERVER_AWAY, mailServerWatchOf } from './mail-server-watch.js';
import { openEmailJob } from './sealed-email-job.js';

export interface SendEmailDeps {
  mailer: Mailer;
  db: Db;
  /** Opens the sealed job payloads (emailJobSealer(SECRET)). */
  sealer: Sealer;
  /** The delays between probes of a mail server that went away (mail-server-watch.ts). */
  probeDelaysMs?: number[];
  /** A workspace's verified sending domain, or null (features/sending-domains); without it every email goes from MAIL_FROM. */
  domainSender?: DomainSenderOf;
}

/** Where a workspace's visitor emails go from now: its verified sending domain, or null for MAIL_FROM's address. */
export type DomainSenderOf = (workspaceId: string) => Promise<DomainSender | null>;

/** A mail server's refusal often quotes the address; the job queue stores and logs the error, so it must not. */
function withoutAddresses(err: unknown, addresses: Array<string | undefined>): Error {
  let message = err instanceof Error ? err.message : String(err);
  for (const address of addresses) if (address) message = message.split(address).join('<address>');
  return new Error(message);
}

/**
 * The sending domains of the emails that start while a lookup is under way are looked up by the
 * next one, each workspace once (decision 0093): a burst of sign-ups to one page asked the same
 * question once per email. Each caller's answer is read after its call, as if it had asked alone.
 */
export function sharedLookups(senderOf: DomainSenderOf): DomainSenderOf {
  return batched(
    async (workspaceIds: string[]) => {
      const distinct = [...new Set(workspaceIds)];
      const found = new Map(await Promise.all(distinct.map(async (id) => [id, await senderOf(id)] as const)));
      return workspaceIds.map((id) => found.get(id) ?? null);
    },
    { max: 256 },
  );
}

/**
 * Transactions of emails under way at once. A batch commits once its slowest message is accepted: a
 * message that hangs at the mail server holds its batch, and the other lanes keep sending.
 */
export const EMAIL_LANES = 4;

/**
 * The email jobs that run at once are delivered together (decision 0040): up to EMAIL_LANES
 * transactions are under way, and the jobs that arrive while they all are share the next one (at
 * most 32). A message id twice waits for the next transaction.
 */
export function sendEmailTask({ mailer, db, sealer, probeDelaysMs, domainSender }: SendEmailDeps): Task {
  const mailServer = mailServerWatchOf(db, mailer, { probeDelaysMs });
  const deliver = batched((deliveries: Delivery[]) => deliverEach(db, deliveries), {
    max: 32,
    concurrency: EMAIL_LANES,
    keyOf: (delivery) => delivery.messageId,
  });
  const senderOf = domainSender && sharedLookups(domainSender);
  return async (payload, helpers) => {
    const email = openEmailJob(sealer, payload, helpers.job.id);
    // Away: the job fails without a connection and waits (its backoff, or the server's return).
    if (mailServer.away) throw new Error(MAIL_SERVER_AWAY);
    const [mail, domain] = await Promise.all([
      renderEmail(email),
      email.fromWorkspaceId && senderOf ? senderOf(email.fromWorkspaceId) : null,
    ]);
    if (domain) mail.domain = domain;
    const delivered: Delivered = await deliver({ messageId: email.messageId, send: (tx) => mailer.send(mail, tx) }).catch(
      (err: unknown) => ({ failed: err }),
    );
    if ('failed' in delivered) {
      mailServer.failed(delivered.failed, helpers.logger);
      throw withoutAddresses(delivered.failed, [email.to, email.replyTo]);
    }
    mailServer.sent(helpers.logger);
    if (delivered.outcome === 'sentBefore')
      helpers.logger.info(`email ${email.messageId} was delivered before; not sending it again`);
  };
}
