export { CLEANUP_IMAGES_CRONTAB, CLEANUP_IMAGES_TASK, cleanupImagesTask, removeOrphanImages } from './cleanup.task.js';
export { imageFileRoutes, imagesRoutes } from './routes.js';
