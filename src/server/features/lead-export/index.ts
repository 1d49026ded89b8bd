import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import type { Tokens } from '@/server/lib/tokens';
import { EXPORT_LEADS_TASK, exportLeadsTask } from './export-leads.task.js';
import { PURGE_EXPIRED_EXPORTS_TASK, purgeExpiredExportsTask } from './purge-expired-exports.task.js';

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

/** The feature's background tasks, by name, from the services (decision 0073). */
export const leadExportTasks = ({
  db,
  storage,
  tokens,
  appOrigin,
}: {
  db: Db;
  storage: Storage;
  tokens: Tokens;
  appOrigin: string;
}): TaskList => ({
  [EXPORT_LEADS_TASK]: exportLeadsTask({ db, storage, tokens, appOrigin }),
  [PURGE_EXPIRED_EXPORTS_TASK]: purgeExpiredExportsTask(db, storage),
});
