export { PURGE_EXPIRED_LEADS_CRONTAB, PURGE_EXPIRED_LEADS_TASK, purgeExpiredLeadsTask } from './purge-expired-leads.task.js';
export { purgeExpiredLeads } from './retention.js';
export { retentionRoutes } from './routes.js';
