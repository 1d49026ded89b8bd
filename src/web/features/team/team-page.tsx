import { can } from '@/domain/team';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useTeam } from './api';
import { AuditCard } from './audit-card';
import { MembersCard } from './members-card';
import { WorkspacesCard } from './workspaces-card';

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
