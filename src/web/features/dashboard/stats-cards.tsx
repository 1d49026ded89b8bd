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
  /** Small print under the value: its parts, a line each on small screens, one line from sm up. */
  detail?: (stats: DashboardStats) => [string, string];
};

const STATS: Stat[] = [
  {
    label: 'Total Leads',
    icon: Users,
    value: (s) => formatCount(s.totalLeads),
    detail: (s) => [
      `${formatCount(s.confirmedLeads)} confirmed`,
      `${formatCount(s.downloads)} ${s.downloads === 1 ? 'download' : 'downloads'}`,
    ],
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
                {/* While loading, the same lines with skeletons in them: the cards keep their height when the numbers come. */}
                <p className="mt-1 text-2xl font-bold tracking-tight text-gray-900 tabular-nums sm:text-3xl">
                  {isPending ? <Skeleton className="inline-block h-[1em] w-16 align-middle" /> : value(data)}
                </p>
                {detail && (
                  <p className="mt-1 text-xs text-gray-600 tabular-nums">
                    {isPending ? (
                      <Skeleton className="block h-8 w-20 sm:inline-block sm:h-[1em] sm:w-28 sm:align-middle" />
                    ) : (
                      detail(data).map((part, i) => (
                        <span key={part} className="block sm:inline">
                          {i > 0 && <span className="hidden sm:inline"> · </span>}
                          {part}
                        </span>
                      ))
                    )}
                  </p>
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
