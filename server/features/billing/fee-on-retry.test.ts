import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPlan, transactionFeeMinor } from '#common/domain/plans';
import { billingAccounts, billingOrderCharges, checkouts, orders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';

/** Short, so an answer held back past it costs seconds here. */
const PROVIDER_TIMEOUT_MS = 2_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) } });
});
afterAll(() => t.close());

const setPlan = (merchantId: string, plan: 'growth' | 'scale') =>
  t.db
    .update(billingAccounts)
    .set({ subscriptionPlan: plan })
    .where(eq(billingAccounts.merchantId, merchantId));

it('a confirm retried after a lost answer carries the first attempt’s fee, though the plan changed, and records it once', async () => {
  const merchant = await newMerchant(t, { connect: true, stripeConnect: true, apiKey: true });
  await t.db.insert(billingAccounts).values({
    merchantId: merchant.merchantId,
    stripeSubscriptionId: 'sub_fee_retry',
    subscriptionStatus: 'active',
    subscriptionPlan: 'growth',
  });
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(t, merchant.apiKey, {
    method: 'stripe',
    shared_payment_token: token,
  });
  const checkoutId = checkout.checkout_id as string;
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const growthFee = transactionFeeMinor(row!.amountMinor, findPlan('growth'));
  expect(growthFee).not.toBe(transactionFeeMinor(row!.amountMinor, findPlan('scale')));

  // Stripe charges the card, but its answer comes after we stopped waiting: the confirm cannot tell.
  await simControl(t, 'stripe', 'slow-answers', {
    ms: PROVIDER_TIMEOUT_MS * 2,
    method: 'POST',
    path: '/v1/payment_intents',
  });
  const lost = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkoutId,
  });
  expect(lost.statusCode, lost.body).toBeGreaterThanOrEqual(500);
  expect((await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]).toMatchObject({
    status: 'PENDING',
    platformFeeMinor: growthFee,
    platformFeePlan: 'growth',
  });

  // The merchant moves to Scale before the agent confirms again.
  await setPlan(merchant.merchantId, 'scale');
  const retried = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkoutId,
  });
  expect(retried.json(), retried.body).toMatchObject({ status: 'ACCEPTED' });

  // Stripe saw one request (the retry replayed it) and took the Growth fee once.
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  const intent = (payment!.providerPayload as { raw: { id: string; application_fee_amount: number } }).raw;
  expect(intent.application_fee_amount).toBe(growthFee);
  const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  await expect
    .poll(() => t.db.select().from(billingOrderCharges).where(eq(billingOrderCharges.orderId, order!.id)), {
      timeout: 15_000,
      interval: 100,
    })
    .toEqual([
      expect.objectContaining({
        planId: 'growth',
        feeMinor: growthFee,
        feeBasisPoints: findPlan('growth').feeBasisPoints,
        feeCollection: 'application_fee',
      }),
    ]);
}, 60_000);
