import type { Task } from 'graphile-worker';
import type { Mailer } from '../../lib/mailer.js';
import { renderEmail, type EmailJob } from './emails.js';

export function sendEmailTask(mailer: Mailer): Task {
  return async (payload) => {
    await mailer.send(await renderEmail(payload as EmailJob));
  };
}
