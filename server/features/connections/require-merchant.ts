import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Db } from '../../db/client';
import { merchants, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/require-user';

/** The signed-in user's merchant; every connection query is scoped by its id. */
export async function requireMerchant(auth: Auth, db: Db, request: FastifyRequest): Promise<Merchant> {
  const user = await requireUser(auth, request);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.userId, user.id));
  if (!merchant) throw new AppError('not_found', CONNECTION_MESSAGES.merchantNotFound);
  return merchant;
}
