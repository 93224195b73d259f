import { eq } from 'drizzle-orm';
import { trialStatus, type TrialStatus } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema/index';
import { isSubscribed, loadBillingAccount, subscriptionTrialEnd } from './plan';

/** The merchant's free trial at `now` (see trialStatus); null when the merchant does not exist. */
export async function merchantTrial(db: Db, merchantId: string, now: Date): Promise<TrialStatus | null> {
  const [merchant] = await db
    .select({ createdAt: merchants.createdAt, stripeAccountId: merchants.stripeAccountId })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const account = await loadBillingAccount(db, merchantId);
  return trialStatus({
    merchantCreatedAt: merchant.createdAt,
    stripeAccountId: merchant.stripeAccountId,
    subscribed: isSubscribed(account),
    subscriptionTrialEnd: subscriptionTrialEnd(account),
    now,
  });
}
