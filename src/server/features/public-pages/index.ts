export { publicNotFound, publicPagesRoutes } from './routes.js';
