import type { AgentErrorCode } from '#common/api/agent';

const STATUS: Record<AgentErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_CHECKOUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYMENT_DECLINED: 402,
  PAYMENT_EXPIRED: 402,
  NOT_FOUND: 404,
  IDEMPOTENCY_CONFLICT: 409,
  CHECKOUT_ALREADY_PROCESSED: 409,
  RATE_LIMIT: 429,
  STORE_UNAVAILABLE: 503,
  PROVIDER_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** An agent API failure in the documented shape: `{ error, error_code, correlation_id, details }`. */
export class AgentApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: AgentErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AgentApiError';
    this.status = STATUS[code];
  }

  body(correlationId: string) {
    return {
      error: this.message,
      error_code: this.code,
      correlation_id: correlationId,
      details: this.details,
    };
  }
}
