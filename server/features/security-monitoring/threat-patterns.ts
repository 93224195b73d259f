import { sql } from 'drizzle-orm';
import {
  RAPID_CHECKOUT_ACCESS_THRESHOLD,
  RAPID_CHECKOUT_ACCESS_WINDOW_MS,
  type AdvancedThreatPattern,
  type ThreatPatternsOutput,
} from '#common/api/security';
import { formatAmount } from '#common/domain/money';
import type { Db } from '../../db/client';
import { CHECKOUT_ACCESS_KIND, type MerchantScope } from './checkout-access';
import { andMerchant, isoUtc, subjectHashOf } from './sql';

/** A reader going past this many reads in the window is critical rather than high. */
const RAPID_CRITICAL_MULTIPLE = 5;

/** Failed sign-ins to one merchant user's account within the hour: from 5 high, from 20 critical. */
const BRUTE_FORCE_WINDOW_MS = 60 * 60 * 1000;
const BRUTE_FORCE_HIGH = 5;
const BRUTE_FORCE_CRITICAL = 20;

/**
 * Unusual checkout amounts (docs/decisions): checkouts of the last 24 hours against the merchant's own
 * baseline, the 30 days before them in the same currency (at most its latest 1,000 checkouts: a busy
 * shop's median is as well known from those, and sorting a month of them on every dashboard poll is not
 * cheap), once that baseline has 10 checkouts. An amount
 * is unusual when it is more than 3 standard deviations above the baseline's mean AND at least twice its
 * median: the first alone flags tiny variations of a shop that always sells one price (σ near 0), the
 * second alone flags ordinary baskets of a shop with a wide spread. At 6σ, or 10× the median, it is high.
 */
const AMOUNT_RECENT_MS = 24 * 60 * 60 * 1000;
const AMOUNT_BASELINE_MS = 30 * 24 * 60 * 60 * 1000;
const AMOUNT_BASELINE_MIN_CHECKOUTS = 10;
const AMOUNT_BASELINE_MAX_CHECKOUTS = 1_000;
const AMOUNT_SIGMAS = 3;
const AMOUNT_MEDIAN_MULTIPLE = 2;
const AMOUNT_HIGH_SIGMAS = 6;
const AMOUNT_HIGH_MEDIAN_MULTIPLE = 10;

type Opts = { now: Date };
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** rapid_checkout_access: more than 20 reads of a merchant's checkout data within 5 minutes. */
async function rapidCheckoutAccess(db: Db, scope: MerchantScope, { now }: Opts) {
  const result = await db.execute<{
    merchant_id: string;
    count: number;
    first_occurrence: string;
    last_occurrence: string;
  }>(sql`
    SELECT merchant_id, count(*)::int AS count,
           ${isoUtc(sql`min(created_at)`)} AS first_occurrence, ${isoUtc(sql`max(created_at)`)} AS last_occurrence
      FROM events
     WHERE kind = ${CHECKOUT_ACCESS_KIND} AND created_at > ${ago(now, RAPID_CHECKOUT_ACCESS_WINDOW_MS)}
           ${andMerchant(sql`merchant_id`, scope)}
     GROUP BY merchant_id
    HAVING count(*) > ${RAPID_CHECKOUT_ACCESS_THRESHOLD}
     ORDER BY count DESC`);
  return result.rows.map((r) => ({
    ...r,
    count: Number(r.count),
    suspicious_activity: 'rapid_checkout_access' as const,
  }));
}

/** rapid_data_access: one reader (a dashboard user, or an agent's API key) past the same threshold. */
async function rapidDataAccess(
  db: Db,
  scope: MerchantScope,
  { now }: Opts,
): Promise<AdvancedThreatPattern[]> {
  const result = await db.execute<{
    merchant_id: string;
    via: string;
    key_id: string | null;
    count: number;
    first_seen: string;
  }>(sql`
    SELECT merchant_id, coalesce(payload->>'via', 'dashboard') AS via, payload->>'key_id' AS key_id,
           count(*)::int AS count, ${isoUtc(sql`min(created_at)`)} AS first_seen
      FROM events
     WHERE kind = ${CHECKOUT_ACCESS_KIND} AND created_at > ${ago(now, RAPID_CHECKOUT_ACCESS_WINDOW_MS)}
           ${andMerchant(sql`merchant_id`, scope)}
     GROUP BY merchant_id, 2, 3, payload->>'user_id'
    HAVING count(*) > ${RAPID_CHECKOUT_ACCESS_THRESHOLD}
     ORDER BY count DESC`);
  return result.rows.map((r) => {
    const count = Number(r.count);
    const reader =
      r.via === 'dashboard'
        ? 'a dashboard user'
        : `${r.via === 'acp' ? 'an ACP agent' : 'an agent'} with API key ${r.key_id?.slice(0, 8) ?? 'unknown'}`;
    return {
      merchant_id: r.merchant_id,
      pattern_type: 'rapid_data_access',
      severity: count > RAPID_CHECKOUT_ACCESS_THRESHOLD * RAPID_CRITICAL_MULTIPLE ? 'critical' : 'high',
      occurrence_count: count,
      first_seen: r.first_seen,
      details: `${count} checkout reads in 5 minutes by ${reader} (more than ${RAPID_CHECKOUT_ACCESS_THRESHOLD} is unusual).`,
    };
  });
}

