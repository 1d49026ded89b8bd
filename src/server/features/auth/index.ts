export { type Auth, createAuth } from './auth.js';
export { requireOwner } from './owner.js';
export { authRoutes } from './routes.js';
