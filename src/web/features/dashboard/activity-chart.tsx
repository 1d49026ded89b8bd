import { useId } from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_DAYS, type DailyStat } from '@/domain/forms-api';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatCount, formatDay } from './format';

const SERIES = [
  { key: 'views', name: 'Views', color: '#4f46e5' }, // indigo-600
  { key: 'leads', name: 'Leads', color: '#059669' }, // emerald-600
  // Dashed, so it stays visible where it runs on top of the leads line.
  { key: 'confirmations', name: 'Confirmations', color: '#d97706', dash: '6 4' }, // amber-600
] as const;

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
            <div aria-hidden="true" className="mt-4 h-64 w-full min-w-0 sm:h-72">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
                  <defs>
                    <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                      <stop offset="0%" stopColor={SERIES[0].color} stopOpacity={0.25} />
                      <stop offset="100%" stopColor={SERIES[0].color} stopOpacity={0.02} />
                    </linearGradient>
                  </defs>
                  <CartesianGrid stroke="#e5e7eb" vertical={false} />
                  <XAxis
                    dataKey="day"
                    tickFormatter={(day: string) => formatDay(day)}
                    tick={{ fill: '#4b5563', fontSize: 12 }}
                    tickLine={false}
                    axisLine={{ stroke: '#d1d5db' }}
                    interval="preserveStartEnd"
                    minTickGap={24}
                  />
                  <YAxis
                    allowDecimals={false}
                    tick={{ fill: '#4b5563', fontSize: 12 }}
                    tickLine={false}
                    axisLine={false}
                    width={48}
                  />
                  <Tooltip
                    labelFormatter={(day) => formatDay(String(day), true)}
                    formatter={(value) => formatCount(Number(value))}
                    contentStyle={{ borderRadius: 8, borderColor: '#e5e7eb', fontSize: 13 }}
                    itemSorter={(item) => SERIES.findIndex((s) => s.key === item.dataKey)}
                  />
                  <Legend
                    iconType="circle"
                    iconSize={8}
                    wrapperStyle={{ fontSize: 13, paddingTop: 8 }}
                    itemSorter={(item) => SERIES.findIndex((s) => s.name === item.value)}
                  />
                  <Area
                    type="monotone"
                    dataKey="views"
                    name="Views"
                    stroke={SERIES[0].color}
                    strokeWidth={2}
                    fill={`url(#${gradientId})`}
                    isAnimationActive={false}
                  />
                  {SERIES.slice(1).map((s) => (
                    <Line
                      key={s.key}
                      type="monotone"
                      dataKey={s.key}
                      name={s.name}
                      stroke={s.color}
                      strokeWidth={2}
                      strokeDasharray={'dash' in s ? s.dash : undefined}
                      dot={false}
                      isAnimationActive={false}
                    />
                  ))}
                </ComposedChart>
              </ResponsiveContainer>
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
