import { sql } from 'drizzle-orm';
import type { SecurityMetricsOutput, SecurityMonitoringRow } from '#common/api/security';
import type { Db } from '../../db/client';
import { CHECKOUT_ACCESS_KIND, type MerchantScope } from './checkout-access';
import { andMerchant, isoUtc } from './sql';

/**
 * The security monitoring rows: per hour (UTC), how many times checkout data was read (checkout_access)
 * and how many payments the 90-day purge anonymized (checkout_anonymized, from the time it stamped on
 * each). Counted in the database; hours with nothing are left out.
 */
export async function securityMetrics(
  db: Db,
  scope: MerchantScope,
  opts: { hours: number; now: Date },
): Promise<SecurityMetricsOutput> {
  const since = new Date(opts.now.getTime() - opts.hours * 3600_000);
  const hour = (column: string) =>
    sql.raw(`date_trunc('hour', ${column} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`);
  const result = await db.execute<{
    metric_type: SecurityMonitoringRow['metric_type'];
    count: number;
    time_bucket: string;
  }>(sql`
    SELECT metric_type, count, ${isoUtc(sql`bucket`)} AS time_bucket FROM (
      SELECT 'checkout_access' AS metric_type, ${hour('created_at')} AS bucket, count(*)::int AS count
        FROM events
        WHERE kind = ${CHECKOUT_ACCESS_KIND} AND created_at > ${since}${andMerchant(sql`merchant_id`, scope)}
        GROUP BY 2
      UNION ALL
      SELECT 'checkout_anonymized', ${hour('payload_purged_at')}, count(*)::int
        FROM payments
        WHERE payload_purged_at > ${since}${andMerchant(sql`merchant_id`, scope)}
        GROUP BY 2
    ) buckets
    ORDER BY bucket DESC, metric_type`);
  const rows = result.rows.map((r) => ({ ...r, count: Number(r.count) }));
  const total = (type: SecurityMonitoringRow['metric_type']) =>
    rows.filter((r) => r.metric_type === type).reduce((sum, r) => sum + r.count, 0);
  return {
    rows,
    totals: { checkout_access: total('checkout_access'), checkout_anonymized: total('checkout_anonymized') },
  };
}
