import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { CLEANUP_IMAGES_TASK, cleanupImagesTask } from './cleanup.task.js';

export { CLEANUP_IMAGES_CRONTAB, CLEANUP_IMAGES_TASK, cleanupImagesTask, removeOrphanImages } from './cleanup.task.js';
export { imageFileRoutes, imagesRoutes } from './routes.js';
export { storedImageBytes } from './stored-image.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const imagesTasks = ({ db, storage }: { db: Db; storage: Storage }): TaskList => ({
  [CLEANUP_IMAGES_TASK]: cleanupImagesTask(db, storage),
});
