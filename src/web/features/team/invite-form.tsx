import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { assignableRoles, ROLE_DESCRIPTIONS, ROLE_LABELS, seatsMessage, type Role, type Team } from '@/domain/team';
import { FieldError, TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { Link } from '@/web/lib/router';
import { useInvite } from './api';

/** The team screen's native selects (a role each). */
export const selectClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none disabled:opacity-60 sm:text-sm';

export function InviteForm({ team }: { team: Team }) {
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
        <Link to="/settings/billing" className="font-semibold underline underline-offset-4">
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
