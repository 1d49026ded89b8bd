export { workspaceOwners } from './owners.js';
export { ensureWorkspace } from './workspaces.js';
