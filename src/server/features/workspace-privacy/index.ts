import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { PURGE_EXPIRED_LEADS_TASK, purgeExpiredLeadsTask } from './purge-expired-leads.task.js';

export { eraseSubject, type ErasureDeps } from './erase-subject.js';
export type { Requester } from './request-log.js';
export { dataRequestRoutes } from './data-requests-routes.js';
export { PURGE_EXPIRED_LEADS_CRONTAB, PURGE_EXPIRED_LEADS_TASK, purgeExpiredLeadsTask } from './purge-expired-leads.task.js';
export { purgeExpiredLeads } from './retention.js';
export { retentionRoutes } from './retention-routes.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const workspacePrivacyTasks = ({ db }: { db: Db }): TaskList => ({
  [PURGE_EXPIRED_LEADS_TASK]: purgeExpiredLeadsTask(db),
});
