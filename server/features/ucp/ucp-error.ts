import { toAcpError } from '../acp';
import { UCP_VERSION } from './protocol';

/**
 * A UCP protocol error (overview.md, "Error Handling"): an HTTP status with a `{code, content}` body,
 * plus `continue_url` where the buyer can carry on in the merchant's own pages.
 */
export class UcpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    content: string,
    readonly extra: { continueUrl?: string; retryAfter?: number } = {},
  ) {
    super(content);
    this.name = 'UcpError';
  }

  body() {
    return {
      code: this.code,
      content: this.message,
      ...(this.extra.continueUrl ? { continue_url: this.extra.continueUrl } : {}),
    };
  }
}

/**
 * A business outcome with no resource to show (an unknown checkout or order): HTTP 200 with the
 * `error_response` envelope, as checkout.md and order-rest.md answer it.
 */
export class UcpOutcome extends Error {
  constructor(
    readonly code: string,
    content: string,
    readonly capability: string,
  ) {
    super(content);
    this.name = 'UcpOutcome';
  }

  body() {
    return {
      ucp: {
        version: UCP_VERSION,
        status: 'error' as const,
        capabilities: { [this.capability]: [{ version: UCP_VERSION }] },
      },
      messages: [
        {
          type: 'error' as const,
          code: this.code,
          content: this.message,
          severity: 'unrecoverable' as const,
        },
      ],
    };
  }
}

/** ACP statuses the session layer answers with, as UCP's protocol table has them. */
const STATUS_OF: Record<number, number> = { 402: 400, 405: 409, 422: 400 };

/**
 * Anything thrown on a UCP route, as UCP answers it. The session layer and the engine speak ACP's errors
 * (toAcpError already maps engine and framework errors, so nothing a client caused becomes a 5xx); an
 * unknown session is a business outcome, the rest keep their code under UCP's statuses.
 */
export function toUcpError(err: unknown): UcpError | UcpOutcome {
  if (err instanceof UcpError || err instanceof UcpOutcome) return err;
  const acp = toAcpError(err);
  if (acp.code === 'session_not_found') {
    return new UcpOutcome('not_found', acp.message, 'dev.ucp.shopping.checkout');
  }
  return new UcpError(STATUS_OF[acp.status] ?? acp.status, acp.code, acp.message, {
    retryAfter: acp.extra.retryAfter ?? (acp.status === 429 ? 60 : undefined),
  });
}
