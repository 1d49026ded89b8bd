import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { can, ROLE_LABELS, type Permission } from '@/domain/team';
import { ROUTE_PERMISSIONS } from '@/server/features/team/index';
import { ApiProblem } from './problem.js';

/** The permission of the owner route that does the same thing: a key needs exactly what the app's screen needs. */
const sameAs = (ownerRoute: string): Permission => {
  const permission = ROUTE_PERMISSIONS[ownerRoute];
  if (!permission) throw new Error(`${ownerRoute} is not in the owner routes' permission table`);
  return permission;
};

/**
 * What each /api/v1 route needs of the key's creator's role, from the app's own table (team's
 * ROUTE_PERMISSIONS over domain/team.ts PERMISSIONS). Every route is listed: a server with a route
 * that is not refuses to start.
 */
export const V1_ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET /api/v1/forms': 'read',
  'POST /api/v1/forms': sameAs('POST /api/forms'),
  'GET /api/v1/forms/:id': 'read',
  'PATCH /api/v1/forms/:id': sameAs('PUT /api/forms/:id'),
  'POST /api/v1/forms/:id/publish': sameAs('POST /api/forms/:id/publish'),
  'POST /api/v1/forms/:id/activate': sameAs('PATCH /api/forms/:id/status'),
  'POST /api/v1/forms/:id/deactivate': sameAs('PATCH /api/forms/:id/status'),
  'GET /api/v1/leads': 'read',
  'GET /api/v1/leads/:id': 'read',
  'POST /api/v1/leads/:id/erase': sameAs('POST /api/privacy/erasure'),
  'POST /api/v1/exports': sameAs('POST /api/leads/exports'),
  'GET /api/v1/exports/:id': sameAs('GET /api/leads/exports/:id'),
  'GET /api/v1/webhooks/endpoints': 'read',
  'POST /api/v1/webhooks/endpoints': sameAs('POST /api/webhooks/endpoints'),
  'GET /api/v1/webhooks/endpoints/:id': 'read',
  'GET /api/v1/webhooks/endpoints/:id/secret': sameAs('GET /api/webhooks/endpoints/:id/secret'),
  'PATCH /api/v1/webhooks/endpoints/:id': sameAs('PATCH /api/webhooks/endpoints/:id'),
  'DELETE /api/v1/webhooks/endpoints/:id': sameAs('DELETE /api/webhooks/endpoints/:id'),
};

/** The permission a /api/v1 route needs; throws for a route the table does not list. */
export function v1PermissionOf(route: Pick<RouteOptions, 'method' | 'url'>): Permission {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // Fastify adds a HEAD route beside each GET: it needs what the GET needs.
  const listed = methods.map((m) => V1_ROUTE_PERMISSIONS[`${m === 'HEAD' ? 'GET' : m} ${route.url}`]);
  if (listed.length > 0 && listed.every(Boolean)) return listed[0]!;
  throw new Error(`${methods.join(',')} ${route.url}: a public API route needs an entry in V1_ROUTE_PERMISSIONS`);
}

/**
 * Registers, on the plugin holding the keyed routes, the check of the key's creator's current role
 * against each route's permission. It runs after the key, its rate limit, the plan and the scope
 * (authenticate.ts, an onRequest hook of the plugin), and before the body is validated.
 */
export function enforceKeyRoles(authed: FastifyInstance) {
  authed.addHook('onRoute', (route) => {
    const permission = v1PermissionOf(route);
    const check = async (request: FastifyRequest) => {
      const { role } = request.apiCaller;
      if (!can(role, permission))
        throw new ApiProblem(
          403,
          'forbidden',
          `This key acts with its creator's role in the workspace, now ${ROLE_LABELS[role]}, which does not allow this.`,
        );
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, check];
  });
}
