import { CalendarDays, FileText, Percent, Users, type LucideIcon } from 'lucide-react';
import type { DashboardStats } from '@/domain/forms-api';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormStats } from '@/web/features/forms';
import { formatCount, formatPercent } from './format';

type Stat = {
  label: string;
  icon: LucideIcon;
  value: (stats: DashboardStats) => string;
  /** A small line under the value. */
  detail?: (stats: DashboardStats) => string;
};

const STATS: Stat[] = [
  {
    label: 'Total Leads',
    icon: Users,
    value: (s) => formatCount(s.totalLeads),
    detail: (s) =>
      `${formatCount(s.confirmedLeads)} confirmed · ${formatCount(s.downloads)} ${s.downloads === 1 ? 'download' : 'downloads'}`,
  },
  { label: 'Total Forms', icon: FileText, value: (s) => formatCount(s.totalForms) },
  { label: 'Conversion Rate', icon: Percent, value: (s) => formatPercent(s.conversionRate) },
  { label: 'Leads This Month', icon: CalendarDays, value: (s) => formatCount(s.lastMonthLeads) },
];

/** The four stat cards at the top of the dashboard. */
export function StatsCards() {
  const { data, error, isPending, isError, refetch, isRefetching } = useFormStats();

  if (isError) {
    return (
      <ErrorState title="Could not load your statistics" error={error} onRetry={() => void refetch()} retrying={isRefetching} />
    );
  }

  return (
    <section aria-label="Statistics" aria-busy={isPending}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {STATS.map(({ label, icon: Icon, value, detail }) => (
          <li key={label}>
            <Card className="flex h-full items-start justify-between gap-3 p-4 sm:p-6">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-700">{label}</p>
                {isPending ? (
                  <Skeleton className="mt-2 h-8 w-16" />
                ) : (
                  <>
                    <p className="mt-1 text-2xl font-bold tracking-tight text-gray-900 tabular-nums sm:text-3xl">{value(data)}</p>
                    {detail && <p className="mt-1 text-xs text-gray-600 tabular-nums">{detail(data)}</p>}
                  </>
                )}
              </div>
              <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 sm:flex">
                <Icon aria-hidden="true" className="size-5" />
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {isPending && <span className="sr-only">Loading statistics...</span>}
    </section>
  );
}
