import type { Task } from 'graphile-worker';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import type { Sealer } from '../../lib/sealed.js';
import { deliverOnce } from './deliver-once.js';
import { renderEmail } from './emails.js';
import { openEmailJob } from './sealed-email-job.js';

export interface SendEmailDeps {
  mailer: Mailer;
  db: Db;
  /** Opens the sealed job payloads (emailJobSealer(SECRET)). */
  sealer: Sealer;
}

/** A mail server's refusal often quotes the address; the job queue stores and logs the error, so it must not. */
function withoutAddresses(err: unknown, addresses: Array<string | undefined>): Error {
  let message = err instanceof Error ? err.message : String(err);
  for (const address of addresses) if (address) message = message.split(address).join('<address>');
  return new Error(message);
}

export function sendEmailTask({ mailer, db, sealer }: SendEmailDeps): Task {
  return async (payload, helpers) => {
    const email = openEmailJob(sealer, payload, helpers.job.id);
    const mail = await renderEmail(email);
    try {
      const outcome = await deliverOnce(db, email.messageId, (tx) => mailer.send(mail, tx));
      if (outcome === 'sentBefore') helpers.logger.info(`email ${email.messageId} was delivered before; not sending it again`);
    } catch (err) {
      throw withoutAddresses(err, [email.to, email.replyTo]);
    }
  };
}
