import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { assignableRoles, can, ROLE_DESCRIPTIONS, ROLE_LABELS, seatsMessage, type Role, type Team } from '@/domain/team';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { ConfirmButton } from '@/web/components/confirm-button';
import { PageHeading } from '@/web/components/page-heading';
import { FieldError, TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { Link, useNavigate } from '@/web/lib/router';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import {
  useAudit,
  useChangeRole,
  useChooseWorkspace,
  useInvite,
  useLeave,
  useRemoveMember,
  useRevokeInvitation,
  useTeam,
  useWorkspaces,
} from './api';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const formatTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const selectClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none disabled:opacity-60 sm:text-sm';

/** /settings/team — the workspace's members and invitations, their roles, and the audit log. */
export function TeamPage() {
  useDocumentTitle('Team', 'Invite colleagues to your workspace and choose what each of them may do.');
  return (
    <RequireSession>
      <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
        <Breadcrumb current="Team" />
        <PageHeading title="Team" subtitle="Invite colleagues to this workspace and choose what each of them may do." />
        <TeamSections />
      </div>
    </RequireSession>
  );
}

function TeamSections() {
  const team = useTeam();
  const manages = team.data ? can(team.data.you.role, 'manageMembers') : false;
  if (team.isPending) return <Skeleton className="h-64" />;
  if (team.isError) return <ErrorState title="Could not load your team" error={team.error} onRetry={() => void team.refetch()} />;
  return (
    <>
      <WorkspacesCard />
      <MembersCard team={team.data} />
      {manages && <AuditCard />}
    </>
  );
}

/** Every workspace the user belongs to, and the one this browser works in. Shown when there is a choice. */
function WorkspacesCard() {
  const workspaces = useWorkspaces();
  const choose = useChooseWorkspace();
  if (!workspaces.data || workspaces.data.length < 2) return null;
  return (
    <Card role="region" aria-labelledby="workspaces-heading" className="grid gap-3 p-4 sm:p-6">
      <h2 id="workspaces-heading" className="text-lg font-semibold text-gray-900">
        Your workspaces
      </h2>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Your workspaces">
        {workspaces.data.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <p className="min-w-0 font-medium break-all text-gray-900">
              {w.name} <span className="text-sm font-normal text-gray-600">· {ROLE_LABELS[w.role]}</span>
            </p>
            {w.active ? (
              <Badge variant="success">Working in it</Badge>
            ) : (
              <Button size="sm" variant="outline" disabled={choose.isPending} onClick={() => choose.mutate(w.id)}>
                Switch<span className="sr-only"> to {w.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function SeatsBar({ team }: { team: Team }) {
  const { used, limit } = team.seats;
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm text-gray-700">
        <span>Seats</span>
        <span>
          {used} of {limit} used
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Seats used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-gray-100"
      >
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${Math.min(100, (100 * used) / limit)}%` }} />
      </div>
    </div>
  );
}

function MembersCard({ team }: { team: Team }) {
  const me = team.you;
  const manages = can(me.role, 'manageMembers');
  return (
    <Card role="region" aria-labelledby="team-heading" className="grid gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="team-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Users aria-hidden="true" className="size-5 text-indigo-600" />
          {team.workspace.name}
        </h2>
        <p className="text-sm text-gray-600">
          Your role: <strong>{ROLE_LABELS[me.role]}</strong>. {ROLE_DESCRIPTIONS[me.role]}
        </p>
      </div>
      <SeatsBar team={team} />
      {manages && <InviteForm team={team} />}
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Members">
        {team.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium break-all text-gray-900">
                {member.name}
                {member.userId === me.userId && <span className="text-gray-600"> (you)</span>}
              </p>
              <p className="text-sm break-all text-gray-700">{member.email}</p>
              <p className="text-xs text-gray-600">Joined {formatDate(member.joinedAt)}</p>
            </div>
            <MemberActions team={team} member={member} />
          </li>
        ))}
        {team.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
            <div className="grid min-w-0 gap-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium break-all text-gray-900">
                {invitation.email} <Badge variant="info">Invited</Badge>
              </p>
              <p className="text-xs text-gray-600">
                {ROLE_LABELS[invitation.role]} · invited by {invitation.invitedBy} · link expires{' '}
                {formatDate(invitation.expiresAt)}
              </p>
            </div>
            {manages && <RevokeInvitationButton id={invitation.id} email={invitation.email} />}
          </li>
        ))}
      </ul>
      <LeaveButton team={team} />
    </Card>
  );
}

function InviteForm({ team }: { team: Team }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const full = team.seats.used >= team.seats.limit;
  const roles = assignableRoles(team.you.role);

  if (full)
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {seatsMessage(team.workspace.plan)}{' '}
        <Link to="/pricing" className="font-semibold underline underline-offset-4">
          Upgrade your plan
        </Link>
      </p>
    );
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        setSentTo(null);
        invite.mutate(
          { email, role },
          {
            onSuccess: (sent) => {
              setEmail('');
              setSentTo(sent.email);
            },
            onError: (err) =>
              setErrors(err instanceof ApiError && Object.keys(err.errors).length > 0 ? err.errors : { _: err.message }),
          },
        );
      }}
    >
      <TextField
        id="invite-email"
        label="Email address"
        type="email"
        autoComplete="off"
        placeholder="colleague@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <div className="grid gap-1.5">
        <label htmlFor="invite-role" className="text-sm font-medium text-gray-900">
          Role
        </label>
        <select id="invite-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="sm:mt-6.5" disabled={invite.isPending} aria-busy={invite.isPending}>
        {invite.isPending ? <Spinner /> : <UserPlus />}
        Send invitation
      </Button>
      <p className="text-xs text-gray-600 sm:col-span-3">{ROLE_DESCRIPTIONS[role]}</p>
      <FieldError id="invite-form" error={errors._} />
      {sentTo && (
        <p role="status" className="text-sm text-green-800 sm:col-span-3">
          Invitation sent to {sentTo}. The link works once, for 7 days.
        </p>
      )}
    </form>
  );
}

function MemberActions({ team, member }: { team: Team; member: Team['members'][number] }) {
  const change = useChangeRole();
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);
  const mayAssign = assignableRoles(team.you.role);
  const editable = member.userId !== team.you.userId && mayAssign.includes(member.role);
  if (!editable) return <Badge variant="info">{ROLE_LABELS[member.role]}</Badge>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`role-${member.userId}`} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={`role-${member.userId}`}
        className={selectClass}
        value={member.role}
        disabled={change.isPending}
        onChange={(e) => {
          setError(null);
          change.mutate({ userId: member.userId, role: e.target.value as Role }, { onError: (err) => setError(err.message) });
        }}
      >
        {mayAssign.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <ConfirmButton
        size="sm"
        title={`Remove ${member.name}?`}
        description={`${member.email} loses access to this workspace at once: their sessions in it end and the API keys they created stop working.`}
        confirmLabel="Remove member"
        pendingLabel="Removing..."
        action={() => remove.mutateAsync(member.userId)}
        successMessage={`${member.name} removed`}
      >
        Remove<span className="sr-only"> {member.name}</span>
      </ConfirmButton>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmButton
      size="sm"
      title={`Withdraw the invitation to ${email}?`}
      description="The link in their email stops working. You can invite them again later."
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing..."
      action={() => revoke.mutateAsync(id)}
      successMessage={`Invitation to ${email} withdrawn`}
    >
      Withdraw<span className="sr-only"> the invitation to {email}</span>
    </ConfirmButton>
  );
}

function LeaveButton({ team }: { team: Team }) {
  const leave = useLeave();
  const navigate = useNavigate();
  const owners = team.members.filter((m) => m.role === 'owner').length;
  if (team.you.role === 'owner' && owners === 1) return null; // the last owner cannot leave
  return (
    <div>
      <ConfirmButton
        size="sm"
        title={`Leave ${team.workspace.name}?`}
        description="You lose access to its pages and leads at once. Someone with the right role can invite you again."
        confirmLabel="Leave workspace"
        pendingLabel="Leaving..."
        action={async () => {
          await leave.mutateAsync();
          navigate('/dashboard');
        }}
        successMessage={`You left ${team.workspace.name}`}
      >
        Leave this workspace
      </ConfirmButton>
    </div>
  );
}

function AuditCard() {
  const audit = useAudit(true);
  return (
    <Card role="region" aria-labelledby="audit-heading" className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="audit-heading" className="text-lg font-semibold text-gray-900">
          Audit log
        </h2>
        <p className="text-sm text-gray-600">
          Sensitive actions in this workspace: members, API keys, exports, erasures and deleted pages.
        </p>
      </div>
      {audit.isPending ? (
        <Skeleton className="h-24" />
      ) : audit.isError ? (
        <ErrorState title="Could not load the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 text-sm" aria-label="Audit log">
          {audit.data.items.map((entry) => (
            <li key={entry.id} className="grid gap-0.5 py-2">
              <p className="text-gray-900">
                <span className="font-medium break-all">{entry.actor}</span> · {entry.action}
                {entry.target && <span className="break-all text-gray-700"> · {entry.target}</span>}
              </p>
              <p className="text-xs text-gray-600">{formatTime(entry.at)}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
