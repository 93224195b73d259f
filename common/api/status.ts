import { z } from 'zod';

/** The health status response (GET /api/status). */
export const serviceHealth = z.enum(['operational', 'degraded', 'down', 'unknown']);
export type ServiceHealth = z.infer<typeof serviceHealth>;

export const statusResponse = z.object({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  timestamp: z.string(),
  version: z.string(),
  mode: z.enum(['sandbox', 'live']),
  /** Beside the platform's own services, one entry per payment provider the server probes, by its id. */
  services: z
    .object({
      database: serviceHealth,
      environment: serviceHealth,
      encryption: serviceHealth,
    })
    .catchall(serviceHealth),
  details: z.object({
    encryption_key_length_valid: z.boolean(),
    missing_required_env_vars: z.array(z.string()),
    missing_optional_env_vars: z.array(z.string()),
  }),
  metrics: z.object({
    recent_errors_15min: z.number().int(),
    error_rate_healthy: z.boolean(),
  }),
});
export type StatusResponse = z.infer<typeof statusResponse>;
