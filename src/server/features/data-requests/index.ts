export { dataRequestRoutes } from './routes.js';
