import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator-kit';
import { createStripeSimulator, STRIPE_SANDBOX_ACCOUNT_ID, STRIPE_SANDBOX_SECRET_KEY } from './simulator';

let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator('stripe', createStripeSimulator({ deliver: () => undefined }).app);
});
afterAll(() => running.close());

function sdk() {
  const url = new URL(running.baseUrl);
  return new Stripe(STRIPE_SANDBOX_SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

const page = (account: string) => fetch(`${running.baseUrl}/__sim/accounts/${account}`);

describe('GET /__sim/accounts/:account, the simulator dashboard of one account', () => {
  it('says so when the account has no payments yet', async () => {
    const res = await page(STRIPE_SANDBOX_ACCOUNT_ID);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('No payments yet.');
    expect(html).toContain('No refunds yet.');
  });

  it("lists the account's payments and refunds, with amounts a person reads", async () => {
    const intent = await sdk().paymentIntents.create({
      amount: 1250,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    await sdk().refunds.create({ payment_intent: intent.id, amount: 500 });
    const html = await (await page(STRIPE_SANDBOX_ACCOUNT_ID)).text();
    expect(html).toContain('£12.50');
    expect(html).toContain('£5.00');
    expect(html).toContain('succeeded');
    expect(html).not.toContain('No payments yet.');
  });

  it('answers 404 for an account the simulator does not hold', async () => {
    const res = await page('acct_1NotHeldHere');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Account not found');
  });
});
