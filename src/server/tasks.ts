import type { TaskList } from 'graphile-worker';
import { accountTasks } from './features/account/index.js';
import { billingTasks } from './features/billing/index.js';
import { conversionsTasks } from './features/conversions/index.js';
import { customDomainsTasks } from './features/custom-domains/index.js';
import { emailToolsTasks } from './features/email-tools/index.js';
import { filesTasks } from './features/files/index.js';
import { followUpsTasks } from './features/follow-ups/index.js';
import { formsTasks } from './features/forms/index.js';
import { imagesTasks } from './features/images/index.js';
import { leadExportTasks } from './features/lead-export/index.js';
import { leadNotificationsTasks } from './features/lead-notifications/index.js';
import { mailTasks } from './features/mail/index.js';
import { outboxTasks } from './features/outbox/index.js';
import { pageCountsTasks } from './features/page-counts/index.js';
import { planLimitsTasks } from './features/plan-limits/index.js';
import { publicApiTasks } from './features/public-api/index.js';
import { sendingDomainsTasks } from './features/sending-domains/index.js';
import { submissionsTasks } from './features/submissions/index.js';
import { webhooksTasks } from './features/webhooks/index.js';
import { workspacePrivacyTasks } from './features/workspace-privacy/index.js';
import type { Mailer } from './lib/mailer.js';
import type { Services } from './services.js';

/**
 * One entry shape for every feature's background tasks (decision 0073): its tasks by name, from the
 * services (and the mailer, which only the job thread has: the app queues emails, it never sends).
 */
export type FeatureTasks = (services: Services, mailer: Mailer) => TaskList;

const FEATURE_TASKS: FeatureTasks[] = [
  outboxTasks,
  mailTasks,
  submissionsTasks,
  filesTasks,
  imagesTasks,
  formsTasks,
  pageCountsTasks,
  workspacePrivacyTasks,
  leadNotificationsTasks,
  leadExportTasks,
  webhooksTasks,
  emailToolsTasks,
  conversionsTasks,
  publicApiTasks,
  accountTasks,
  billingTasks,
  planLimitsTasks,
  // The job thread builds no app, so no serving map to refresh here: the database tells every server.
  customDomainsTasks,
  sendingDomainsTasks,
  followUpsTasks,
];

/** Every background task, for the job thread (job-thread.ts) and for tests that run the queue. */
export function createTaskList(services: Services, mailer: Mailer): TaskList {
  return Object.assign({}, ...FEATURE_TASKS.map((tasks) => tasks(services, mailer))) as TaskList;
}
