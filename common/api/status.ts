import { z } from 'zod';

/** Spec §3 health status response. Services not yet wired report "unknown". */
export const serviceHealth = z.enum(['operational', 'degraded', 'down', 'unknown']);
export const statusResponse = z.object({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  timestamp: z.string(),
  version: z.string(),
  mode: z.enum(['sandbox', 'live']),
  services: z.object({
    database: serviceHealth,
    environment: serviceHealth,
  }),
  details: z.object({
    missing_required_env_vars: z.array(z.string()),
    missing_optional_env_vars: z.array(z.string()),
  }),
});
export type StatusResponse = z.infer<typeof statusResponse>;
