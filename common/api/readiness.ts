import { z } from 'zod';

/** The readiness report: can agents buy from this merchant right now, and if not, why. */
export const readinessService = z.object({ healthy: z.boolean(), configured: z.boolean() });
export const readinessReason = z.object({ code: z.string(), message: z.string(), optional: z.boolean() });
export const readinessReport = z.object({
  status: z.enum(['OK', 'READY', 'DEGRADED', 'BLOCKED']),
  reasons: z.array(readinessReason),
  services: z.object({
    app: readinessService,
    crypto: readinessService,
    stripe: readinessService,
    bitcoin: readinessService,
  }),
  /**
   * The doors agents can buy through right now: the documented agent API, ACP and UCP (which also needs
   * the merchant's ES256 signing key for its business profile and order webhooks).
   */
  protocols: z.object({ agent_api: z.boolean(), acp: z.boolean(), ucp: z.boolean() }),
  version: z.string(),
  request_id: z.string(),
  checked_at: z.string(),
});
export type ReadinessReport = z.infer<typeof readinessReport>;
export type ReadinessReason = z.infer<typeof readinessReason>;
