import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { expectProviderError, expectListing, fixtureFrom } from '../../contract-kit';
import { ProviderError } from '../../http';
import { startSimulator } from '#sandbox/simulator-kit';
import { describeCardContract } from '../contract';
import { stripeConnect } from './connect';
import { stripeCredentials } from './credentials';
import { canonicalForm, parseStripeForm } from '#sandbox/payments/stripe/simulator-form';
import { stripe } from './index';
import {
  STRIPE_PAYMENT_INTENT_STATUSES,
  STRIPE_REFUND_STATUSES,
  mapPaymentIntentStatus,
  mapRefundStatus,
} from './mapping';
import { SPT_ERROR_CODES } from '#sandbox/payments/stripe/simulator-tokens';
import {
  createStripeSimulator,
  STRIPE_SANDBOX_ACCOUNT_ID,
  STRIPE_SANDBOX_CLIENT_ID,
  STRIPE_SANDBOX_PLATFORM_SECRET_KEY,
  STRIPE_SANDBOX_SECRET_KEY,
  STRIPE_SANDBOX_WEBHOOK_SECRET,
} from '#sandbox/payments/stripe/simulator';
import { stripeSignatureHeader } from './webhook';
import { sdkError, simulatorFixture } from './stripe-test-kit';
import { stripeClient } from './api';
import { planPriceIds } from '#sandbox/payments/stripe/simulator-seed';

const BAD_KEY = `sk_test_${'x'.repeat(24)}`;

describeCardContract({
  provider: stripe,
  async start() {
    const running = await startSimulator('stripe', createStripeSimulator().app);
    return {
      ...fixtureFrom(running, { secretKey: STRIPE_SANDBOX_SECRET_KEY }, { secretKey: BAD_KEY }),
      signingSecret: STRIPE_SANDBOX_WEBHOOK_SECRET,
    };
  },
  async mintToken(fx, { currency, maxAmountMinor, decline }) {
    const token = (await fx.control('granted_tokens', { currency, max_amount: maxAmountMinor, decline })) as {
      id: string;
    };
    return token.id;
  },
  async webhookFor(fx, paymentId, opts) {
    return (await fx.control(`payment_intents/${paymentId}/webhook`, opts ?? {})) as {
      headers: Record<string, string>;
      rawBody: string;
    };
  },
});

describe('stripe status mapping', () => {
  it('maps every PaymentIntent status and treats unknown ones as pending', () => {
    expect(
      Object.fromEntries(STRIPE_PAYMENT_INTENT_STATUSES.map((s) => [s, mapPaymentIntentStatus(s)])),
    ).toEqual({
      requires_payment_method: 'pending',
      requires_confirmation: 'pending',
      requires_action: 'requires_action',
      processing: 'processing',
      requires_capture: 'processing',
      succeeded: 'succeeded',
      canceled: 'canceled',
    });
    expect(mapPaymentIntentStatus('something_new')).toBe('pending');
  });

  it('maps every refund status, and a refund Stripe has not processed yet is pending', () => {
    expect(Object.fromEntries(STRIPE_REFUND_STATUSES.map((s) => [s, mapRefundStatus(s)]))).toEqual({
      pending: 'pending',
      requires_action: 'requires_action',
      succeeded: 'succeeded',
      failed: 'failed',
      canceled: 'canceled',
    });
    expect(mapRefundStatus(null)).toBe('pending');
    expect(mapRefundStatus('something_new')).toBe('pending');
  });
});

