import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '@/domain/forms-api';
import { SERIES } from './activity-series';
import { formatCount, formatDay } from './format';

/** The drawing of activity-chart.tsx, loaded on its own (recharts). */
export function ActivityChartDrawing({ days, gradientId }: { days: DailyStat[]; gradientId: string }) {
  return (
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
        <YAxis allowDecimals={false} tick={{ fill: '#4b5563', fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
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
  );
}
