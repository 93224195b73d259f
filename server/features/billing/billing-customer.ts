import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts, users, type Merchant } from '../../db/schema/index';
import { loadBillingAccount } from './plan';
import type { PlatformBilling } from './platform-stripe';

/**
 * The merchant's customer on the platform's Stripe account, created once: the idempotency key is the
 * merchant's id, so two requests at once (or a retry after a lost answer) create one customer, and the
 * row is written only if none exists. Checkout needs it to subscribe; the monthly invoicing needs it to
 * bill a merchant that never subscribed.
 */
export async function ensureBillingCustomer(
  db: Db,
  billing: PlatformBilling,
  merchant: Pick<Merchant, 'id' | 'name' | 'userId'>,
): Promise<string> {
  const existing = await loadBillingAccount(db, merchant.id);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, merchant.userId));
  const customer = await billing.stripe.customers.create(
    { email: owner?.email, name: merchant.name, metadata: { merchant_id: merchant.id } },
    { idempotencyKey: `agentcart-customer-${merchant.id}` },
  );
  await db
    .insert(billingAccounts)
    .values({ merchantId: merchant.id, stripeCustomerId: customer.id })
    .onConflictDoNothing({ target: billingAccounts.merchantId });
  // A row written first without a customer (an operator's contract plan) takes this one.
  await db
    .update(billingAccounts)
    .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
    .where(and(eq(billingAccounts.merchantId, merchant.id), isNull(billingAccounts.stripeCustomerId)));
  return customer.id;
}
