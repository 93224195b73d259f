import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { requestErrors } from '../../db/schema/index';

/**
 * Notes a failure of the app's own (a 500) for the health status's recent-errors metric; never lets the
 * bookkeeping fail the request further. Nothing else counts there (ADR 036): a 4xx is the caller's
 * mistake, so anyone could move the status with them, and a 502 or 503 names a provider's or store's
 * outage, which the provider checks report and the caller is told to retry.
 */
export function recordRequestError(db: Db, request: FastifyRequest, status: number): void {
  if (status !== 500) return;
  void db
    .insert(requestErrors)
    .values({
      route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
      status,
      requestId: request.id,
    })
    .catch((err: unknown) => request.log.warn({ err }, 'could not record the request error'));
}
