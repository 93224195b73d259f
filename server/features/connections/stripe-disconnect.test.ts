import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessReport } from '#common/api/readiness';
import { STRIPE_OAUTH_ERRORS } from '#common/validation/connections';
import { merchants, paymentConnections, securityEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { connectStripeThroughOAuth, dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { merchantCardAccount } from '../commerce/merchant-accounts';
import { saveConnectedStripeAccount, StripeAccountInUseError } from './payment-connections';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const deps = () => ({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });
const merchantRow = async (id: string) =>
  (await t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
const stripeConnection = async (merchantId: string) =>
  (
    await t.db
      .select()
      .from(paymentConnections)
      .where(and(eq(paymentConnections.merchantId, merchantId), eq(paymentConnections.provider, 'stripe')))
  )[0];
const disconnections = async (merchantId: string) =>
  t.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.merchantId, merchantId),
        eq(securityEvents.name, 'connections.card_provider_disconnected'),
      ),
    );
const readinessCodes = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/readiness', headers: { cookie } });
  return readinessReport.parse(res.json()).reasons.map((r) => r.code);
};

describe('DELETE /api/connections/stripe', () => {
  it('disconnects the merchant’s account: card payments need one again, past payments can still be refunded', async () => {
    const { cookie, merchantId } = await newMerchant(t, { connect: true });
    const accountId = (await merchantRow(merchantId)).stripeAccountId!;
    expect(await readinessCodes(cookie)).not.toContain('STRIPE_NOT_CONNECTED');

    const res = await dashboardRequest(t, cookie, 'DELETE', '/api/connections/stripe');
    expect(res.statusCode, res.body).toBe(204);

    const merchant = await merchantRow(merchantId);
    expect(merchant.stripeAccountId).toBe('pending_setup');
    expect(merchant.onboardingState).toMatchObject({ stripe_connected: false });
    expect(await readinessCodes(cookie)).toContain('STRIPE_NOT_CONNECTED');
    const [event] = await disconnections(merchantId);
    expect(event?.details).toMatchObject({ accountId });
    // Kept, marked disconnected: no new charge goes through it, a refund of a past payment still does.
    expect((await stripeConnection(merchantId))?.status).toBe('disconnected');
    await expect(merchantCardAccount(deps(), merchant)).rejects.toMatchObject({ code: 'not_configured' });
    await expect(merchantCardAccount(deps(), merchant, { pastPayment: true })).resolves.toBeTruthy();

    // Switching cards off and on does not bring the disconnected account back.
    await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { card: false });
    await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { card: true });
    expect((await merchantRow(merchantId)).stripeAccountId).toBe('pending_setup');

    // Nothing left to disconnect: still 204, and nothing more in the security log.
    expect((await dashboardRequest(t, cookie, 'DELETE', '/api/connections/stripe')).statusCode).toBe(204);
    expect(await disconnections(merchantId)).toHaveLength(1);
  });

  it('touches only the caller’s own account', async () => {
    const alice = await newMerchant(t, { connect: true });
    const bob = await newMerchant(t);
    expect((await dashboardRequest(t, bob.cookie, 'DELETE', '/api/connections/stripe')).statusCode).toBe(204);
    expect((await merchantRow(alice.merchantId)).stripeAccountId).toMatch(/^acct_/);
    expect((await stripeConnection(alice.merchantId))?.status).toBe('connected');
    expect(await disconnections(bob.merchantId)).toHaveLength(0);
  });

  it('lets the merchant connect a new account after disconnecting', async () => {
    const { cookie, merchantId } = await newMerchant(t, { connect: true });
    await dashboardRequest(t, cookie, 'DELETE', '/api/connections/stripe');
    const accountId = await connectStripeThroughOAuth(t, cookie);
    expect((await merchantRow(merchantId)).stripeAccountId).toBe(accountId);
    expect(await stripeConnection(merchantId)).toMatchObject({ status: 'connected', accountId });
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/connections/stripe' });
    expect(res.statusCode).toBe(401);
  });
});

describe('one Stripe account, one merchant', () => {
  it('refuses to connect an account another merchant has connected through Stripe Connect', async () => {
    const alice = await newMerchant(t, { connect: true, stripeConnect: true });
    const bob = await newMerchant(t);
    const accountId = (await merchantRow(alice.merchantId)).stripeAccountId!;
    expect(accountId).toMatch(/^acct_/);
    // What the OAuth callback does with the account Stripe names (the simulator names a new one each time).
    await expect(
      saveConnectedStripeAccount(deps(), await merchantRow(bob.merchantId), accountId),
    ).rejects.toBeInstanceOf(StripeAccountInUseError);
    expect((await merchantRow(bob.merchantId)).stripeAccountId).toBeNull();
    expect(new StripeAccountInUseError().message).toBe(STRIPE_OAUTH_ERRORS.account_in_use);

    // Once Alice disconnects it, the account is free for Bob.
    await dashboardRequest(t, alice.cookie, 'DELETE', '/api/connections/stripe');
    await saveConnectedStripeAccount(deps(), await merchantRow(bob.merchantId), accountId);
    expect((await merchantRow(bob.merchantId)).stripeAccountId).toBe(accountId);
  });
});
