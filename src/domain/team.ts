import { z } from 'zod';
import type { PlanId } from './plans';
import { ROLES, type Role } from './team-roles';

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

export {
  assignableRoles,
  can,
  INVITATION_DAYS,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  SEATS,
  seatsMessage,
  type Permission,
  type Role,
} from './team-roles';

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
