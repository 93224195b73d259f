import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Db } from '../../db/client';
import { merchants, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Auth } from './auth';
import { requireUser } from './require-user';

/** The signed-in user's merchant; every merchant-scoped query is scoped by its id. */
export async function requireMerchant(auth: Auth, db: Db, request: FastifyRequest): Promise<Merchant> {
  const user = await requireUser(auth, request);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.userId, user.id));
  if (!merchant) throw new AppError('not_found', CONNECTION_MESSAGES.merchantNotFound);
  return merchant;
}

/**
 * Makes every route of `scope` require a signed-in merchant before anything else about the request is
 * looked at (so an unauthenticated request is told 401, whatever it sent); returns each request's merchant.
 */
export function requireMerchantForScope(
  scope: FastifyInstance,
  auth: Auth,
  db: Db,
): (request: FastifyRequest) => Merchant {
  const merchantByRequest = new WeakMap<FastifyRequest, Merchant>();
  scope.addHook('onRequest', async (request) => {
    merchantByRequest.set(request, await requireMerchant(auth, db, request));
  });
  return (request) => merchantByRequest.get(request)!;
}
