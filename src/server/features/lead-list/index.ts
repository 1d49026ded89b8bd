export { leadListRoutes } from './routes.js';
