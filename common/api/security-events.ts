import { z } from 'zod';

/**
 * What the browser may report (POST /api/security-events). The server trusts none of it: it re-masks
 * e-mails, blanks secrets and stamps its own time and IP. auth_failure is recorded by the server itself.
 */
export const logSecurityEventInput = z.object({
  type: z.enum(['suspicious_activity']),
  details: z.object({
    name: z.enum(['validation_failure']),
    form: z.enum(['signup', 'signin']),
    fields: z.array(z.string().max(40)).max(10),
    email: z.string().max(255).optional(),
  }),
  userAgent: z.string().max(500).optional(),
  timestamp: z.string().max(40).optional(),
});
export type LogSecurityEventInput = z.infer<typeof logSecurityEventInput>;
