export { createPublicPages, type PublicPages } from './public-pages.js';
export { publicNotFound, publicPagesRoutes } from './routes.js';
