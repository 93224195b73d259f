import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '#common/domain/onboarding';
import { AUTH_MESSAGES } from '#common/validation/auth';
import { LOGO_URL_MESSAGES } from '#common/validation/merchant-profile';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, merchantOf, mintSharedPaymentToken, newMerchant } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/merchant/payment-methods', () => {
  it('turns card payments on as pending_setup and off as null, and Bitcoin on and off', async () => {
    const { cookie } = await newMerchant(t);
    const on = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', {
      card: true,
      bitcoin: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().payments).toMatchObject({
      card: 'pending_setup',
      cardAccountId: null,
      bitcoin: { enabled: true },
    });
    expect((await merchantOf(t, cookie)).stripeAccountId).toBe('pending_setup');

    const off = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', {
      card: false,
      bitcoin: false,
    });
    expect(off.json().payments).toMatchObject({ card: 'off', bitcoin: { enabled: false } });
    const row = await merchantOf(t, cookie);
    expect(row.stripeAccountId).toBeNull();
    expect(row.btcEnabled).toBe(false);
  });

  it('brings back the connected account when cards are switched back on', async () => {
    const { cookie } = await newMerchant(t, { connect: true });
    const connected = (await merchantOf(t, cookie)).stripeAccountId;
    expect(connected).toMatch(/^acct_/);
    await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { card: false });
    const back = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { card: true });
    expect(back.json().payments).toMatchObject({ card: 'connected', cardAccountId: connected });
  });

  it('refuses an empty switch and a signed-out caller', async () => {
    const { cookie } = await newMerchant(t);
    const empty = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', {});
    expect(empty.statusCode).toBe(400);
    const wrong = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { card: 'yes' });
    expect(wrong.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/merchant/payment-methods',
      payload: { card: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/onboarding/progress', () => {
  it('needs a payment method before step 1 is done', async () => {
    const { cookie } = await newMerchant(t);
    const none = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', {
      step: 'payment_methods',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(ONBOARDING_MESSAGES.paymentMethodRequired);

    await dashboardRequest(t, cookie, 'PUT', '/api/merchant/payment-methods', { bitcoin: true });
    const done = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', {
      step: 'payment_methods',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().onboardingState.payment_methods_chosen).toBe(true);
  });

  it('finishes only after a test order completed, and records when', async () => {
    const { cookie } = await newMerchant(t, { connect: true });
    const early = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', { step: 'complete' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(ONBOARDING_MESSAGES.testOrderRequired);

    const test = await dashboardRequest(t, cookie, 'POST', '/api/agent-tests/acp-flow', {
      payment_method: 'stripe',
      test_spt: await mintSharedPaymentToken(t, 10_000),
    });
    expect(test.json().status, test.body).toBe('ACCEPTED');
    const passed = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', {
      step: 'test_order',
    });
    expect(passed.json().onboardingState.test_order_passed).toBe(true);
    const complete = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', {
      step: 'complete',
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json().onboardingState).toMatchObject({
      completed: true,
      completed_at: expect.any(String),
    });
  });

  it('counts only the caller’s own orders', async () => {
    const other = await newMerchant(t, { connect: true });
    await dashboardRequest(t, other.cookie, 'POST', '/api/agent-tests/acp-flow', {
      payment_method: 'stripe',
      test_spt: await mintSharedPaymentToken(t, 10_000),
    });
    const { cookie } = await newMerchant(t);
    const res = await dashboardRequest(t, cookie, 'POST', '/api/onboarding/progress', { step: 'test_order' });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/merchant/profile', () => {
  it('saves the name, region and currency', async () => {
    const { cookie } = await newMerchant(t);
    const res = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/profile', {
      name: '  Harbour Goods  ',
      region: 'US',
      defaultCurrency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Harbour Goods', region: 'US', defaultCurrency: 'USD' });
    const row = await merchantOf(t, cookie);
    expect(row).toMatchObject({ name: 'Harbour Goods', region: 'US', defaultCurrency: 'USD' });
  });

  it('saves the shop logo as an https:// address, keeps it when not sent, and clears it when empty', async () => {
    const { cookie } = await newMerchant(t);
    const profile = { name: 'Harbour Goods', region: 'UK', defaultCurrency: 'GBP' };
    const put = (body: Record<string, unknown>) =>
      dashboardRequest(t, cookie, 'PUT', '/api/merchant/profile', body);
    const saved = await put({ ...profile, logoUrl: ' https://cdn.example/logo.png ' });
    expect(saved.json().logoUrl).toBe('https://cdn.example/logo.png');
    expect((await put(profile)).json().logoUrl).toBe('https://cdn.example/logo.png');
    for (const [logoUrl, message] of [
      ['http://cdn.example/logo.png', LOGO_URL_MESSAGES.https],
      ['https://', LOGO_URL_MESSAGES.invalid],
      [`https://cdn.example/${'a'.repeat(2048)}`, LOGO_URL_MESSAGES.tooLong],
    ] as const) {
      const bad = await put({ ...profile, logoUrl });
      expect(bad.statusCode, logoUrl).toBe(400);
      expect(bad.json().error.fieldErrors).toEqual({ logoUrl: message });
    }
    expect((await merchantOf(t, cookie)).logoUrl).toBe('https://cdn.example/logo.png');
    expect((await put({ ...profile, logoUrl: '' })).json().logoUrl).toBeNull();
  });

  it('names what is wrong with a bad name, region or currency, and answers 401 when signed out', async () => {
    const { cookie } = await newMerchant(t);
    const bad = await dashboardRequest(t, cookie, 'PUT', '/api/merchant/profile', {
      name: '<script>x</script>',
      region: 'MARS',
      defaultCurrency: 'JPY',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({
      name: AUTH_MESSAGES.businessNameProhibited,
      region: 'Choose a region',
      defaultCurrency: 'Choose a currency',
    });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/merchant/profile',
      payload: { name: 'X Shop', region: 'UK', defaultCurrency: 'GBP' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You must be signed in.');
  });
});
