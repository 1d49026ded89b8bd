export { type Auth, createAuth, sessionCookieName } from './auth.js';
export { type Owner, requireOwner } from './owner.js';
export { authRoutes } from './routes.js';
