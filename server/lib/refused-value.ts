import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { AppError } from './app-error';

/**
 * SQLSTATE class 22, "data exception": the database refused a value as malformed (text that is not a
 * UUID for a uuid column, a number out of range, text too long for its column), as opposed to failing.
 */
const DATA_EXCEPTION_CLASS = '22';

function databaseRefusal(err: unknown): pg.DatabaseError | null {
  for (let cause = err; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof pg.DatabaseError && cause.code?.startsWith(DATA_EXCEPTION_CLASS)) return cause;
  }
  return null;
}

/**
 * The 400 a request should have had when a value from it reached the database unvalidated and was
 * refused there, or null for any other error. Every surface's error handler asks this first, so a
 * missed validation still answers the caller's mistake as theirs rather than as a failure of ours (a
 * 500 would count against the health status, ADR 036); the warning says which route to fix.
 */
export function refusedValueAs400(request: FastifyRequest, err: unknown): AppError | null {
  const refusal = databaseRefusal(err);
  if (!refusal) return null;
  request.log.warn(
    { err, route: request.routeOptions.url },
    'the database refused a value from the request: the route should validate it',
  );
  return new AppError('invalid_request', 'A value in the request is not in a form we accept.', {
    cause: err,
  });
}
