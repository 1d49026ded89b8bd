export { CLEANUP_FILES_CRONTAB, CLEANUP_FILES_TASK, cleanupFilesTask, removeOrphanFiles } from './cleanup.task.js';
export { filesRoutes } from './routes.js';
export { downloadName, kindOfFile } from './files.js';
