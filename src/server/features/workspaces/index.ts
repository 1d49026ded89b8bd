export { firstOwnerEmail, workspaceOwners } from './owners.js';
export { planOf } from './plan.js';
export { ensureWorkspace } from './workspaces.js';
