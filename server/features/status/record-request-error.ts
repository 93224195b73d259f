import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { requestErrors } from '../../db/schema/index';

/** Notes a 5xx for the recent-errors metric; never lets the bookkeeping fail the request further. */
export function recordRequestError(db: Db, request: FastifyRequest, status: number): void {
  void db
    .insert(requestErrors)
    .values({
      route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
      status,
      requestId: request.id,
    })
    .catch((err: unknown) => request.log.warn({ err }, 'could not record the request error'));
}
