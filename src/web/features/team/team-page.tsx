import { SettingsScreen } from '@/web/app/settings-screen';
import { can } from '@/domain/team';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useTeam } from './api';
import { AuditCard } from './audit-card';
import { MembersCard } from './members-card';
import { WorkspacesCard } from './workspaces-card';

/** /settings/team — the workspace's members and invitations, their roles, and the audit log. */
export function TeamPage() {
  return (
    <SettingsScreen title="Team" subtitle="Invite colleagues to your workspace and choose what each of them may do.">
      <TeamSections />
    </SettingsScreen>
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
