export { AUDIT_ACTIONS, type AuditAction, type AuditActor, recordAudit } from './audit.js';
export { activeMembership, type Membership, workspacesOf } from './membership.js';
export { enforceRoles, ROUTE_PERMISSIONS } from './permissions.js';
export { invitationPreviewRoutes, teamRoutes } from './routes.js';
