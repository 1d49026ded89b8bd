export { eraseSubject, type ErasureDeps } from './erase-subject.js';
export type { Requester } from './request-log.js';
export { dataRequestRoutes } from './data-requests-routes.js';
export { PURGE_EXPIRED_LEADS_CRONTAB, PURGE_EXPIRED_LEADS_TASK, purgeExpiredLeadsTask } from './purge-expired-leads.task.js';
export { purgeExpiredLeads } from './retention.js';
export { retentionRoutes } from './retention-routes.js';