describe('stripe credentials', () => {
  const issue = (input: unknown) => stripeCredentials.safeParse(input).error?.issues[0]?.message;

  it('asks for a secret key, and only an sk_ one', () => {
    expect(issue({})).toBe('Please enter your Stripe secret key');
    expect(issue({ secretKey: '  ' })).toBe('Please enter your Stripe secret key');
    expect(issue({ secretKey: 'pk_test_123' })).toBe(
      'Invalid Stripe secret key format (must start with sk_)',
    );
  });

  it('treats empty optional fields as not set and checks the ones given', () => {
    expect(stripeCredentials.parse({ secretKey: 'sk_test_1', publishableKey: '', accountId: '' })).toEqual({
      secretKey: 'sk_test_1',
    });
    expect(issue({ secretKey: 'sk_test_1', accountId: 'acc_1' })).toMatch(/must start with acct_/);
    expect(issue({ secretKey: 'sk_test_1', publishableKey: 'pk_live_1' })).toMatch(/both be test keys/);
  });
});

describe('stripe form bodies', () => {
  it('reads bracket nesting and indexed arrays the way stripe-node writes them', () => {
    const body =
      'amount=2999&metadata[order]=chk_1&payment_method_types[0]=card&expand[]=a&expand[]=b&usage_limits[max_amount]=5';
    expect(parseStripeForm(body)).toEqual({
      amount: '2999',
      metadata: { order: 'chk_1' },
      payment_method_types: ['card'],
      expand: ['a', 'b'],
      usage_limits: { max_amount: '5' },
    });
    expect(canonicalForm(parseStripeForm('b=1&a[y]=2&a[x]=3'))).toBe(
      canonicalForm(parseStripeForm('a[x]=3&a[y]=2&b=1')),
    );
  });

  it('never lets a parameter named __proto__ reach a prototype (qs drops it)', () => {
    const parsed = parseStripeForm('metadata[__proto__][polluted]=yes&metadata[order]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.metadata).toEqual({ order: '1' });
  });

  it('refuses a parameter sent both as a value and as an object', () => {
    expect(() => parseStripeForm('metadata=x&metadata[a]=y')).toThrow(/metadata/);
  });
});

describe('stripe simulator: the API as the official SDK sees it', () => {
  const fx = simulatorFixture();

  it('refuses an unknown key with Stripe’s 401 body, and names unknown routes', async () => {
    const res = await fetch(`${fx.baseUrl}/v1/payment_intents/pi_1`, {
      headers: { authorization: `Bearer ${BAD_KEY}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    expect(await res.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****xxxx' },
    });
    const basic = Buffer.from(`${STRIPE_SANDBOX_SECRET_KEY}:`).toString('base64');
    const unknown = await fetch(`${fx.baseUrl}/v1/foo`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toMatch(/^Unrecognized request URL \(POST: \/v1\/foo\)/);
  });

  it('reports the account behind a key', async () => {
    const result = await stripe.verifyCredentials(fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY }));
    expect(result).toEqual({ accountLabel: 'Sandbox Outfitters', accountId: STRIPE_SANDBOX_ACCOUNT_ID });
  });

  it('replays an idempotent create and refuses the same key with other parameters', async () => {
    const sdk = fx.sdk();
    const params = { amount: 1500, currency: 'gbp', allowed_payment_method_types: ['card'] };
    const first = await sdk.paymentIntents.create(params, { idempotencyKey: 'order-42' });
    const again = await sdk.paymentIntents.create(params, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const err = await sdkError(
      sdk.paymentIntents.create({ ...params, amount: 1600 }, { idempotencyKey: 'order-42' }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.message).toBe(
      "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'order-42' if you meant to execute a different request.",
    );
    // The same key under another account is a different request.
    const platform = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    const elsewhere = await platform.paymentIntents.create(
      { ...params, amount: 1600 },
      { idempotencyKey: 'order-42' },
    );
    expect(elsewhere.id).not.toBe(first.id);
  });

  it('replays a decline rather than charging again', async () => {
    const sdk = fx.sdk();
    const token = await fx.token({ currency: 'gbp', max_amount: 5000, decline: true });
    const create = () =>
      sdk.rawRequest(
        'POST',
        '/v1/payment_intents',
        {
          amount: 2000,
          currency: 'gbp',
          confirm: true,
          allowed_payment_method_types: ['card'],
          payment_method_data: { shared_payment_granted_token: token },
        },
        { idempotencyKey: 'decline-1' },
      );
    const first = await sdkError(create());
    const second = await sdkError(create());
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(first).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const intent = first.payment_intent!;
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect(second.payment_intent!.id).toBe(intent.id);
    expect(second.headers?.['idempotent-replayed']).toBe('true');
    const payment = await stripe.getPayment(fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY }), intent.id);
    expect(payment).toMatchObject({ status: 'pending', failureMessage: 'Your card was declined.' });
  });

  it('accepts all three spellings of the token parameter', async () => {
    const sdk = fx.sdk();
    for (const field of ['payment_method_data', 'shared_payment_granted_token', 'shared_payment_token']) {
      const token = await fx.token({ currency: 'gbp', max_amount: 1000 });
      const body =
        field === 'payment_method_data'
          ? { payment_method_data: { shared_payment_granted_token: token } }
          : { [field]: token };
      const intent = (await sdk.rawRequest('POST', '/v1/payment_intents', {
        amount: 1000,
        currency: 'gbp',
        confirm: true,
        allowed_payment_method_types: ['card'],
        ...body,
      })) as unknown as Stripe.PaymentIntent;
      expect(intent.status, field).toBe('succeeded');
    }
  });

  it('mints tokens with the test helper and shows the seller what is left', async () => {
    const sdk = fx.sdk();
    const token = (await sdk.rawRequest('POST', '/v1/test_helpers/shared_payment/granted_tokens', {
      payment_method: 'pm_card_visa',
      usage_limits: { currency: 'gbp', max_amount: 1000 },
    })) as unknown as { id: string };
    expect(token.id).toMatch(/^spt_[0-9A-Za-z]{24}$/);
    const ctx = fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY });
    const charge = (amountMinor: number) =>
      stripe.chargeSharedPaymentToken(ctx, {
        token: token.id,
        amountMinor,
        currency: 'GBP',
        idempotencyKey: crypto.randomUUID(),
      });
    await charge(600);
    const over = await expectProviderError(charge(600));
    expect(over).toMatchObject({ kind: 'invalid_request', providerCode: SPT_ERROR_CODES.overLimit });
    await charge(400);
    const used = (await sdk.rawRequest(
      'GET',
      `/v1/shared_payment/granted_tokens/${token.id}`,
      {},
    )) as unknown as {
      usage_details: { amount_captured: { value: number } };
      deactivated_reason: string | null;
    };
    expect(used).toMatchObject({
      usage_details: { amount_captured: { value: 1000 } },
      deactivated_reason: 'consumed',
    });
    expect((await expectProviderError(charge(100))).providerCode).toBe(SPT_ERROR_CODES.deactivated);
  });

  it('refuses a token in another currency, a revoked one and an unknown one', async () => {
    const ctx = fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY });
    const charge = (token: string) =>
      stripe.chargeSharedPaymentToken(ctx, {
        token,
        amountMinor: 500,
        currency: 'GBP',
        idempotencyKey: crypto.randomUUID(),
      });
    const euro = await fx.token({ currency: 'eur', max_amount: 5000 });
    expect(await expectProviderError(charge(euro))).toMatchObject({
      kind: 'invalid_request',
      providerCode: SPT_ERROR_CODES.currencyMismatch,
    });
    const revoked = await fx.token({ currency: 'gbp', max_amount: 5000 });
    await fx.sdk().rawRequest('POST', `/v1/test_helpers/shared_payment/granted_tokens/${revoked}/revoke`, {});
    expect((await expectProviderError(charge(revoked))).providerCode).toBe(SPT_ERROR_CODES.deactivated);
    // A bad reference inside a charge is the caller's mistake, not a missing payment.
    expect(await expectProviderError(charge('spt_doesnotexist'))).toMatchObject({
      kind: 'invalid_request',
      providerCode: 'resource_missing',
    });
  });

  it('refuses a token once it has expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    const token = await fx.token({ currency: 'gbp', max_amount: 5000, expires_at: expiresAt });
    const ctx = fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY });
    const charge = () =>
      stripe.chargeSharedPaymentToken(ctx, {
        token,
        amountMinor: 500,
        currency: 'GBP',
        idempotencyKey: crypto.randomUUID(),
      });
    expect((await charge()).status).toBe('succeeded');
    fx.advanceClock(120_000);
    expect(await expectProviderError(charge())).toMatchObject({
      kind: 'invalid_request',
      providerCode: SPT_ERROR_CODES.expired,
    });
  });

  it('mints a token for each declining fixture and refuses a fixture it does not know', async () => {
    const sdk = fx.sdk();
    const pay = async (paymentMethod: string) => {
      const token = await fx.token({ currency: 'gbp', max_amount: 5000, payment_method: paymentMethod });
      return sdkError(
        sdk.rawRequest('POST', '/v1/payment_intents', {
          amount: 2000,
          currency: 'gbp',
          confirm: true,
          allowed_payment_method_types: ['card'],
          payment_method_data: { shared_payment_granted_token: token },
        }),
      );
    };
    expect(await pay('pm_card_chargeDeclinedExpiredCard')).toMatchObject({
      code: 'card_declined',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(await pay('pm_card_chargeDeclinedInsufficientFunds')).toMatchObject({
      decline_code: 'insufficient_funds',
    });
    // A misspelt fixture or field is refused, never quietly turned into a good card.
    await expect(
      fx.token({ currency: 'gbp', max_amount: 5000, payment_method: 'pm_card_nope' }),
    ).rejects.toThrow(/400 .*No test payment method pm_card_nope/);
    await expect(fx.token({ currency: 'gbp', max_amount: 5000, declined: true })).rejects.toThrow(
      /400 .*Unknown field declined/,
    );
  });

  it('takes 3-D Secure through requires_action to succeeded', async () => {
    const token = await fx.token({
      currency: 'gbp',
      max_amount: 5000,
      payment_method: 'pm_card_authenticationRequired',
    });
    const ctx = fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY });
    const payment = await stripe.chargeSharedPaymentToken(ctx, {
      token,
      amountMinor: 2500,
      currency: 'GBP',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(payment.status).toBe('requires_action');
    await fx.control(`payment_intents/${payment.id}/authenticate`);
    expect((await stripe.getPayment(ctx, payment.id)).status).toBe('succeeded');
  });

  it('holds with manual capture, and cancels or refunds through the adapter', async () => {
    const sdk = fx.sdk();
    const held = await sdk.paymentIntents.create({
      amount: 4000,
      currency: 'gbp',
      confirm: true,
      capture_method: 'manual',
      payment_method: 'pm_card_visa',
      allowed_payment_method_types: ['card'],
    });
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 4000 });
    const ctx = fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY });
    expect((await stripe.getPayment(ctx, held.id)).status).toBe('processing');
    expect((await stripe.cancelPayment(ctx, held.id)).status).toBe('canceled');
    expect(await expectProviderError(stripe.cancelPayment(ctx, held.id))).toMatchObject({
      kind: 'invalid_request',
      providerCode: 'payment_intent_unexpected_state',
    });

    const paid = await sdk.paymentIntents.create({
      amount: 3000,
      currency: 'gbp',
      confirm: true,
      payment_method: 'pm_card_visa',
      allowed_payment_method_types: ['card'],
    });
    const part = await stripe.refundPayment(ctx, {
      paymentId: paid.id,
      amountMinor: 1000,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(part).toMatchObject({ status: 'succeeded', amountMinor: 1000 });
    const tooMuch = await expectProviderError(
      stripe.refundPayment(ctx, {
        paymentId: paid.id,
        amountMinor: 2500,
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(tooMuch).toMatchObject({ kind: 'invalid_request', providerCode: 'amount_too_large' });
  });

  it('asks for a return_url when redirect-based methods are allowed, as Stripe does', async () => {
    const err = await sdkError(
      fx.sdk().paymentIntents.create({
        amount: 1000,
        currency: 'gbp',
        confirm: true,
        payment_method: 'pm_card_visa',
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.message).toMatch(/you must provide a `return_url`/);
  });

  it('refuses parameters it does not know', async () => {
    const err = await sdkError(
      fx.sdk().paymentIntents.create({
        amount: 1000,
        currency: 'gbp',
        amuont: 5,
      } as Stripe.PaymentIntentCreateParams),
    );
    expect(err).toMatchObject({ code: 'parameter_unknown', param: 'amuont' });
  });
});

describe('stripe simulator: Connect', () => {
  const fx = simulatorFixture();
  const platformCtx = () =>
    fx.ctx({ secretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY, clientId: STRIPE_SANDBOX_CLIENT_ID });

  /** Submits the simulator page's form with one button, as a browser would. */
  async function submit(pageUrl: string, extra: Record<string, string> = {}) {
    const html = await (await fetch(pageUrl)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeTruthy();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&#38;/g, '&'),
      ]),
    );
    return fetch(new URL(action!, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...extra }).toString(),
      redirect: 'manual',
    });
  }

  it('onboards an Express account through a single-use account link', async () => {
    const sdk = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    const account = await sdk.accounts.create({
      type: 'express',
      email: 'shop@example.com',
      country: 'GB',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    expect(account).toMatchObject({ charges_enabled: false, details_submitted: false });
    const link = await sdk.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'https://app.example/refresh',
      return_url: 'https://app.example/return',
    });
    expect(link.url).toMatch(new RegExp(`^${fx.baseUrl}/setup/c/${account.id}/`));
    expect(link.expires_at - link.created).toBe(300);
    const done = await submit(link.url, { business_name: 'Ridge Supplies' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('https://app.example/return');
    expect(await sdk.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      business_profile: { name: 'Ridge Supplies' },
    });
    const revisit = await fetch(link.url, { redirect: 'manual' });
    expect(revisit.headers.get('location')).toBe('https://app.example/refresh');
  });

  it('sends an expired link to refresh_url', async () => {
    const platform = platformCtx();
    const accountId = await stripeConnect.createExpressAccount(platform, {
      email: 'a@b.test',
      country: 'gb',
      businessName: 'Late Ltd',
    });
    const link = await stripeConnect.createAccountLink(platform, {
      accountId,
      refreshUrl: 'https://app.example/refresh',
      returnUrl: 'https://app.example/return',
    });
    fx.advanceClock(301_000);
    const visit = await fetch(link.url, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe('https://app.example/refresh');
    expect(await stripeConnect.getAccountStatus(platform, accountId)).toEqual({
      chargesEnabled: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
  });

  it('connects an existing account through OAuth, and refuses a code twice', async () => {
    const url = stripeConnect.authorizeUrl({
      connectBaseUrl: fx.baseUrl,
      clientId: STRIPE_SANDBOX_CLIENT_ID,
      state: 'csrf-123',
      redirectUri: 'https://app.example/oauth/callback',
      prefill: { businessName: 'Harbour Bikes' },
    });
    const back = await submit(url, { decision: 'allow' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://app.example/oauth/callback');
    expect(location.searchParams.get('state')).toBe('csrf-123');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^ac_/);
    const sdk = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    const token = await sdk.oauth.token({ grant_type: 'authorization_code', code });
    expect(token).toMatchObject({
      token_type: 'bearer',
      livemode: false,
      scope: 'read_write',
      stripe_user_id: expect.stringMatching(/^acct_/),
    });
    expect(await sdk.accounts.retrieve(token.stripe_user_id!)).toMatchObject({
      business_profile: { name: 'Harbour Bikes' },
    });
    // The access token works as that account's secret key.
    expect((await fx.sdk(token.access_token!).accounts.retrieveCurrent()).id).toBe(token.stripe_user_id);
    const reused = await sdkError(sdk.oauth.token({ grant_type: 'authorization_code', code }));
    expect(reused).toBeInstanceOf(Stripe.errors.StripeInvalidGrantError);
    const bad = await expectProviderError(stripeConnect.exchangeCode(platformCtx(), 'ac_doesnotexist'));
    expect(bad).toMatchObject({ kind: 'invalid_request', providerCode: 'invalid_grant' });

    // Disconnecting revokes the platform's access and the account's access token.
    const accountId = token.stripe_user_id!;
    expect(
      await sdk.oauth.deauthorize({ client_id: STRIPE_SANDBOX_CLIENT_ID, stripe_user_id: accountId }),
    ).toMatchObject({
      stripe_user_id: accountId,
    });
    expect(await sdkError(fx.sdk(token.access_token!).accounts.retrieveCurrent())).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    expect((await expectProviderError(stripeConnect.getAccountStatus(platformCtx(), accountId))).kind).toBe(
      'not_found',
    );
  });

  it('sends a refusal back with access_denied and the state', async () => {
    const url = stripeConnect.authorizeUrl({
      connectBaseUrl: fx.baseUrl,
      clientId: STRIPE_SANDBOX_CLIENT_ID,
      state: 's-9',
      redirectUri: 'https://app.example/cb',
    });
    const back = new URL((await submit(url, { decision: 'deny' })).headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state: 's-9' });
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('scopes objects to the account named by Stripe-Account', async () => {
    const platform = platformCtx();
    const [a, b] = await Promise.all([
      stripeConnect.createExpressAccount(platform, { email: 'a@a.test', country: 'GB', businessName: 'A' }),
      stripeConnect.createExpressAccount(platform, { email: 'b@b.test', country: 'GB', businessName: 'B' }),
    ]);
    const token = await fx.token({ currency: 'gbp', max_amount: 5000 });
    const asA = fx.ctx({ secretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY, accountId: a });
    const payment = await stripe.chargeSharedPaymentToken(asA, {
      token,
      amountMinor: 1200,
      currency: 'GBP',
      idempotencyKey: crypto.randomUUID(),
    });
    expect((await stripe.getPayment(asA, payment.id)).status).toBe('succeeded');
    const asB = fx.ctx({ secretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY, accountId: b });
    expect((await expectProviderError(stripe.getPayment(asB, payment.id))).kind).toBe('not_found');
    expect(
      (
        await expectProviderError(
          stripe.getPayment(fx.ctx({ secretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY }), payment.id),
        )
      ).kind,
    ).toBe('not_found');
    // A merchant's own key has no access to the platform's connected accounts.
    const foreign = await expectProviderError(
      stripe.getPayment(fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY, accountId: a }), payment.id),
    );
    expect(foreign).toMatchObject({ kind: 'auth', status: 403 });
  });

  it('takes an application fee only on a connected account, refusing it as Stripe does elsewhere', async () => {
    const merchant = await stripeConnect.createExpressAccount(platformCtx(), {
      email: 'fee@shop.test',
      country: 'GB',
      businessName: 'Fee Shop',
    });
    const refused = {
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'application_fee_amount',
      message:
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
    };
    const charge = {
      amount: 2000,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
    };
    const fee = { ...charge, application_fee_amount: 40 };
    // The merchant's own key, and the platform on its own account: neither is a charge on a connected account.
    expect(await sdkError(fx.sdk(STRIPE_SANDBOX_SECRET_KEY).paymentIntents.create(fee))).toMatchObject(
      refused,
    );
    const platformSdk = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    expect(await sdkError(platformSdk.paymentIntents.create(fee))).toMatchObject(refused);
    // …nor may it be added later, by an update or at capture.
    const own = await fx.sdk(STRIPE_SANDBOX_SECRET_KEY).paymentIntents.create({
      ...charge,
      confirm: false,
      capture_method: 'manual',
    });
    expect(
      await sdkError(
        fx.sdk(STRIPE_SANDBOX_SECRET_KEY).paymentIntents.update(own.id, { application_fee_amount: 40 }),
      ),
    ).toMatchObject(refused);
    await fx.sdk(STRIPE_SANDBOX_SECRET_KEY).paymentIntents.confirm(own.id);
    expect(
      await sdkError(
        fx.sdk(STRIPE_SANDBOX_SECRET_KEY).paymentIntents.capture(own.id, { application_fee_amount: 40 }),
      ),
    ).toMatchObject(refused);

    // A direct charge through Stripe-Account carries it, and the platform collects it.
    const direct = await platformSdk.paymentIntents.create(fee, { stripeAccount: merchant });
    expect(direct).toMatchObject({ status: 'succeeded', application_fee_amount: 40 });
    const fees = await platformSdk.applicationFees.list({ charge: direct.latest_charge as string });
    expect(fees.data).toEqual([expect.objectContaining({ amount: 40, account: merchant })]);
  });

  it('refuses a token minted for one account under another', async () => {
    const sdk = fx.sdk(STRIPE_SANDBOX_SECRET_KEY);
    const token = (await sdk.rawRequest('POST', '/v1/test_helpers/shared_payment/granted_tokens', {
      payment_method: 'pm_card_visa',
      usage_limits: { currency: 'gbp', max_amount: 1000 },
    })) as unknown as { id: string };
    const other = fx.ctx({ secretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY });
    const err = await expectProviderError(
      stripe.chargeSharedPaymentToken(other, {
        token: token.id,
        amountMinor: 500,
        currency: 'GBP',
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(err).toMatchObject({ kind: 'invalid_request', providerCode: 'resource_missing' });
  });
});

describe('stripe simulator: webhooks', () => {
  const fx = simulatorFixture();

  it('signs deliveries to registered endpoints so both the SDK and the adapter accept them', async () => {
    const sdk = fx.sdk();
    const endpoint = await sdk.webhookEndpoints.create({
      url: 'https://app.example/webhooks/stripe',
      enabled_events: ['payment_intent.succeeded', 'charge.succeeded'],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const token = await fx.token({ currency: 'gbp', max_amount: 5000 });
    const payment = await stripe.chargeSharedPaymentToken(fx.ctx({ secretKey: STRIPE_SANDBOX_SECRET_KEY }), {
      token,
      amountMinor: 2100,
      currency: 'GBP',
      idempotencyKey: 'wh-1',
    });
    const mine = fx.deliveries.filter((d) => d.url === endpoint.url);
    expect(mine.map((d) => JSON.parse(d.body).type)).toEqual([
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    for (const delivery of mine) {
      const event = Stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers['stripe-signature']!,
        endpoint.secret!,
      );
      expect(event.request).toMatchObject({ idempotency_key: 'wh-1' });
      const parsed = stripe.parseWebhook({
        rawBody: delivery.body,
        headers: delivery.headers,
        signingSecret: endpoint.secret!,
        now: new Date(),
      });
      expect(parsed).toMatchObject({ paymentId: payment.id, eventId: event.id, type: event.type });
    }
  });

  it('tells Connect endpoints which connected account an event is about', async () => {
    const platform = fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);
    const endpoint = await platform.webhookEndpoints.create({
      url: 'https://app.example/webhooks/connect',
      enabled_events: ['account.updated'],
      connect: true,
    });
    const account = await platform.accounts.create({ type: 'express', country: 'GB' });
    await fx.control(`accounts/${account.id}/complete_onboarding`);
    const delivery = fx.deliveries.find((d) => d.url === endpoint.url)!;
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      type: 'account.updated',
      account: account.id,
      data: { object: { charges_enabled: true }, previous_attributes: { charges_enabled: false } },
    });
    expect(() =>
      stripe.parseWebhook({
        rawBody: delivery.body,
        headers: delivery.headers,
        signingSecret: endpoint.secret!,
        now: new Date(),
      }),
    ).toThrow(/not about a payment/);
  });

  it('verifies signatures the way stripe-node does', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } },
    });
    const now = new Date();
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_abc' });
    expect(
      stripe.parseWebhook({
        rawBody: body,
        headers: { 'Stripe-Signature': header },
        signingSecret: 'whsec_abc',
        now,
      }).paymentId,
    ).toBe('pi_1');
    // While a secret is rolled Stripe signs with both; either may match.
    const t = Math.floor(now.getTime() / 1000);
    const rolled = `${stripeSignatureHeader('whsec_old', body, t)},v1=${stripeSignatureHeader('whsec_abc', body, t).split('v1=')[1]}`;
    expect(
      stripe.parseWebhook({
        rawBody: body,
        headers: { 'stripe-signature': rolled },
        signingSecret: 'whsec_abc',
        now,
      }).eventId,
    ).toBe('evt_1');
    for (const headers of [
      {},
      { 'stripe-signature': `t=${t}` },
      { 'stripe-signature': header.replace(/v1=(.)/, (_, c) => `v1=${c === '0' ? '1' : '0'}`) },
    ]) {
      expect(() => stripe.parseWebhook({ rawBody: body, headers, signingSecret: 'whsec_abc', now })).toThrow(
        ProviderError,
      );
    }
  });

  it('lists its controls and sandbox credentials', async () => {
    const info = await expectListing(fx.baseUrl, {
      credentials: {
        secretKey: STRIPE_SANDBOX_SECRET_KEY,
        publishableKey: expect.stringMatching(/^pk_test_/),
        platformSecretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY,
        clientId: STRIPE_SANDBOX_CLIENT_ID,
        webhookSecret: STRIPE_SANDBOX_WEBHOOK_SECRET,
        ...planPriceIds(),
      },
      controls: [
        'POST /__sim/subscriptions/:id/advance_period',
        'POST /__sim/granted_tokens',
        'POST /__sim/payment_intents/:id/webhook',
        'POST /__sim/payment_intents/:id/authenticate',
        'POST /__sim/accounts/:id/complete_onboarding',
        'POST /__sim/forward',
      ],
    });
    expect(info.credentials.secretKey).toMatch(/^sk_test_[0-9A-Za-z]{24,}$/);
  });
});

describe('stripe clients', () => {
  const http = {
    baseUrl: 'http://127.0.0.1:9',
    fetch: (() => Promise.reject(new Error('unused'))) as typeof fetch,
  };

  it('reuses a client for the same fetch, host, key and account, and only for those', () => {
    const client = stripeClient(http, STRIPE_SANDBOX_SECRET_KEY);
    expect(stripeClient({ ...http }, STRIPE_SANDBOX_SECRET_KEY)).toBe(client);
    expect(stripeClient(http, BAD_KEY)).not.toBe(client);
    expect(stripeClient(http, STRIPE_SANDBOX_SECRET_KEY, STRIPE_SANDBOX_ACCOUNT_ID)).not.toBe(client);
    expect(stripeClient({ ...http, timeoutMs: 500 }, STRIPE_SANDBOX_SECRET_KEY)).not.toBe(client);
    expect(stripeClient({ ...http, baseUrl: 'http://127.0.0.1:10' }, STRIPE_SANDBOX_SECRET_KEY)).not.toBe(
      client,
    );
    const otherFetch = (() => Promise.reject(new Error('unused'))) as typeof fetch;
    expect(stripeClient({ ...http, fetch: otherFetch }, STRIPE_SANDBOX_SECRET_KEY)).not.toBe(client);
  });
});
