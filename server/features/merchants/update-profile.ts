import { eq } from 'drizzle-orm';
import type { MerchantProfileInput } from '#common/validation/merchant-profile';
import type { Db } from '../../db/client';
import { merchants, type Merchant } from '../../db/schema/index';
import { forgetRecentKeys } from '../developers';

/**
 * Settings › General. Offers read the region (domestic shipping) and currency from the merchant row
 * that this instance remembers with the API key, so that memory is dropped at once.
 */
export async function updateMerchantProfile(
  db: Db,
  merchant: Merchant,
  input: MerchantProfileInput,
  now: Date,
) {
  const [updated] = await db
    .update(merchants)
    .set({
      name: input.name,
      region: input.region,
      defaultCurrency: input.defaultCurrency,
      ...(input.logoUrl === undefined ? {} : { logoUrl: input.logoUrl || null }),
      updatedAt: now,
    })
    .where(eq(merchants.id, merchant.id))
    .returning();
  forgetRecentKeys(db, merchant.id);
  return updated!;
}
