export { ensureWorkspace } from './workspaces.js';
