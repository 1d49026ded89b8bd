export { workspaceLeadsWhere } from './list-leads.js';
export { leadListRoutes } from './routes.js';
