import { Globe } from 'lucide-react';
import { SettingsScreen } from '@/web/app/settings-screen';
import { domainMessages, type DomainsView } from '@/domain/custom-domains';
import { can } from '@/domain/team';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { SendingDomainSection } from '@/web/features/sending-domains';
import { useMe } from '@/web/features/team';
import { Link } from '@/web/lib/router';
import { AddDomainForm } from './add-domain-form.js';
import { useDomains } from './api.js';
import { DomainCard } from './domain-card.js';
import { PageAddressesCard, PLACEHOLDER_HOST } from './page-addresses-card.js';

/**
 * /settings/domains — the workspace's own domains: the custom domains that serve its pages (adding one,
 * its DNS records and checks, its home page, page addresses), then the sending domain of its visitors' emails.
 */
export function DomainsPage() {
  return (
    <SettingsScreen
      title="Domains"
      subtitle="Serve your published pages from a domain of your own, such as offers.yourbrand.com, and send your visitors’ emails from one."
    >
      <DomainsSections />
      <SendingDomainSection />
    </SettingsScreen>
  );
}

/** The screen's cards, once the domains and the caller's role have loaded (exported for its tests). */
export function DomainsSections() {
  const domains = useDomains();
  const me = useMe();
  if (domains.isPending || me.isPending) return <Skeleton className="h-64" />;
  if (domains.isError)
    return <ErrorState title="Could not load your domains" error={domains.error} onRetry={() => void domains.refetch()} />;
  const manages = me.data ? can(me.data.workspace.role, 'manageWorkspace') : false;
  const view = domains.data;
  const host = view.domains.find((d) => d.status === 'verified')?.hostname ?? PLACEHOLDER_HOST;
  return (
    <>
      <ConnectCard view={view} manages={manages} />
      {view.domains.map((domain) => (
        <DomainCard key={domain.id} domain={domain} pages={view.pages} manages={manages} />
      ))}
      {(view.limit > 0 || view.domains.length > 0) && <PageAddressesCard pages={view.pages} host={host} manages={manages} />}
    </>
  );
}

/** What custom domains are, the plan's allowance, and the form to add one (or why there is none). */
function ConnectCard({ view, manages }: { view: DomainsView; manages: boolean }) {
  return (
    <Card role="region" aria-labelledby="connect-heading" className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="connect-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Globe aria-hidden="true" className="size-5 text-indigo-600" />
          Connect a domain
        </h2>
        <p className="text-sm text-gray-600">
          Add a domain or subdomain you own, create the two DNS records Lodestone shows you, and once they are found your
          published pages are served there, with HTTPS set up automatically. Only your published pages are ever shown on it.{' '}
          <Link to="/docs/custom-domains" className="font-semibold text-indigo-700 underline underline-offset-4">
            How to connect a domain
          </Link>
        </p>
      </div>
      {view.limit === 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {domainMessages.planLimit(0)}.{' '}
          <Link to="/settings/billing" className="font-semibold underline underline-offset-4">
            Upgrade your plan
          </Link>
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {view.domains.length} of {view.limit} domains used
          </p>
          {manages ? (
            <AddDomainForm />
          ) : (
            <p className="text-sm text-gray-600">Only the workspace’s owners and admins can add or change its domains.</p>
          )}
        </>
      )}
    </Card>
  );
}
