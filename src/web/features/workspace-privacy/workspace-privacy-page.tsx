import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { can } from '@/domain/team';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useMe } from '@/web/features/team';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useBusinessAddress, usePageDefaults, useRetentionSettings } from './api';
import { BusinessAddressCard } from './business-address-card';
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
  const businessAddress = useBusinessAddress();
  const role = useMe().data?.workspace.role;
  const manages = role && can(role, 'manageWorkspace');
  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb current="Privacy & data" />
      <PageHeading title="Privacy & data" subtitle="Keep leads only as long as you need them." />
      <SettingsCard query={retention} what="retention settings" skeleton="h-10 w-32">
        {(saved) => <RetentionCard saved={saved} manages={manages} />}
      </SettingsCard>
      <SettingsCard query={pageDefaults} what="page defaults" skeleton="h-10 w-full">
        {(saved) => <PageDefaultsCard saved={saved} manages={manages} />}
      </SettingsCard>
      <SettingsCard query={businessAddress} what="business address" skeleton="h-24 w-full">
        {(saved) => <BusinessAddressCard saved={saved} manages={manages} />}
      </SettingsCard>
      <DataRequestsCard handles={role && can(role, 'manageLeads')} />
    </div>
  );
}

/** A settings card once its settings have loaded; until then a placeholder, and if they cannot load, why, with a retry. */
function SettingsCard<T>({
  query,
  what,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  skeleton: string;
  children: (saved: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <ErrorState
        title={`Could not load your ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.data !== undefined) return children(query.data);
  return (
    <Card aria-busy="true" className="grid gap-4 p-6">
      <span role="status" className="sr-only">
        Loading your {what}...
      </span>
      <Skeleton className="h-6 w-40" />
      <Skeleton className={skeleton} />
    </Card>
  );
}
