import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { usePageDefaults, useRetentionSettings } from './api';
import { DataRequestsCard } from './data-requests-card';
import { PageDefaultsCard } from './page-defaults-card';
import { RetentionCard } from './retention-card';

/** /dashboard/privacy — how long the workspace keeps its leads, what new pages start from, and people's access and erasure requests. */
export function WorkspacePrivacyPage() {
  useDocumentTitle('Privacy & data', 'Choose how long your workspace keeps its leads and answer data requests.');
  return (
    <RequireSession>
      <PrivacyContent />
    </RequireSession>
  );
}

function PrivacyContent() {
  const retention = useRetentionSettings();
  const pageDefaults = usePageDefaults();
  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb current="Privacy & data" />
      <PageHeading title="Privacy & data" subtitle="Keep leads only as long as you need them." />
      {retention.isError ? (
        <ErrorState
          title="Could not load your retention settings"
          error={retention.error}
          onRetry={() => void retention.refetch()}
          retrying={retention.isRefetching}
        />
      ) : retention.data ? (
        <RetentionCard saved={retention.data} />
      ) : (
        <Card aria-busy="true" className="grid gap-4 p-6">
          <span role="status" className="sr-only">
            Loading your retention settings...
          </span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-32" />
        </Card>
      )}
      {pageDefaults.isError ? (
        <ErrorState
          title="Could not load your page defaults"
          error={pageDefaults.error}
          onRetry={() => void pageDefaults.refetch()}
          retrying={pageDefaults.isRefetching}
        />
      ) : pageDefaults.data ? (
        <PageDefaultsCard saved={pageDefaults.data} />
      ) : (
        <Card aria-busy="true" className="grid gap-4 p-6">
          <span role="status" className="sr-only">
            Loading your page defaults...
          </span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-full" />
        </Card>
      )}
      <DataRequestsCard />
    </div>
  );
}