/** brute_force_auth: failed sign-ins to the account of a merchant's user, from anywhere. */
async function bruteForceAuth(db: Db, scope: MerchantScope, { now }: Opts): Promise<AdvancedThreatPattern[]> {
  const result = await db.execute<{
    merchant_id: string;
    count: number;
    addresses: number;
    first_seen: string;
  }>(sql`
    SELECT m.id AS merchant_id, count(*)::int AS count, count(DISTINCT e.ip_address)::int AS addresses,
           ${isoUtc(sql`min(e.created_at)`)} AS first_seen
      FROM merchants m
      JOIN users u ON u.id = m.user_id
      JOIN security_events e ON e.subject_hash = ${subjectHashOf(sql`u.email`)}
     WHERE e.type = 'auth_failure' AND e.name = 'signin_failed'
           AND e.created_at > ${ago(now, BRUTE_FORCE_WINDOW_MS)}
           ${andMerchant(sql`m.id`, scope)}
     GROUP BY m.id
    HAVING count(*) >= ${BRUTE_FORCE_HIGH}
     ORDER BY count DESC`);
  return result.rows.map((r) => {
    const count = Number(r.count);
    const addresses = Number(r.addresses);
    return {
      merchant_id: r.merchant_id,
      pattern_type: 'brute_force_auth',
      severity: count >= BRUTE_FORCE_CRITICAL ? 'critical' : 'high',
      occurrence_count: count,
      first_seen: r.first_seen,
      details: `${count} failed sign-ins to your account in the last hour, from ${addresses} address${addresses === 1 ? '' : 'es'}.`,
    };
  });
}

/** unusual_checkout_amount: see the rule above. */
async function unusualCheckoutAmount(
  db: Db,
  scope: MerchantScope,
  { now }: Opts,
): Promise<AdvancedThreatPattern[]> {
  const recentSince = ago(now, AMOUNT_RECENT_MS);
  const result = await db.execute<{
    merchant_id: string;
    currency: string;
    count: number;
    first_seen: string;
    largest: number;
    median: number;
    sigmas: number;
  }>(sql`
    WITH recent AS (
      SELECT DISTINCT merchant_id, currency FROM checkouts
       WHERE created_at > ${recentSince} ${andMerchant(sql`merchant_id`, scope)}
    ),
    baseline AS (
      SELECT r.merchant_id, r.currency, avg(s.amount_minor) AS mean, stddev_samp(s.amount_minor) AS sd,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY s.amount_minor) AS median
        FROM recent r
       CROSS JOIN LATERAL (
             SELECT amount_minor FROM checkouts
              WHERE merchant_id = r.merchant_id AND currency = r.currency
                AND created_at > ${ago(now, AMOUNT_RECENT_MS + AMOUNT_BASELINE_MS)} AND created_at <= ${recentSince}
              ORDER BY created_at DESC
              LIMIT ${AMOUNT_BASELINE_MAX_CHECKOUTS}) s
       GROUP BY r.merchant_id, r.currency
      HAVING count(*) >= ${AMOUNT_BASELINE_MIN_CHECKOUTS}
    )
    SELECT c.merchant_id, c.currency, count(*)::int AS count, ${isoUtc(sql`min(c.created_at)`)} AS first_seen,
           max(c.amount_minor)::float8 AS largest, max(b.median)::float8 AS median,
           max((c.amount_minor - b.mean) / nullif(b.sd, 0))::float8 AS sigmas
      FROM checkouts c
      JOIN baseline b ON b.merchant_id = c.merchant_id AND b.currency = c.currency
     WHERE c.created_at > ${recentSince} ${andMerchant(sql`c.merchant_id`, scope)}
       AND c.amount_minor > b.mean + ${AMOUNT_SIGMAS} * coalesce(b.sd, 0)
       AND c.amount_minor >= ${AMOUNT_MEDIAN_MULTIPLE} * b.median
     GROUP BY c.merchant_id, c.currency
     ORDER BY count DESC`);
  return result.rows.map((r) => {
    const largest = Number(r.largest);
    const median = Number(r.median);
    // No spread at all (every baseline checkout the same amount): any far larger amount is many σ out.
    const sigmas = r.sigmas === null ? Infinity : Number(r.sigmas);
    const high = sigmas >= AMOUNT_HIGH_SIGMAS || largest >= AMOUNT_HIGH_MEDIAN_MULTIPLE * median;
    const count = Number(r.count);
    return {
      merchant_id: r.merchant_id,
      pattern_type: 'unusual_checkout_amount',
      severity: high ? 'high' : 'medium',
      occurrence_count: count,
      first_seen: r.first_seen,
      details:
        `${count} checkout${count === 1 ? '' : 's'} in the last 24 hours far above your usual ${r.currency} amounts: ` +
        `the largest ${formatAmount(largest, r.currency)}, against a typical ${formatAmount(Math.round(median), r.currency)}.`,
    };
  });
}

const SEVERITY_ORDER = { critical: 0, high: 1, medium: 2 } as const;

/** Both detectors' answers: the rapid-access flag per merchant, and the advanced patterns, worst first. */
export async function detectThreatPatterns(
  db: Db,
  scope: MerchantScope,
  opts: Opts,
): Promise<ThreatPatternsOutput> {
  const [suspicious, ...advanced] = await Promise.all([
    rapidCheckoutAccess(db, scope, opts),
    rapidDataAccess(db, scope, opts),
    bruteForceAuth(db, scope, opts),
    unusualCheckoutAmount(db, scope, opts),
  ]);
  const patterns = advanced
    .flat()
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.occurrence_count - a.occurrence_count,
    );
  return { suspicious, patterns };
}
