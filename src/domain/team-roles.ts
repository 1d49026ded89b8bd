import type { PlanId } from './plans';

/**
 * A workspace's roles, what each may do, and the seats a plan includes: plain values without
 * schemas, so a screen that only checks a permission or shows a role's name does not load the
 * validation library with them. team.ts re-exports all of it beside the team API's schemas.
 */

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing and deleting the workspace.',
  admin: 'Pages and leads (exports too), team members, integrations and payment keys.',
  editor: 'Pages and leads: create, edit and publish pages; answer and erase leads. No exports.',
  viewer: 'Sees pages, analytics and leads; changes nothing, exports nothing, sees no key.',
};

/** What a route may need beyond being a member (every member may read). */
export const PERMISSIONS = {
  read: ['owner', 'admin', 'editor', 'viewer'],
  /** Create, edit (custom scripts included), publish, pause and delete pages; upload their files. */
  editPages: ['owner', 'admin', 'editor'],
  /** Erase leads, answer a person's access request (their own data, a legal duty). */
  manageLeads: ['owner', 'admin', 'editor'],
  /** Export leads and download the exports (the whole list leaves Lodestone: not an editor's call). */
  exportLeads: ['owner', 'admin'],
  /** Webhooks (and their signing secrets), email tools, API keys. */
  manageIntegrations: ['owner', 'admin'],
  /** Stripe and PayPal keys. */
  managePayments: ['owner', 'admin'],
  /** Invite, change roles, remove. */
  manageMembers: ['owner', 'admin'],
  /** Workspace-wide settings such as lead retention. */
  manageWorkspace: ['owner', 'admin'],
  /** The plan and its invoices. */
  billing: ['owner'],
  /** Delete the workspace. */
  deleteWorkspace: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role, permission: Permission) => (PERMISSIONS[permission] as readonly Role[]).includes(role);

/** The roles a member with `role` may give or take away: only an owner makes or unmakes owners. */
export const assignableRoles = (role: Role): readonly Role[] =>
  role === 'owner' ? ROLES : can(role, 'manageMembers') ? ROLES.filter((r) => r !== 'owner') : [];

/** Seats a plan includes (members plus pending invitations); docs/product.md#plans-and-limits: 1, 3, 10+ (more on request). */
export const SEATS: Record<PlanId, number> = { free: 1, pro: 3, business: 10 };

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;

/** The sentence a full team's invite form shows, with where to get more seats. */
export function seatsMessage(plan: PlanId): string {
  if (plan === 'free') return `A second seat needs Pro: the Free plan has 1 seat (you). Pro has ${SEATS.pro}.`;
  if (plan === 'pro') return `Your Pro plan has ${SEATS.pro} seats, all taken or invited. Business has ${SEATS.business}.`;
  return `Your Business plan has ${SEATS.business} seats, all taken or invited. Contact us for more.`;
}
