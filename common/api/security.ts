import { z } from 'zod';

/**
 * Security monitoring on the dashboard: who read checkout data, the per-hour metrics, the threat
 * patterns and the security log. A merchant sees its own; an admin may ask for one merchant's or for
 * every merchant's (`merchant`: a merchant id, or `all`).
 */
export const ALL_MERCHANTS = 'all';
export const securityScopeQuery = z.object({
  merchant: z.union([z.literal(ALL_MERCHANTS), z.uuid()]).optional(),
});
export type SecurityScopeQuery = z.infer<typeof securityScopeQuery>;

/** rapid_checkout_access: more than 20 checkout accesses by one merchant within 5 minutes. */
export const RAPID_CHECKOUT_ACCESS_THRESHOLD = 20;
export const RAPID_CHECKOUT_ACCESS_WINDOW_MS = 5 * 60 * 1000;

/** How often the dashboard refreshes each part (ms). */
export const SECURITY_REFRESH_MS = { accessLog: 30_000, threats: 60_000, metrics: 60_000 } as const;

export const checkoutAccessQuery = securityScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * A checkout_data_accessed event: whose checkout data was read, when, and by whom: a merchant's user in
 * the dashboard (`user_id`), or an agent through the agent API or ACP (`key_id`, 8 characters of the
 * API key's id).
 */
export const checkoutAccessEvent = z.object({
  id: z.string(),
  merchant_id: z.string(),
  checkout_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  user_id: z.string().nullable(),
  status: z.string(),
  via: z.enum(['dashboard', 'agent_api', 'acp']),
  key_id: z.string().nullable(),
  created_at: z.string(),
});
export type CheckoutAccessEvent = z.infer<typeof checkoutAccessEvent>;

export const checkoutAccessOutput = z.object({
  events: z.array(checkoutAccessEvent),
  accesses_last_5_minutes: z.number(),
  rapid_checkout_access: z.boolean(),
});
export type CheckoutAccessOutput = z.infer<typeof checkoutAccessOutput>;

/** Metrics are counted per hour over the last `hours` (at most a week). */
export const securityMetricsQuery = securityScopeQuery.extend({
  hours: z.coerce.number().int().min(1).max(168).default(24),
});
export const SECURITY_METRIC_TYPES = ['checkout_access', 'checkout_anonymized'] as const;
export const securityMonitoringRow = z.object({
  metric_type: z.enum(SECURITY_METRIC_TYPES),
  count: z.number(),
  time_bucket: z.string(),
});
export type SecurityMonitoringRow = z.infer<typeof securityMonitoringRow>;
export const securityMetricsOutput = z.object({
  /** Newest bucket first; hours with nothing to count are left out. */
  rows: z.array(securityMonitoringRow),
  totals: z.object({ checkout_access: z.number(), checkout_anonymized: z.number() }),
});
export type SecurityMetricsOutput = z.infer<typeof securityMetricsOutput>;

export const suspiciousPatternResult = z.object({
  merchant_id: z.string(),
  suspicious_activity: z.literal('rapid_checkout_access'),
  count: z.number(),
  first_occurrence: z.string(),
  last_occurrence: z.string(),
});
export const THREAT_PATTERN_TYPES = [
  'rapid_data_access',
  'brute_force_auth',
  'unusual_checkout_amount',
] as const;
export const THREAT_SEVERITIES = ['critical', 'high', 'medium'] as const;
export const advancedThreatPattern = z.object({
  merchant_id: z.string(),
  pattern_type: z.enum(THREAT_PATTERN_TYPES),
  severity: z.enum(THREAT_SEVERITIES),
  occurrence_count: z.number(),
  first_seen: z.string(),
  details: z.string(),
});
export type AdvancedThreatPattern = z.infer<typeof advancedThreatPattern>;
export const threatPatternsOutput = z.object({
  suspicious: z.array(suspiciousPatternResult),
  patterns: z.array(advancedThreatPattern),
});
export type ThreatPatternsOutput = z.infer<typeof threatPatternsOutput>;

export const securityLogQuery = securityScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** A security event as the log shows it: e-mails masked to 3 characters, key ids cut to 8, no secrets. */
export const securityLogEntry = z.object({
  id: z.string(),
  merchant_id: z.string().nullable(),
  type: z.string(),
  name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntry>;
export const securityLogOutput = z.object({ events: z.array(securityLogEntry) });

/** For an admin's merchant picker. */
export const monitoredMerchantsOutput = z.object({
  merchants: z.array(z.object({ id: z.string(), name: z.string() })),
});
