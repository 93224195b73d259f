import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEST_MESSAGES } from '#common/api/agent-tests';
import { createLiveTestApp, createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';

let t: TestApp;
let a: TestMerchant;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  a = await newMerchant(t, { connect: true });
});
afterAll(() => t.close());

const mintToken = (merchant: TestMerchant, body: object) =>
  dashboardRequest(t, merchant.cookie, 'POST', '/api/agent-tests/test-token', body);
const acpFlow = (merchant: TestMerchant, body: object) =>
  dashboardRequest(t, merchant.cookie, 'POST', '/api/agent-tests/acp-flow', body);

/** Asks the Stripe simulator, as `account` would (its key, or the platform's acting on it), for a token. */
async function stripeCanSee(token: string, via: { secretKey: string; stripeAccount?: string }) {
  const res = await fetch(
    `${t.simulators!.simulators.stripe.baseUrl}/v1/shared_payment/granted_tokens/${token}`,
    {
      headers: {
        authorization: `Bearer ${via.secretKey}`,
        ...(via.stripeAccount ? { 'stripe-account': via.stripeAccount } : {}),
      },
    },
  );
  return res.status === 200;
}

describe('minting a test token in the sandbox', () => {
  it('mints an spt_ token for the amount asked, which pays a card test', async () => {
    const res = await mintToken(a, { amount: 29.99, currency: 'gbp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      token: expect.stringMatching(/^spt_/),
      max_amount: 2999,
      currency: 'GBP',
      card: 'visa',
    });
    const flow = await acpFlow(a, { payment_method: 'stripe', test_spt: res.json().token });
    expect(flow.json()).toMatchObject({ status: 'ACCEPTED', amount: 2398 });
  });

  it('mints a declining card on request, whose decline the card test reports', async () => {
    for (const card of ['declined', 'insufficient_funds']) {
      const { token } = (await mintToken(a, { amount: 29.99, currency: 'GBP', card })).json();
      const flow = await acpFlow(a, { payment_method: 'stripe', test_spt: token });
      expect(flow.json()).toMatchObject({ status: 'DECLINED', step: 'confirm', error: expect.any(String) });
    }
  });

  it("is scoped to the merchant's own Stripe account", async () => {
    const sandboxKey = t.simulators!.credentials.stripe.secretKey!;
    const own = (await mintToken(a, { amount: 10, currency: 'GBP' })).json().token;
    expect(await stripeCanSee(own, { secretKey: sandboxKey })).toBe(true);

    // A merchant on a connected account of the platform: only that account may see or redeem its tokens.
    const connected = await newMerchant(t);
    const account = await dashboardRequest(
      t,
      connected.cookie,
      'POST',
      '/api/connections/stripe/connected-account',
    );
    const accountId = account.json().accountId as string;
    const theirs = (await mintToken(connected, { amount: 10, currency: 'GBP' })).json().token;
    const platformKey = t.runtime.stripePlatform!.secretKey;
    expect(await stripeCanSee(theirs, { secretKey: platformKey, stripeAccount: accountId })).toBe(true);
    expect(await stripeCanSee(theirs, { secretKey: sandboxKey })).toBe(false);
  });

  it('asks a merchant without Stripe to connect it first', async () => {
    const bare = await newMerchant(t);
    const res = await mintToken(bare, { amount: 29.99, currency: 'GBP' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AGENT_TEST_MESSAGES.testTokenNoStripe);
  });

  it('names what is malformed', async () => {
    const fieldErrors = async (body: object) => {
      const res = await mintToken(a, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fieldErrors as Record<string, string>;
    };
    expect(await fieldErrors({ currency: 'GBP' })).toEqual({ amount: AGENT_TEST_MESSAGES.testTokenAmount });
    expect(await fieldErrors({ amount: -1, currency: 'GBP' })).toEqual({
      amount: AGENT_TEST_MESSAGES.testTokenAmount,
    });
    expect(await fieldErrors({ amount: 1.005, currency: 'GBP' })).toEqual({
      amount: AGENT_TEST_MESSAGES.amountDecimals,
    });
    expect(await fieldErrors({ amount: 5, currency: 'POUNDS' })).toEqual({
      currency: AGENT_TEST_MESSAGES.currency,
    });
    expect(Object.keys(await fieldErrors({ amount: 5, currency: 'GBP', card: 'amex' }))).toEqual(['card']);
  });

  it('needs a signed-in merchant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agent-tests/test-token',
      headers: { 'content-type': 'application/json' },
      payload: { amount: 1, currency: 'GBP' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('live mode', () => {
  it('refuses to mint test tokens, saying why', async () => {
    const live = await createLiveTestApp({ jobs: false });
    try {
      const merchant = await newMerchant(live);
      const res = await dashboardRequest(live, merchant.cookie, 'POST', '/api/agent-tests/test-token', {
        amount: 29.99,
        currency: 'GBP',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(AGENT_TEST_MESSAGES.testTokenSandboxOnly);
    } finally {
      await live.close();
    }
  });
});
