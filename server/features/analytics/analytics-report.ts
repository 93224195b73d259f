import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsReport, AnalyticsWindow } from '#common/api/analytics';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** bigint sums arrive as text from node-postgres and as numbers from PGlite. */
const int = (value: unknown) => Number(value ?? 0);

interface Window {
  days: AnalyticsWindow;
  /** The first UTC day (YYYY-MM-DD). */
  start: string;
  /** Each UTC day of the window, oldest first. */
  dayList: string[];
}

function windowOf(days: AnalyticsWindow, now: Date): Window {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = today - (days - 1) * DAY_MS;
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(first + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, start: dayList[0]!, dayList };
}

const averageOf = (revenue: number, orders: number) => (orders === 0 ? 0 : Math.round(revenue / orders));

/**
 * The merchant's sales over the window, summed by PostgreSQL from the daily rollup (analytics_daily
 * and analytics_pay_times, kept current by triggers: migration 0021, ADR 028; offers are counted by the
 * relay, migration 0028, and the ones since its last round are added here), so a request reads a few
 * rows per day whatever the merchant's volume. Every query is scoped by the merchant and reads the
 * rollup's (merchant_id, day, …) primary key.
 */
export async function analyticsReport(
  db: Db,
  merchant: Merchant,
  { days, include_test: includeTest }: { days: AnalyticsWindow; include_test: boolean },
  now: Date,
): Promise<AnalyticsReport> {
  // The merchant's own tests are a key of the rollup, summed only when asked for (ADR 043).
  const liveOnly = (test: SQL) => (includeTest ? sql`` : sql`AND NOT ${test}`);
  const window = windowOf(days, now);
  const { start } = window;
  const currency = merchant.defaultCurrency;
  const [salesGroups, methodRows, lightning, refunded, disputesLost] = await Promise.all([
    // The sales side of the rollup (method ''): agent '' is a checkout whose agent sent no User-Agent.
    db.execute<{
      day_text: string | null;
      channel: string | null;
      agent: string | null;
      dimension: number;
      started: number;
      checkouts: number;
      orders: number;
      revenue: unknown;
      other: number;
    }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day_text, channel, nullif(agent, '') AS agent,
        grouping(day, channel, agent) AS dimension,
        sum(started)::int AS started, sum(checkouts)::int AS checkouts,
        coalesce(sum(orders) FILTER (WHERE currency = ${currency}), 0)::int AS orders,
        sum(revenue_minor) FILTER (WHERE currency = ${currency}) AS revenue,
        coalesce(sum(orders) FILTER (WHERE currency <> ${currency}), 0)::int AS other
      FROM (
        SELECT day, channel, agent, currency, started, checkouts, orders, revenue_minor FROM analytics_daily
        WHERE merchant_id = ${merchant.id} AND day >= ${start}::date AND method = '' ${liveOnly(sql`test`)}
        UNION ALL
        -- Offers the relay has not counted yet (at most a round's worth, on offers_uncounted_idx), read
        -- in the same statement as the rollup so that an offer counted meanwhile is seen exactly once.
        SELECT c.day, c.channel, c.agent, c.currency, c.started, c.checkouts, c.orders, c.revenue_minor
        FROM offers o, analytics_of(o) c
        WHERE o.merchant_id = ${merchant.id} AND o.counted_at IS NULL
          AND o.created_at >= ${start}::date AT TIME ZONE 'UTC' ${liveOnly(sql`o.test`)}
      ) sales
      GROUP BY GROUPING SETS ((day), (channel), (agent), ())`),
    // The payments side (channel ''): what each way of paying took, by the day it was paid.
    db.execute<{ method: string; payments: number; amount: unknown; paid: number; expired: number }>(sql`
      SELECT method,
        coalesce(sum(payments_paid) FILTER (WHERE currency = ${currency}), 0)::int AS payments,
        sum(paid_minor) FILTER (WHERE currency = ${currency}) AS amount,
        sum(lightning_paid)::int AS paid, sum(lightning_expired)::int AS expired
      FROM analytics_daily
      WHERE merchant_id = ${merchant.id} AND day >= ${start}::date AND channel = '' ${liveOnly(sql`test`)}
      GROUP BY method`),
    db.execute<{ median: unknown }>(sql`${medianSecondsToPay(merchant.id, start)}`),
    // Refunds are few beside sales: summed from the ledger itself, on refunds_merchant_idx (ADR 047).
    db.execute<{ amount: unknown }>(sql`
      SELECT sum(amount_minor) AS amount FROM refunds
      WHERE merchant_id = ${merchant.id} AND created_at >= ${start}::date AT TIME ZONE 'UTC'
        AND status = 'succeeded' AND currency = ${currency} ${liveOnly(sql`test`)}`),
    // A lost dispute is money the bank took back, on the day it decided (ADR 058), read off the partial
    // index of lost disputes: filtering the merchant's payments took 29 ms at 100k orders.
    db.execute<{ amount: unknown }>(sql`
      SELECT sum(dispute_amount_minor) AS amount FROM payments
      WHERE merchant_id = ${merchant.id} AND dispute_status = 'lost'
        AND dispute_closed_at >= ${start}::date AT TIME ZONE 'UTC'
        AND currency = ${currency} ${liveOnly(sql`test`)}`),
  ]);
  // grouping(day, channel, agent) is a bit mask of the columns a row is NOT grouped by.
  const DAY = 0b011;
  const CHANNEL = 0b101;
  const AGENT = 0b110;
  const TOTAL = 0b111;
  const groups = (dimension: number) => salesGroups.rows.filter((r) => r.dimension === dimension);
  const total = groups(TOTAL)[0];
  const totalOrders = total?.orders ?? 0;
  const totalRevenue = int(total?.revenue);

  const dailyByDay = new Map(groups(DAY).map((r) => [r.day_text, r]));
  const daily = window.dayList.map((day) => {
    const row = dailyByDay.get(day);
    const revenue = int(row?.revenue);
    const count = row?.orders ?? 0;
    return { day, orders: count, revenue, average_order_value: averageOf(revenue, count) };
  });

  // A rollup row can be all zeros (its only order was cancelled): a channel or agent is shown when
  // something happened through it, as counting the source rows would.
  const sold = (r: { orders: number; other: number }) => r.orders + r.other > 0;
  const by_channel = groups(CHANNEL)
    .filter((r) => r.started > 0 || r.checkouts > 0 || sold(r))
    .map((r) => ({
      channel: r.channel!,
      started: r.started,
      checkouts: r.checkouts,
      orders: r.orders,
      revenue: int(r.revenue),
    }))
    .sort((a, b) => b.revenue - a.revenue || b.checkouts - a.checkouts || a.channel.localeCompare(b.channel));

  const by_agent = groups(AGENT)
    .filter((r) => r.checkouts > 0 || sold(r))
    .map((r) => ({ agent: r.agent, checkouts: r.checkouts, orders: r.orders, revenue: int(r.revenue) }))
    .sort(
      (a, b) =>
        b.orders - a.orders || b.checkouts - a.checkouts || (a.agent ?? '').localeCompare(b.agent ?? ''),
    )
    // The merchant's main agents; a long tail of one-off User-Agents would drown them.
    .slice(0, AGENTS_SHOWN);

  const median = lightning.rows[0]?.median;
  return {
    days,
    currency,
    from: window.dayList[0]!,
    to: window.dayList.at(-1)!,
    totals: {
      orders: totalOrders,
      revenue: totalRevenue,
      average_order_value: averageOf(totalRevenue, totalOrders),
      other_currency_orders: total?.other ?? 0,
      refunded: int(refunded.rows[0]?.amount),
      disputes_lost: int(disputesLost.rows[0]?.amount),
      net_revenue: totalRevenue - int(refunded.rows[0]?.amount) - int(disputesLost.rows[0]?.amount),
    },
    daily,
    by_method: methodRows.rows
      .filter((r) => r.payments > 0)
      .map((r) => ({ method: r.method, payments: r.payments, amount: int(r.amount) }))
      .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method)),
    by_channel,
    by_agent,
    lightning: {
      paid: methodRows.rows.reduce((sum, r) => sum + r.paid, 0),
      expired: methodRows.rows.reduce((sum, r) => sum + r.expired, 0),
      median_seconds_to_pay: median == null ? null : Number(median),
    },
  };
}

const AGENTS_SHOWN = 10;

/**
 * The median of the paid Lightning invoices' times to pay since `start`, from the per-second histogram,
 * as percentile_cont(0.5) would give over the invoices themselves: the middle value, or the mean of the
 * two middle values of an even count, each the lower bound of its bucket (exact under a minute, to 10 s
 * under 10 minutes: analytics_pay_bucket); null with no invoice.
 */
function medianSecondsToPay(merchantId: string, start: string) {
  return sql`
    WITH histogram AS (
      SELECT seconds, sum(payments) AS payments FROM analytics_pay_times
      WHERE merchant_id = ${merchantId} AND day >= ${start}::date
      GROUP BY seconds HAVING sum(payments) > 0
    ), running AS (
      SELECT seconds, sum(payments) OVER (ORDER BY seconds) AS upto, sum(payments) OVER () AS total
      FROM histogram
    )
    -- The invoices at (0-based) positions floor((n-1)/2) and ceil((n-1)/2) of the sorted times.
    SELECT (min(seconds) FILTER (WHERE upto > floor((total - 1) / 2.0))
      + min(seconds) FILTER (WHERE upto > ceil((total - 1) / 2.0))) / 2.0 AS median
    FROM running`;
}
