export { EXPORT_LEADS_TASK, exportLeadsTask } from './export-leads.task.js';
export { leadExportDownloadRoutes } from './download-routes.js';
export {
  PURGE_EXPIRED_EXPORTS_CRONTAB,
  PURGE_EXPIRED_EXPORTS_TASK,
  purgeExpiredExportsTask,
} from './purge-expired-exports.task.js';
export { createLeadExport, type ExportApiDeps, getLeadExport } from './exports.js';
export { leadExportRoutes } from './routes.js';
export { storageKeyOf as exportStorageKey } from './export-leads.js';
