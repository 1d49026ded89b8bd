import { Download, Eye, MailCheck, Percent, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { AnalyticsTotals } from '@/domain/forms-api';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatCount, formatPercent } from './format';

type Stat = { label: string; icon: LucideIcon; value: (totals: AnalyticsTotals) => string; hint?: string };

const STATS: Stat[] = [
  { label: 'Views', icon: Eye, value: (t) => formatCount(t.views) },
  {
    label: 'Unique Visitors',
    icon: Users,
    value: (t) => formatCount(t.uniqueVisitors),
    hint: 'Counted per day, without cookies',
  },
  { label: 'Leads', icon: UserPlus, value: (t) => formatCount(t.leads) },
  { label: 'Confirmed', icon: MailCheck, value: (t) => formatCount(t.confirmations) },
  { label: 'Downloads', icon: Download, value: (t) => formatCount(t.downloads) },
  { label: 'Conversion', icon: Percent, value: (t) => formatPercent(t.conversionRate), hint: 'Leads / views' },
];

/** The form's all-time totals, one card each. */
export function AnalyticsStats({ totals }: { totals: AnalyticsTotals | undefined }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={!totals}>
      <h2 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-gray-700 uppercase">
        All time
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
        {STATS.map(({ label, icon: Icon, value, hint }) => (
          <li key={label}>
            <Card className="flex h-full items-start justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-700">{label}</p>
                {totals ? (
                  <p className="mt-1 text-2xl font-bold tracking-tight text-gray-900 tabular-nums">{value(totals)}</p>
                ) : (
                  <Skeleton className="mt-2 h-7 w-14" />
                )}
                {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
              </div>
              <span className="hidden size-9 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 sm:flex">
                <Icon aria-hidden="true" className="size-5" />
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {!totals && <span className="sr-only">Loading statistics...</span>}
    </section>
  );
}
