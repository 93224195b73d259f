import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AgentErrorCode } from '#common/api/agent';
import { AppError } from '../../lib/app-error';
import { CommerceError, type CommerceErrorCode } from '../commerce';
import { AgentApiError } from './agent-error';

const FROM_COMMERCE: Record<CommerceErrorCode, AgentErrorCode> = {
  invalid_request: 'VALIDATION_ERROR',
  invalid_checkout: 'INVALID_CHECKOUT',
  not_configured: 'VALIDATION_ERROR',
  declined: 'PAYMENT_DECLINED',
  expired: 'PAYMENT_EXPIRED',
  already_processed: 'CHECKOUT_ALREADY_PROCESSED',
  not_found: 'NOT_FOUND',
  store_unavailable: 'STORE_UNAVAILABLE',
  provider_unavailable: 'PROVIDER_UNAVAILABLE',
};

/** Anything thrown on an agent route, in the documented error shape; nothing a client caused is a 500. */
export function toAgentError(err: unknown): AgentApiError {
  if (err instanceof AgentApiError) return err;
  if (err instanceof CommerceError)
    return new AgentApiError(FROM_COMMERCE[err.code], err.message, err.details);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = err.validation.map((v) => ({
      field: v.instancePath.split('/').filter(Boolean).join('.') || '(body)',
      message: v.message ?? 'invalid',
    }));
    return new AgentApiError('VALIDATION_ERROR', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
  }
  // Fastify's errors carry `statusCode`; the app's shared guards (CSRF) throw an AppError with `status`.
  const status = err instanceof AppError ? err.status : (err as { statusCode?: unknown })?.statusCode;
  if (status === 429)
    return new AgentApiError(
      'RATE_LIMIT',
      'Too many requests; slow down and retry after the Retry-After delay',
    );
  if (status === 401) return new AgentApiError('UNAUTHORIZED', (err as Error).message);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AgentApiError('VALIDATION_ERROR', err instanceof Error ? err.message : 'Invalid request');
  }
  return new AgentApiError('INTERNAL_ERROR', 'Something went wrong on our side; it has been logged');
}
