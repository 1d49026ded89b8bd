import type { FastifyInstance, RouteOptions } from 'fastify';
import { can, ROLE_LABELS, type Permission, type Role } from '@/domain/team';
import { forbiddenRole } from '@/server/lib/http-errors';

/**
 * What each owner route needs beyond membership, in one table: the role matrix (docs/decisions/0042). Every
 * route that changes something must be listed: enforceRoles refuses to start a server with one that
 * is not. A GET not listed needs only `read` (every role).
 */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  // Pages
  'POST /api/forms': 'editPages',
  'PUT /api/forms/:id': 'editPages',
  'POST /api/forms/:id/publish': 'editPages',
  'PATCH /api/forms/:id/status': 'editPages',
  'PUT /api/forms/:id/notifications': 'editPages',
  'PUT /api/forms/:id/embed-origins': 'editPages',
  'DELETE /api/forms/:id': 'editPages',
  'POST /api/forms/:id/restore': 'editPages',
  'POST /api/forms/:id/duplicate': 'editPages',
  'POST /api/files': 'editPages',
  'POST /api/forms/email-preview': 'editPages',
  'POST /api/forms/email-test': 'editPages',
  'POST /api/forms/follow-up-preview': 'editPages',
  'POST /api/forms/follow-up-test': 'editPages',
  'POST /api/images': 'editPages',
  'PUT /api/forms/:id/email-tools': 'editPages',
  'PUT /api/forms/editable': 'editPages',
  'POST /api/forms/:formId/placements': 'editPages',
  'PUT /api/forms/:formId/placements/:id': 'editPages',
  'DELETE /api/forms/:formId/placements/:id': 'editPages',
  // Leads
  'POST /api/leads/exports': 'exportLeads',
  'GET /api/leads/exports': 'exportLeads',
  'GET /api/leads/exports/:id': 'exportLeads',
  'POST /api/privacy/access': 'manageLeads',
  'POST /api/privacy/erasure': 'manageLeads',
  'POST /api/privacy/erasure/check': 'manageLeads',
  // Integrations (and their secrets)
  'POST /api/api-keys': 'manageIntegrations',
  'DELETE /api/api-keys/:id': 'manageIntegrations',
  'PUT /api/email-tools/:provider': 'manageIntegrations',
  'DELETE /api/email-tools/:provider': 'manageIntegrations',
  'PUT /api/captcha/:provider': 'manageIntegrations',
  'DELETE /api/captcha/:provider': 'manageIntegrations',
  'POST /api/webhooks/endpoints': 'manageIntegrations',
  'PATCH /api/webhooks/endpoints/:id': 'manageIntegrations',
  'DELETE /api/webhooks/endpoints/:id': 'manageIntegrations',
  'GET /api/webhooks/endpoints/:id/secret': 'manageIntegrations',
  'POST /api/webhooks/endpoints/:id/rotate-secret': 'manageIntegrations',
  'POST /api/webhooks/endpoints/:id/enable': 'manageIntegrations',
  'POST /api/webhooks/endpoints/:id/disable': 'manageIntegrations',
  'POST /api/webhooks/endpoints/:id/test': 'manageIntegrations',
  'POST /api/webhooks/deliveries/:id/replay': 'manageIntegrations',
  'PUT /api/conversions/meta': 'manageIntegrations',
  'PUT /api/conversions/google': 'manageIntegrations',
  'PUT /api/conversions/tiktok': 'manageIntegrations',
  'DELETE /api/conversions/:destination': 'manageIntegrations',
  'POST /api/conversions/:destination/test': 'manageIntegrations',
  'POST /api/conversions/sends/:id/replay': 'manageIntegrations',
  // Payment keys
  'PUT /api/payments/stripe': 'managePayments',
  'PUT /api/payments/paypal': 'managePayments',
  'DELETE /api/payments/stripe': 'managePayments',
  'DELETE /api/payments/paypal': 'managePayments',
  'POST /api/payments/paypal/connect': 'managePayments',
  'DELETE /api/payments/paypal/connect': 'managePayments',
  'POST /api/payments/stripe/connect': 'managePayments',
  'POST /api/payments/stripe/refresh': 'managePayments',
  'DELETE /api/payments/stripe/connect': 'managePayments',
  // Billing
  'POST /api/billing/checkout': 'billing',
  'POST /api/billing/portal': 'billing',
  // Workspace and team
  'PUT /api/workspace/retention': 'manageWorkspace',
  'PUT /api/workspace/page-defaults': 'manageWorkspace',
  'PUT /api/workspace/business-address': 'manageWorkspace',
  // Custom domains and the pages' paths on them (domain/custom-domains.ts)
  'POST /api/domains': 'manageWorkspace',
  'POST /api/domains/:id/verify': 'manageWorkspace',
  'PATCH /api/domains/:id': 'manageWorkspace',
  'DELETE /api/domains/:id': 'manageWorkspace',
  'PUT /api/forms/:id/slug': 'manageWorkspace',
  // The sending domain of visitors' emails (domain/sending-domains.ts)
  'POST /api/sending-domains': 'manageWorkspace',
  'POST /api/sending-domains/:id/verify': 'manageWorkspace',
  'PATCH /api/sending-domains/:id': 'manageWorkspace',
  'DELETE /api/sending-domains/:id': 'manageWorkspace',
  'POST /api/team/invitations': 'manageMembers',
  'DELETE /api/team/invitations/:id': 'manageMembers',
  'PATCH /api/team/members/:userId': 'manageMembers',
  'DELETE /api/team/members/:userId': 'manageMembers',
  'GET /api/team/audit': 'manageMembers',
  // Any member, for themselves
  'POST /api/team/leave': 'read',
  'PUT /api/workspaces/active': 'read',
  'POST /api/invitations/:token/accept': 'read',
  'POST /api/account/deletion': 'read',
  'DELETE /api/account/deletion': 'read',
};

const READS = new Set(['GET', 'HEAD']);

/** The permission a route needs; throws for a write route the table does not list. */
export function permissionOf(route: Pick<RouteOptions, 'method' | 'url'>): Permission {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const listed = methods.map((m) => ROUTE_PERMISSIONS[`${m === 'HEAD' ? 'GET' : m} ${route.url}`]).find(Boolean);
  if (listed) return listed;
  if (methods.every((m) => READS.has(m))) return 'read';
  throw new Error(`${methods.join(',')} ${route.url}: an owner route that changes something needs an entry in ROUTE_PERMISSIONS`);
}

/**
 * Registers, on the plugin holding the owner routes, the check of the caller's role against each
 * route's permission (after requireOwner has named the caller). It runs before the body is
 * validated: a viewer learns nothing from a write's validation.
 */
export function enforceRoles(owned: FastifyInstance) {
  owned.addHook('onRoute', (route) => {
    const permission = permissionOf(route);
    const check = async (request: { owner: { role: Role } }) => {
      if (!can(request.owner.role, permission))
        throw forbiddenRole(`Your role in this workspace (${ROLE_LABELS[request.owner.role]}) does not allow this.`);
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, check];
  });
}
