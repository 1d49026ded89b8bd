import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { CLEANUP_FILES_TASK, cleanupFilesTask } from './cleanup.task.js';

export { CLEANUP_FILES_CRONTAB, CLEANUP_FILES_TASK, cleanupFilesTask, removeOrphanFiles } from './cleanup.task.js';
export { fileDownloadRoutes } from './download-routes.js';
export { filesRoutes } from './routes.js';
export { downloadName, kindOfFile } from './files.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const filesTasks = ({ db, storage }: { db: Db; storage: Storage }): TaskList => ({
  [CLEANUP_FILES_TASK]: cleanupFilesTask(db, storage),
});
