import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  InvitationPreview,
  InviteBody,
  Role,
  Team,
  TeamInvitation,
  TeamMember,
  WorkspaceChoice,
} from '@/domain/team';
import type { PlanId } from '@/domain/plans';
import { apiFetch } from '@/web/lib/api';
import { useNavigate } from '@/web/lib/router';
import { useSession } from '@/web/lib/session';

/** Client side of the owner API for the team and the workspaces (contract in src/domain/team.ts). */

const TEAM = ['team'] as const;
const AUDIT = ['team', 'audit'] as const;
const WORKSPACES = ['workspaces'] as const;
const INVITATION = 'invitation';

/** The signed-in user's workspace and role in it (GET /api/me): what the screens offer follows it. */
export interface Me {
  user: { id: string; name: string; email: string };
  workspace: { id: string; name: string; role: Role; plan: PlanId };
  workspaces: WorkspaceChoice[];
}
export const meQueryKey = ['me'] as const;
export const useMe = (enabled = true) => useQuery({ queryKey: meQueryKey, queryFn: () => apiFetch<Me>('/api/me'), enabled });

/**
 * The plan of the workspace the signed-in user works in; 'free' while signed out (a new account
 * starts on Free) and while it loads. Asks nothing of the server without a session.
 */
export function useWorkspacePlan(): PlanId {
  const { data: session } = useSession();
  return useMe(Boolean(session)).data?.workspace.plan ?? 'free';
}

export const useTeam = () => useQuery({ queryKey: TEAM, queryFn: () => apiFetch<Team>('/api/team') });
export const useAudit = (enabled: boolean) =>
  useQuery({ queryKey: AUDIT, enabled, queryFn: () => apiFetch<{ items: AuditEntry[] }>('/api/team/audit') });
export const useWorkspaces = () =>
  useQuery({ queryKey: WORKSPACES, queryFn: () => apiFetch<WorkspaceChoice[]>('/api/workspaces') });

/** A team change: the team and its log are read again. */
function useTeamMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM }) });
}

export const useInvite = () =>
  useTeamMutation((body: InviteBody) => apiFetch<TeamInvitation>('/api/team/invitations', { method: 'POST', json: body }));
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => apiFetch<void>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: Role }) =>
    apiFetch<TeamMember>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'PATCH', json: { role } }),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) => apiFetch<void>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));

/** Leaving or switching changes everything the screens show: every query is read again. */
function useWorkspaceChange<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.resetQueries() });
}

export const useLeave = () => useWorkspaceChange(() => apiFetch<void>('/api/team/leave', { method: 'POST' }));
export const useChooseWorkspace = () =>
  useWorkspaceChange((workspaceId: string) =>
    apiFetch<WorkspaceChoice>('/api/workspaces/active', { method: 'PUT', json: { workspaceId } }),
  );
/** Accepting goes to the dashboard of the workspace joined; the invitation's own page is not read again (its link is used now). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<WorkspaceChoice>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: () => {
      navigate('/dashboard');
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== INVITATION });
    },
  });
}

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: [INVITATION, token],
    queryFn: () => apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
