import type { Db } from '../../db/client';
import { merchants, type Merchant } from '../../db/schema/index';

/** Each user owns one merchant; creating it twice returns the existing row. */
export async function createMerchantForUser(db: Db, userId: string, name: string): Promise<Merchant> {
  const [created] = await db.insert(merchants).values({ userId, name }).onConflictDoNothing().returning();
  if (created) return created;
  const existing = await db.query.merchants.findFirst({ where: (m, { eq }) => eq(m.userId, userId) });
  return existing!;
}
