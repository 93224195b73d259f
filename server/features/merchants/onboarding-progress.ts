import { and, eq, inArray } from 'drizzle-orm';
import type { OnboardingProgressInput } from '#common/api/merchant';
import { ONBOARDING_MESSAGES } from '#common/domain/onboarding';
import type { Db } from '../../db/client';
import { merchants, orders, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { cardStateOf } from './payment-methods';

/** Orders that prove a test went through: paid and handed to the store. */
const COMPLETED_ORDER_STATUSES = ['ACCEPTED', 'FULFILLED'];

async function hasCompletedOrder(db: Db, merchantId: string): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), inArray(orders.status, COMPLETED_ORDER_STATUSES)))
    .limit(1);
  return Boolean(order);
}

/**
 * Records a finished onboarding step, checking on the server that it is true:
 * a payment method is on, a test order completed, and for completion both. Store and card-provider
 * steps are recorded by their own connection endpoints when they succeed.
 */
export async function recordOnboardingProgress(
  db: Db,
  merchant: Merchant,
  { step }: OnboardingProgressInput,
  now: Date,
): Promise<Merchant> {
  const state = { ...merchant.onboardingState };
  if (step === 'payment_methods') {
    if (cardStateOf(merchant) === 'off' && !merchant.btcEnabled)
      throw new AppError('invalid_request', ONBOARDING_MESSAGES.paymentMethodRequired);
    state.payment_methods_chosen = true;
  } else {
    if (!(await hasCompletedOrder(db, merchant.id)))
      throw new AppError('invalid_request', ONBOARDING_MESSAGES.testOrderRequired);
    state.test_order_passed = true;
    if (step === 'complete') {
      state.completed = true;
      state.completed_at = state.completed_at ?? now.toISOString();
    }
  }
  const [updated] = await db
    .update(merchants)
    .set({ onboardingState: state, updatedAt: now })
    .where(eq(merchants.id, merchant.id))
    .returning();
  return updated!;
}
