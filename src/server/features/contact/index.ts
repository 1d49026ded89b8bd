export { contactRoutes } from './routes.js';
