import type { PlanId } from '#common/domain/plans';

/**
 * The one error type features throw. `code` is stable and machine-readable, `status` is the HTTP status,
 * `message` is safe to show to the caller; `cause` and `internal` are logged, never returned.
 */
export type AppErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  /** A session the idle timeout or the maximum session length ended (it has been deleted). */
  | 'session_expired'
  | 'forbidden'
  /** The feature is not in the merchant's plan; `requiredPlan` names the lowest plan that has it. */
  | 'plan_upgrade_required'
  /** The client address is not on the account's IP allowlist. */
  | 'ip_not_allowed'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'provider_unavailable'
  | 'internal';

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  plan_upgrade_required: 403,
  ip_not_allowed: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  provider_unavailable: 502,
  internal: 500,
};

export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly internal: unknown;
  readonly requiredPlan: PlanId | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: {
      fieldErrors?: Record<string, string>;
      cause?: unknown;
      internal?: unknown;
      requiredPlan?: PlanId;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
    this.fieldErrors = options.fieldErrors;
    this.internal = options.internal;
    this.requiredPlan = options.requiredPlan;
  }
}

/** The first message per field of a zod error, keyed by the field's dotted path. */
export function firstMessagePerField(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}
