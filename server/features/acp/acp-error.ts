import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AcpErrorBody } from '#common/acp/error';
import { AppError } from '../../lib/app-error';
import { CommerceError, type CommerceErrorCode } from '../commerce';

/** An ACP protocol error: the HTTP status plus the `{type, code, message, param}` body of both versions. */
export class AcpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: {
      type?: AcpErrorBody['type'];
      param?: string;
      supportedVersions?: readonly string[];
      /** Seconds, sent as Retry-After. */
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AcpError';
  }

  get type(): AcpErrorBody['type'] {
    return (
      this.extra.type ??
      (this.status === 503
        ? 'service_unavailable'
        : this.status >= 500
          ? 'processing_error'
          : 'invalid_request')
    );
  }

  body(): AcpErrorBody {
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.extra.param ? { param: this.extra.param } : {}),
      ...(this.extra.supportedVersions ? { supported_versions: [...this.extra.supportedVersions] } : {}),
    };
  }
}

const FROM_COMMERCE: Record<CommerceErrorCode, [status: number, code: string, retryAfter?: number]> = {
  invalid_request: [400, 'invalid_request'],
  invalid_checkout: [409, 'invalid_checkout'],
  not_configured: [409, 'merchant_not_configured'],
  declined: [402, 'payment_declined'],
  expired: [402, 'payment_expired'],
  already_processed: [409, 'checkout_already_processed'],
  not_found: [404, 'not_found'],
  store_unavailable: [503, 'store_unavailable', 5],
  provider_unavailable: [503, 'provider_unavailable', 5],
};

/** `/items/0/quantity` -> `$.items[0].quantity` (ACP params are RFC 9535 JSONPath). */
export function jsonPath(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), '$');
}

/** Anything thrown on an ACP route, as an ACP error; nothing a client caused becomes a 5xx. */
export function toAcpError(err: unknown): AcpError {
  if (err instanceof AcpError) return err;
  if (err instanceof CommerceError) {
    const [status, code, retryAfter] = FROM_COMMERCE[err.code];
    return new AcpError(status, code, err.message, { retryAfter });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0]!;
    const param = jsonPath(first.instancePath);
    return new AcpError(400, 'invalid_request', `${param}: ${first.message ?? 'invalid'}`, { param });
  }
  // Fastify's errors carry `statusCode`; the app's shared guards throw an AppError with `status`.
  const status = err instanceof AppError ? err.status : (err as { statusCode?: unknown })?.statusCode;
  if (status === 429) {
    return new AcpError(429, 'rate_limit_exceeded', 'Too many requests; retry after the Retry-After delay');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AcpError(status, 'invalid_request', err instanceof Error ? err.message : 'Invalid request');
  }
  return new AcpError(500, 'processing_error', 'Something went wrong on our side; it has been logged');
}
