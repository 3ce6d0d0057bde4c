/**
 * The dashboard's charts (recharts, back office only). Each chart is an image for assistive
 * technology, labelled by its title; the table beside it holds the same numbers as text.
 */
import type { DashboardDay } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCents } from '../../lib/format';
import { formatCount, formatDay, formatSeconds } from './format';

/** Series colours with at least 3:1 contrast on white (WCAG 1.4.11). */
const COLORS = ['#0d6efd', '#d63384', '#198754', '#b35c00', '#6f42c1'];
const HEIGHT = 260;

/** A series of a chart: the key of its value in a row and its label. */
interface Series {
  key: string;
  label: string;
}

/** The frame every chart shares: role img with its label, a fixed height, axes by day. */
function ChartFrame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

const axisTick = { fontSize: 12 };

/** A line per series over the days of the period. */
function DayLines({
  label,
  rows,
  series,
  format,
}: {
  label: string;
  rows: readonly object[];
  series: Series[];
  format: (n: number) => string;
}) {
  return (
    <ChartFrame label={label}>
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={(d: string) => formatDay(d, 'short')} tick={axisTick} minTickGap={16} />
        <YAxis tickFormatter={format} tick={axisTick} width={72} allowDecimals={false} />
        <Tooltip
          labelFormatter={(d) => formatDay(String(d))}
          formatter={(v) => (typeof v === 'number' ? format(v) : String(v))}
        />
        <Legend />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="linear"
            dataKey={s.key}
            name={s.label}
            stroke={COLORS[i % COLORS.length]}
            strokeWidth={2}
            dot={rows.length <= 31}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

/** Signups, activations, first purchases and paying members per day. */
export function MembersChart({ days, label }: { days: DashboardDay[]; label: string }) {
  const { t } = useTranslation('admin-dashboard');
  const series = (['signups', 'activations', 'first_purchases', 'paying_members'] as const).map((key) => ({
    key,
    label: t(`columns.${key}`),
  }));
  return <DayLines label={label} rows={days} series={series} format={formatCount} />;
}

/** Messages per day, stacked by kind: member to member, member to fictional, operator answers. */
export function MessagesChart({ days, label }: { days: DashboardDay[]; label: string }) {
  const { t } = useTranslation('admin-dashboard');
  const kinds = ['member_to_member', 'member_to_fictional', 'operator_answers'] as const;
  return (
    <ChartFrame label={label}>
      <BarChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={(d: string) => formatDay(d, 'short')} tick={axisTick} minTickGap={16} />
        <YAxis tickFormatter={formatCount} tick={axisTick} width={72} allowDecimals={false} />
        <Tooltip labelFormatter={(d) => formatDay(String(d))} formatter={(v) => formatCount(Number(v))} />
        <Legend />
        {kinds.map((key, i) => (
          <Bar
            key={key}
            dataKey={key}
            name={t(`columns.${key}`)}
            stackId="messages"
            fill={COLORS[i]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Median and 95th percentile of the wait for an operator's answer, per day (seconds). */
export function ResponseChart({ days, label }: { days: DashboardDay[]; label: string }) {
  const { t } = useTranslation('admin-dashboard');
  const series = (['median_response_seconds', 'p95_response_seconds'] as const).map((key) => ({
    key,
    label: t(`columns.${key}`),
  }));
  return <DayLines label={label} rows={days} series={series} format={(n) => formatSeconds(n)} />;
}

/** Net revenue per day, one line per currency. */
export function RevenueChart({ days, label }: { days: DashboardDay[]; label: string }) {
  const currencies = [...new Set(days.flatMap((d) => d.revenue.map((r) => r.currency)))].sort();
  const shown = currencies.length ? currencies : ['EUR'];
  const rows = days.map((d) => {
    const row: Record<string, number | string> = { day: d.day };
    for (const c of shown) row[c] = d.revenue.find((r) => r.currency === c)?.net_cents ?? 0;
    return row;
  });
  // One currency: its money format; several: amounts in their own units, the legend names the currency.
  const format = (n: number) => (shown.length === 1 ? formatCents(n, shown[0]) : formatCount(n / 100));
  return <DayLines label={label} rows={rows} series={shown.map((c) => ({ key: c, label: c }))} format={format} />;
}
