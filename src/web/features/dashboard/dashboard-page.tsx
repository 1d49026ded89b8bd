import { RequireSession } from '@/web/app/require-session';
import { PageHeading } from '@/web/components/page-heading';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { FormsTableCard } from './forms-table-card';
import { StatsCards } from './stats-cards';

function DashboardContent() {
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeading title="Dashboard" subtitle="Manage your forms and track conversions" />
      <StatsCards />
      <FormsTableCard />
    </div>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireSession>
      <DashboardContent />
    </RequireSession>
  );
}
