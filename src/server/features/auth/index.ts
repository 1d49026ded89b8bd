export { type Auth, createAuth } from './auth.js';
export { type Owner, requireOwner } from './owner.js';
export { authRoutes } from './routes.js';
