export { customDomainIsolation } from './domain-isolation.js';
export { createPublicPages, type PublicPages } from './public-pages.js';
export { publicNotFound, publicPagesRoutes } from './routes.js';
export { publicErrorHandler } from './error-page.js';
