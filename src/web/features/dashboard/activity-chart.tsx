import { lazy, Suspense, useId } from 'react';
import { ANALYTICS_DAYS } from '@/domain/analytics-days';
import type { DailyStat } from '@/domain/forms-api';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useInView } from '@/web/lib/use-in-view';
import { SERIES } from './activity-series';
import { formatCount, formatDay } from './format';

// The drawing (recharts, most of this screen's JavaScript) downloads when its box comes into view,
// not before the screen's first paint nor while it is below the fold; the box keeps its size meanwhile.
const ActivityChartDrawing = lazy(() => import('./activity-chart-drawing').then((m) => ({ default: m.ActivityChartDrawing })));

const count = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
const sum = (days: DailyStat[], key: (typeof SERIES)[number]['key']) => days.reduce((n, d) => n + d[key], 0);

/**
 * Views, leads and confirmations over the last 30 days. The drawing is hidden from assistive
 * technology; a summary and a visually hidden table carry the same numbers to it.
 */
export function ActivityChart({ days }: { days: DailyStat[] | undefined }) {
  const headingId = useId();
  const summaryId = useId();
  // The gradient is referenced from CSS url(#…): keep the id to characters that need no escaping.
  const gradientId = `views-fill-${headingId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [drawingBox, inView] = useInView<HTMLDivElement>();

  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId} aria-describedby={days ? summaryId : undefined} className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold text-gray-900">
          Last {ANALYTICS_DAYS} days
        </h2>
        {days ? (
          <>
            <p id={summaryId} className="mt-1 text-sm text-gray-700">
              {count(sum(days, 'views'), 'view')}, {count(sum(days, 'leads'), 'lead')} and{' '}
              {count(sum(days, 'confirmations'), 'confirmation')} from {formatDay(days[0]!.day)} to {formatDay(days.at(-1)!.day)}.
            </p>
            <div ref={drawingBox} aria-hidden="true" className="mt-4 h-64 w-full min-w-0 sm:h-72">
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                {inView ? <ActivityChartDrawing days={days} gradientId={gradientId} /> : <Skeleton className="h-full w-full" />}
              </Suspense>
            </div>
            {/* sr-only on a wrapper: a table will not shrink to 1px and would widen the page. */}
            <div className="sr-only">
              <table>
                <caption>Views, leads and confirmations per day, last {ANALYTICS_DAYS} days</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {SERIES.map((s) => (
                      <th key={s.key} scope="col">
                        {s.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.day}>
                      <th scope="row">{formatDay(d.day, true)}</th>
                      {SERIES.map((s) => (
                        <td key={s.key}>{formatCount(d[s.key])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <div aria-busy="true">
            <Skeleton className="mt-2 h-4 w-72 max-w-full" />
            <Skeleton className="mt-4 h-64 w-full sm:h-72" />
            <span className="sr-only">Loading the chart...</span>
          </div>
        )}
      </section>
    </Card>
  );
}
