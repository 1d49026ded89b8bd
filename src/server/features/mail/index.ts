export { devMailboxRoutes } from './dev-mailbox.routes.js';
export { queueEmail, renderEmail, SEND_EMAIL_TASK, type EmailJob, type EmailProps } from './emails.js';
export { forgetEmails } from './forget-emails.js';
export {
  PURGE_EMAIL_DELIVERIES_CRONTAB,
  PURGE_EMAIL_DELIVERIES_TASK,
  purgeEmailDeliveriesTask,
} from './purge-deliveries.task.js';
export { emailJobSealer, sealQueuedEmailsWith } from './sealed-email-job.js';
export { sendEmailTask } from './send-email.task.js';
export { emailBrandOf, type EmailBrand } from './templates/email-brand.js';
