import { Gauge } from 'lucide-react';
import type { BillingOverview } from '@/domain/billing';
import { nextInvoiceText } from '@/domain/billing-words';
import { PLANS } from '@/domain/plans';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UsageMeter } from '@/web/components/usage-meter';
import { Link } from '@/web/lib/router';
import { useBilling } from './api';

/** The plan, what the workspace uses of it this month, and the next invoice: on the dashboard and the billing screen. */
export function UsageCard({ billing, linkToBilling = false }: { billing: BillingOverview; linkToBilling?: boolean }) {
  const { pages, signups, seats } = billing.usage;
  return (
    <Card role="region" aria-labelledby="usage-heading" className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Gauge aria-hidden="true" className="size-5 text-indigo-600" />
          {PLANS[billing.plan].title} plan
        </h2>
        {linkToBilling && (
          <Link to="/settings/billing" className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
            {billing.plan === 'business' ? 'Manage plan' : 'Upgrade'}
          </Link>
        )}
      </div>
      <UsageMeter label="Pages" used={pages.used} limit={pages.limit} />
      <UsageMeter label="Sign-ups this month" used={signups.used} limit={signups.limit} />
      {/* The owner's own seat comes with every plan: a Free workspace's "1 of 1" is as it should be. */}
      <UsageMeter label="Seats" used={seats.used} limit={seats.limit} included={1} />
      <p className="text-sm text-gray-600">{nextInvoiceText(billing)}</p>
    </Card>
  );
}

/** The dashboard's plan card: loads the plan and usage itself; nothing to show while it cannot. */
export function DashboardPlanCard() {
  const billing = useBilling();
  if (billing.isPending) return <Skeleton className="h-56" />;
  if (billing.isError) return null;
  return <UsageCard billing={billing.data} linkToBilling />;
}
