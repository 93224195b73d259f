import { z } from 'zod';
import { PLAN_ORDER, type PlanId } from '../domain/plans';

/**
 * The error body of the dashboard API. `fieldErrors` maps a form field to its first message, so a form
 * can show the server's words under the right input.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    /** With code plan_upgrade_required: the lowest plan that includes what was refused. */
    requiredPlan: z.enum(PLAN_ORDER as [PlanId, ...PlanId[]]).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
