import { and, eq } from 'drizzle-orm';
import { ALL_MERCHANTS, type SecurityScopeQuery } from '#common/api/security';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Db } from '../../db/client';
import { merchants, userRoles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SignedInUser } from '../auth';
import type { MerchantScope } from './checkout-access';

export const ADMIN_ROLE = 'admin';

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whose security monitoring a request may see. Everyone sees their own merchant's; only an admin may
 * name another merchant, or ask for every merchant's at once. A merchant asking for another's is
 * refused outright rather than quietly shown its own, so a wrong picker can never pass for the right one.
 */
export async function securityScopeOf(
  db: Db,
  user: SignedInUser,
  query: SecurityScopeQuery,
): Promise<MerchantScope> {
  if (query.merchant !== undefined) {
    if (!(await isAdmin(db, user.id))) {
      throw new AppError('forbidden', "Only administrators can see other merchants' security monitoring.");
    }
    return query.merchant === ALL_MERCHANTS ? { allMerchants: true } : { merchantId: query.merchant };
  }
  const [own] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, user.id));
  if (!own) throw new AppError('not_found', CONNECTION_MESSAGES.merchantNotFound);
  return { merchantId: own.id };
}
