import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsReport } from '#common/api/analytics';
import { formatMoney } from '#web/lib/money';
import { percent, shortDay } from './format';

// The charts repeat, for the eye, what the tables beside them say; assistive technology reads the
// tables, so the drawings are hidden from it and take no keyboard focus (no accessibility layer).
const BRAND = '#4f46e5';
const BRAND_LIGHT = '#a5b4fc';
const LIGHTNING = '#d97706';
const GRID = '#e2e8f0';
const AXIS = { fontSize: 12, fill: '#64748b' };

export function DailySalesChart({ report }: { report: AnalyticsReport }) {
  const data = report.daily.map((d) => ({ ...d, label: shortDay(d.day) }));
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            yAxisId="revenue"
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={(minor: number) => formatMoney(minor, report.currency, { display: 'none' })}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            width={32}
          />
          <Tooltip
            formatter={(value, name) =>
              name === 'Revenue' ? formatMoney(Number(value), report.currency) : String(value)
            }
          />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill={BRAND_LIGHT} radius={[3, 3, 0, 0]} />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            stroke={BRAND}
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Conversion from started (offers or sessions) to paid orders, one bar per channel. */
export function ChannelConversionChart({ rows }: { rows: { label: string; conversion: number }[] }) {
  return (
    <div aria-hidden="true" style={{ height: Math.max(120, rows.length * 44) }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 0, right: 24, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID} horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            tick={AXIS}
            tickFormatter={percent}
            axisLine={false}
            tickLine={false}
          />
          <YAxis type="category" dataKey="label" tick={AXIS} width={140} axisLine={false} tickLine={false} />
          <Tooltip formatter={(value) => percent(Number(value))} />
          <Bar dataKey="conversion" name="Conversion" fill={BRAND} radius={[0, 3, 3, 0]} barSize={18} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** What each payment method took, one bar per method (Lightning in its own colour). */
export function MethodChart({
  rows,
  currency,
}: {
  rows: { label: string; method: string; amount: number }[];
  currency: string;
}) {
  return (
    <div aria-hidden="true" style={{ height: Math.max(120, rows.length * 44) }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 0, right: 24, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID} horizontal={false} />
          <XAxis
            type="number"
            tick={AXIS}
            tickFormatter={(minor: number) => formatMoney(minor, currency, { display: 'none' })}
            axisLine={false}
            tickLine={false}
          />
          <YAxis type="category" dataKey="label" tick={AXIS} width={140} axisLine={false} tickLine={false} />
          <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
          <Bar dataKey="amount" name="Amount" radius={[0, 3, 3, 0]} barSize={18}>
            {rows.map((row) => (
              <Cell key={row.method} fill={row.method.startsWith('btc_') ? LIGHTNING : BRAND} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
