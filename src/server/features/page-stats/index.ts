export { analyticsRoutes } from './routes.js';
