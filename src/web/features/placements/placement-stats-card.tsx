import { AppWindow } from 'lucide-react';
import { useId } from 'react';
import { formSitePath } from '@/domain/app-paths';
import type { PlacementStats } from '@/domain/placements';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  CELL,
  Empty,
  EmptyTableState,
  formatCount,
  formatPercent,
  LABELLED,
  ROW,
  ScrollingTable,
  TableHead,
} from '@/web/features/dashboard';
import { cn } from '@/web/lib/cn';
import { Link } from '@/web/lib/router';
import { usePlacementStats } from './api';
import { DISPLAY_LABELS } from './display-labels';

const COLUMNS = ['Placement', 'Display', 'Impressions', 'Opens', 'Sign-ups', 'Conversion'] as const;
const NUMBERS = new Set<string>(['Impressions', 'Opens', 'Sign-ups', 'Conversion']);
const NUMBER = 'tabular-nums sm:text-right';

/** Sign-ups per impression, in percent (one decimal); null without impressions. */
export const placementConversion = (stats: Pick<PlacementStats, 'impressions' | 'signups'>): number | null =>
  stats.impressions > 0 ? Math.round((stats.signups / stats.impressions) * 1000) / 10 : null;

/** "On your site" on the page's analytics: each placement's figures over the last 30 days. */
export function PlacementStatsCard({ formId }: { formId: string }) {
  const stats = usePlacementStats(formId);
  const headingId = useId();
  const items = stats.data;

  if (stats.isError) {
    return (
      <ErrorState
        title="Could not load the placements' figures"
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isRefetching}
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end justify-between gap-2 p-4 lg:px-6">
        <div>
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            On your site
          </h2>
          <p className="mt-1 text-sm text-gray-700">Placements of this page on your own site, last 30 days.</p>
        </div>
        <Link
          to={formSitePath(formId)}
          className="rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
        >
          Put it on your site
        </Link>
      </div>
      {items === undefined ? (
        <div aria-busy="true" className="grid gap-2 border-t border-gray-200 p-4">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <span className="sr-only">Loading the placements...</span>
        </div>
      ) : items.length === 0 ? (
        <EmptyTableState icon={AppWindow} title="Not on your site yet.">
          Show this page on your own website as an inline form, a popup, a slide-in or a bar:{' '}
          <Link to={formSitePath(formId)} className="font-medium text-indigo-700 underline hover:text-indigo-900">
            put it on your site
          </Link>
          .
        </EmptyTableState>
      ) : (
        <ScrollingTable
          labelledBy={headingId}
          busy={stats.isFetching}
          className="sm:min-w-[40rem]"
          head={<TableHead columns={COLUMNS} alignRight={(column) => NUMBERS.has(column)} />}
        >
          {items.map((item) => {
            const conversion = placementConversion(item);
            return (
              <tr key={item.id} className={ROW}>
                <th
                  scope="row"
                  className="px-4 py-3 text-left align-top font-medium text-gray-900 max-sm:col-span-2 max-sm:block max-sm:p-0 lg:pl-6"
                >
                  {item.name}
                </th>
                <td data-label="Display" className={cn(CELL, LABELLED)}>
                  {DISPLAY_LABELS[item.display]}
                </td>
                <td data-label="Impressions" className={cn(CELL, LABELLED, NUMBER)}>
                  {formatCount(item.impressions)}
                </td>
                <td data-label="Opens" className={cn(CELL, LABELLED, NUMBER)}>
                  {formatCount(item.opens)}
                </td>
                <td data-label="Sign-ups" className={cn(CELL, LABELLED, NUMBER)}>
                  {formatCount(item.signups)}
                </td>
                <td data-label="Conversion" className={cn(CELL, LABELLED, NUMBER, 'lg:pr-6')}>
                  {conversion === null ? <Empty /> : formatPercent(conversion)}
                </td>
              </tr>
            );
          })}
        </ScrollingTable>
      )}
    </Card>
  );
}
