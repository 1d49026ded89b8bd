import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Mailer } from '@/server/lib/mailer';
import type { Sealer } from '@/server/lib/sealed';
import { SEND_EMAIL_TASK } from './emails.js';
import { PURGE_EMAIL_DELIVERIES_TASK, purgeEmailDeliveriesTask } from './purge-deliveries.task.js';
import { type DomainSenderOf, sendEmailTask } from './send-email.task.js';

export { devMailboxRoutes } from './dev-mailbox.routes.js';
export { queueEmail, renderEmail, SEND_EMAIL_TASK, type EmailJob, type EmailProps } from './emails.js';
export { forgetEmails } from './forget-emails.js';
export {
  PURGE_EMAIL_DELIVERIES_CRONTAB,
  PURGE_EMAIL_DELIVERIES_TASK,
  purgeEmailDeliveriesTask,
} from './purge-deliveries.task.js';
export { emailJobSealer, sealQueuedEmailsWith } from './sealed-email-job.js';
export { type DomainSenderOf, sendEmailTask } from './send-email.task.js';
export { emailsAtCommit, type EmailsAtCommit } from './send-at-commit.js';
export { stableMessageId } from './message-id.js';
export { emailBrandOf, type EmailBrand } from './templates/email-brand.js';
export { receiptDate, refundText } from './templates/receipt-emails.js';
export { followUpSubject } from './templates/follow-up-email.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const mailTasks = (
  { db, emailSealer, sendingDomains }: { db: Db; emailSealer: Sealer; sendingDomains: { senderOf: DomainSenderOf } },
  mailer: Mailer,
): TaskList => ({
  [SEND_EMAIL_TASK]: sendEmailTask({ mailer, db, sealer: emailSealer, domainSender: sendingDomains.senderOf }),
  [PURGE_EMAIL_DELIVERIES_TASK]: purgeEmailDeliveriesTask(db),
});
