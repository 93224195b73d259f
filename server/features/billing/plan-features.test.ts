import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, PLAN_ORDER, planIncludes, type PlanFeature, type PlanId } from '#common/domain/plans';
import { billingAccounts, merchants } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

/** A merchant whose free trial is over, so only its plan decides. */
async function pastTrial(): Promise<TestMerchant> {
  const m = await newMerchant(t);
  await t.db
    .update(merchants)
    .set({ createdAt: new Date(Date.now() - 20 * DAY_MS) })
    .where(eq(merchants.id, m.merchantId));
  return m;
}

const switchPlan = (m: TestMerchant, plan: PlanId | null) =>
  dashboardRequest(t, m.cookie, 'POST', '/api/billing/sandbox-plan', { plan });

/** One request that uses each feature the pricing page lists for a plan. */
const USE: Record<PlanFeature, (m: TestMerchant) => ReturnType<typeof dashboardRequest>> = {
  application_bundle: (m) =>
    dashboardRequest(t, m.cookie, 'POST', '/api/agent-application/bundle', {
      productUrls: 'https://shop.example/p/1',
      regions: 'UK',
      currencies: 'GBP',
      fulfilment: 'Own fulfilment',
    }),
  merchant_webhooks: (m) => dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/secret'),
  agent_request_signing: (m) =>
    dashboardRequest(t, m.cookie, 'POST', '/api/acp/agent-settings/signing-secret'),
  ip_allowlist: (m) =>
    dashboardRequest(t, m.cookie, 'PUT', '/api/account/security', { ipAllowlist: ['127.0.0.1'] }),
};

const refusal = (res: Awaited<ReturnType<typeof dashboardRequest>>) =>
  res.statusCode === 403 && res.json().error.code === 'plan_upgrade_required' ? res.json().error : null;

describe('plan features', () => {
  it.each(PLAN_ORDER)(
    'on %s: refuses what the pricing page lists for a higher plan, naming it, and allows the rest',
    async (plan) => {
      const m = await pastTrial();
      expect((await switchPlan(m, plan)).statusCode).toBe(200);
      for (const feature of Object.keys(USE) as PlanFeature[]) {
        const refused = refusal(await USE[feature](m));
        if (planIncludes(plan, feature)) expect(refused, feature).toBeNull();
        else expect(refused, feature).toMatchObject({ requiredPlan: PLAN_FEATURES[feature].plan });
      }
    },
  );

  it('names the plan and the feature in the refusal', async () => {
    const m = await pastTrial();
    const res = await USE.merchant_webhooks(m);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'plan_upgrade_required',
      requiredPlan: 'growth',
      message: 'Order webhooks and delivery log is part of the Growth plan. Upgrade to Growth to use it.',
    });
  });

  it('does not refuse on Starter what the pricing page lists for every plan: the agent API key', async () => {
    const m = await pastTrial();
    const res = await dashboardRequest(t, m.cookie, 'POST', '/api/developers/api-key');
    expect(res.statusCode).toBe(200);
  });

  it('follows the subscription: a Growth subscription has webhooks, not request signing', async () => {
    const m = await pastTrial();
    await t.db.insert(billingAccounts).values({
      merchantId: m.merchantId,
      stripeSubscriptionId: 'sub_growth',
      subscriptionStatus: 'active',
      subscriptionPlan: 'growth',
    });
    expect(refusal(await USE.merchant_webhooks(m))).toBeNull();
    expect(refusal(await USE.agent_request_signing(m))).toMatchObject({ requiredPlan: 'scale' });
  });

  it('gives a merchant in its free trial the top self-serve plan (Scale), not Enterprise', async () => {
    const m = await newMerchant(t);
    for (const feature of ['application_bundle', 'merchant_webhooks', 'agent_request_signing'] as const) {
      expect(refusal(await USE[feature](m)), feature).toBeNull();
    }
    expect(refusal(await USE.ip_allowlist(m))).toMatchObject({ requiredPlan: 'enterprise' });
    const summary = (await dashboardRequest(t, m.cookie, 'GET', '/api/billing/summary')).json();
    expect(summary).toMatchObject({ plan: 'starter', feature_plan: 'scale', sandbox_plan: null });
  });
});

describe('the sandbox plan switch', () => {
  it('switches to any plan, Enterprise included, and back to the subscription and trial', async () => {
    const m = await newMerchant(t);
    const enterprise = await switchPlan(m, 'enterprise');
    expect(enterprise.json()).toMatchObject({
      plan: 'enterprise',
      feature_plan: 'enterprise',
      sandbox_plan: 'enterprise',
    });
    const security = (await dashboardRequest(t, m.cookie, 'GET', '/api/account/security')).json();
    expect(security.ipAllowlist.available).toBe(true);
    // Starter in the sandbox is Starter, trial or not: the merchant sees what Starter refuses.
    expect((await switchPlan(m, 'starter')).json()).toMatchObject({ feature_plan: 'starter' });
    expect(refusal(await USE.merchant_webhooks(m))).toMatchObject({ requiredPlan: 'growth' });
    expect((await switchPlan(m, null)).json()).toMatchObject({ feature_plan: 'scale', sandbox_plan: null });
  });

  it('refuses an unknown plan and a signed-out caller', async () => {
    const m = await newMerchant(t);
    expect((await switchPlan(m, 'gold' as PlanId)).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/sandbox-plan',
      payload: { plan: null },
    });
    expect(res.statusCode).toBe(401);
  });
});
