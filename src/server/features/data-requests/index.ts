export { eraseSubject, type ErasureDeps } from './erase-subject.js';
export type { Requester } from './request-log.js';
export { dataRequestRoutes } from './routes.js';
