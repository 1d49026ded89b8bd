export { getLeadDetail } from './lead-detail.js';
export { listWorkspaceLeads, workspaceLeadsWhere } from './list-leads.js';
export { leadListRoutes } from './routes.js';
