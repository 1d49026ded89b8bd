export { confineAuthAsyncContext } from './async-context.js';
export { type Auth, createAuth, sessionCookieName } from './auth.js';
export { type Owner, type OwnerHook, requireOwner, type WorkspaceActor } from './owner.js';
export { authRoutes } from './routes.js';
