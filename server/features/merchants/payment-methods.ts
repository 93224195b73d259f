import { and, eq } from 'drizzle-orm';
import type { CardState, PaymentMethodsInput } from '#common/api/merchant';
import type { Db } from '../../db/client';
import { merchants, paymentConnections, type Merchant } from '../../db/schema/index';

/** A stripe_account_id of 'pending_setup' means card payments on but no account connected yet. */
export const PENDING_SETUP = 'pending_setup';

export function cardStateOf(merchant: Pick<Merchant, 'stripeAccountId'>): CardState {
  if (!merchant.stripeAccountId) return 'off';
  return merchant.stripeAccountId === PENDING_SETUP ? 'pending_setup' : 'connected';
}

/**
 * The card and Bitcoin switches of onboarding step 1 and the readiness panel: card on sets
 * stripe_account_id to pending_setup and off sets it to null; Bitcoin sets btc_enabled. Switching cards
 * back on brings back an account the merchant connected before (its connection is kept while off), so
 * turning cards off for a day never means connecting Stripe again.
 */
export async function switchPaymentMethods(
  db: Db,
  merchant: Merchant,
  input: PaymentMethodsInput,
  now: Date,
) {
  const changes: Partial<typeof merchants.$inferInsert> = { updatedAt: now };
  if (input.card === false) changes.stripeAccountId = null;
  if (input.card === true && cardStateOf(merchant) === 'off') {
    const [saved] = await db
      .select({ accountId: paymentConnections.accountId })
      .from(paymentConnections)
      .where(
        and(
          eq(paymentConnections.merchantId, merchant.id),
          eq(paymentConnections.provider, 'stripe'),
          // A disconnected account (kept for refunds of its past payments) does not come back.
          eq(paymentConnections.status, 'connected'),
        ),
      );
    changes.stripeAccountId = saved?.accountId ?? PENDING_SETUP;
  }
  if (input.bitcoin !== undefined) changes.btcEnabled = input.bitcoin;
  const [updated] = await db.update(merchants).set(changes).where(eq(merchants.id, merchant.id)).returning();
  return updated!;
}
