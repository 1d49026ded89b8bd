import { z } from 'zod';
import type { PlanId } from './plans';

/**
 * A workspace's team (docs/decisions/0042): who may do what, and how many seats a plan has. Owner API (session
 * required; the caller's active workspace):
 *
 *   GET    /api/team                              -> Team
 *   POST   /api/team/invitations   body InviteBody  -> TeamInvitation (201; the link is emailed)
 *   DELETE /api/team/invitations/:id              -> 204 (the link stops working)
 *   PATCH  /api/team/members/:userId body RoleBody -> TeamMember
 *   DELETE /api/team/members/:userId              -> 204 (their sessions in it and their API keys end)
 *   POST   /api/team/leave                        -> 204
 *   GET    /api/workspaces                        -> WorkspaceChoice[] (every workspace the user belongs to)
 *   PUT    /api/workspaces/active  body { workspaceId } -> WorkspaceChoice (this session works in it)
 *   GET    /api/invitations/:token                -> InvitationPreview (no session needed)
 *   POST   /api/invitations/:token/accept         -> WorkspaceChoice (session of the invited address)
 *
 * Errors: VALIDATION_ERROR (400), FORBIDDEN_ROLE (403: the caller's role may not), PLAN_LIMIT (403: no
 * seat left), NOT_FOUND (404), CONFLICT (409: already a member, the last owner).
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

export const inviteBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254, 'Use at most 254 characters').email('Enter a valid email address'),
  role: z.enum(['admin', 'editor', 'viewer', 'owner'], { error: 'Choose a role' }),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const roleBodySchema = z.strictObject({ role: z.enum(ROLES, { error: 'Choose a role' }) });
export const activeWorkspaceBodySchema = z.strictObject({ workspaceId: z.string().min(1).max(100) });

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  expiresAt: string;
}

export interface Team {
  workspace: { id: string; name: string; plan: PlanId };
  you: { userId: string; role: Role };
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Members plus pending invitations, against the plan's seats. */
  seats: { used: number; limit: number };
}

export interface WorkspaceChoice {
  id: string;
  name: string;
  role: Role;
  active: boolean;
}

export interface InvitationPreview {
  workspaceName: string;
  invitedBy: string;
  email: string;
  role: Role;
  /** valid: can be accepted; the others say why not. */
  state: 'valid' | 'expired' | 'used';
}

/** One line of the audit log (GET /api/team/audit, newest first, 100 a page; `?before=` the last id seen). */
export interface AuditEntry {
  id: number;
  at: string;
  /** The address of who did it (as it was then), or the API key's name. */
  actor: string;
  /** In words: "Invited a member". */
  action: string;
  target: string;
}

/** The sentence a full team's invite form shows, with where to get more seats. */
export function seatsMessage(plan: PlanId): string {
  if (plan === 'free') return `A second seat needs Pro: the Free plan has 1 seat (you). Pro has ${SEATS.pro}.`;
  if (plan === 'pro') return `Your Pro plan has ${SEATS.pro} seats, all taken or invited. Business has ${SEATS.business}.`;
  return `Your Business plan has ${SEATS.business} seats, all taken or invited. Contact us for more.`;
}
