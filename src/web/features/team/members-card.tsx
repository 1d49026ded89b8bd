import { Users } from 'lucide-react';
import { useState } from 'react';
import { assignableRoles, can, ROLE_DESCRIPTIONS, ROLE_LABELS, type Role, type Team } from '@/domain/team';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { UsageMeter } from '@/web/components/usage-meter';
import { useNavigate } from '@/web/lib/router';
import { useChangeRole, useLeave, useRemoveMember, useRevokeInvitation } from './api';
import { InviteForm, selectClass } from './invite-form';
import { formatDayUs } from '@/domain/us-english';

export function MembersCard({ team }: { team: Team }) {
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
      <UsageMeter label="Seats" used={team.seats.used} limit={team.seats.limit} included={1} />
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
              <p className="text-xs text-gray-600">Joined {formatDayUs(member.joinedAt)}</p>
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
                {formatDayUs(invitation.expiresAt)}
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
