import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { ProviderError } from '../../integrations/http';
import { AppError } from '../../lib/app-error';
import { UnsafeUrlError } from '../../lib/url-safety';

/**
 * Turns what an adapter threw during a connection test into the error a merchant sees. Refusals keep
 * 'Connection failed: {status} {statusText}' ('Connection failed: 401 Unauthorized'); an unreachable store says so.
 */
function unsafeUrlCause(err: unknown): UnsafeUrlError | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof UnsafeUrlError) return e;
  }
  return null;
}

export function storeConnectionError(platform: string, err: unknown): AppError {
  const unsafe = unsafeUrlCause(err);
  if (unsafe) return new AppError('invalid_request', `Connection failed: ${unsafe.message}`, { cause: err });
  if (err instanceof ProviderError) {
    if (err.status && err.status >= 400 && err.kind !== 'unavailable' && err.kind !== 'malformed_response') {
      return new AppError(
        'unprocessable',
        CONNECTION_MESSAGES.connectionFailedStatus(platform, err.status, err.statusText),
        {
          cause: err,
        },
      );
    }
    const detail =
      err.kind === 'malformed_response'
        ? 'the store answered with something that is not its API'
        : err.message;
    return new AppError('unprocessable', `Connection failed: ${detail}`, { cause: err });
  }
  return new AppError('internal', CONNECTION_MESSAGES.couldNotConnect, { cause: err });
}

/** The same for payment providers ('Connection failed: ...', fallback 'Unknown error'). */
export function paymentConnectionError(err: unknown): AppError {
  if (err instanceof ProviderError) {
    const reason = err.kind === 'auth' ? 'the provider refused these credentials' : err.message;
    return new AppError(
      'unprocessable',
      `Connection failed: ${reason || CONNECTION_MESSAGES.bitcoinUnknownError}`,
      { cause: err },
    );
  }
  return new AppError('internal', `Connection failed: ${CONNECTION_MESSAGES.bitcoinUnknownError}`, {
    cause: err,
  });
}
