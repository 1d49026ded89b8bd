export { customDomainIsolation } from './domain-isolation.js';
export { framingOrigins } from './embedding.js';
export { pageGoneOrMissing, pageRemoved, parseFormBodies, publicNotFound, tooManyAttempts } from './notices.js';
export { createPublicPages, type PublicPages } from './public-pages.js';
export type { PublicView, Render, ThankYouView } from './render.js';
export { publicPagesRoutes } from './routes.js';
export { PUBLIC_CSP, renderDocument } from './document.js';
export { sendPublic } from './render.js';
export { publicErrorHandler } from './error-page.js';
