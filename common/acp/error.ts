import { z } from 'zod';

/** The ACP protocol-level error (both versions; `supported_versions` only on version errors, 2026-04-17). */
export const acpError = z.strictObject({
  type: z.enum(['invalid_request', 'request_not_idempotent', 'processing_error', 'service_unavailable']),
  code: z.string(),
  message: z.string(),
  param: z.string().optional(),
  supported_versions: z.array(z.string()).optional(),
});
export type AcpErrorBody = z.infer<typeof acpError>;
