import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { merchantIntegrations } from '../../db/schema/index';
import { createKeyring } from '../../lib/crypto';
import {
  cookieHeader,
  createLiveTestApp,
  createTestApp,
  postJson,
  signUp,
  type TestApp,
} from '../../test/create-test-app';
import { dashboardRequest, merchantOf, newMerchant, simControl } from '../../test/merchant-kit';
import { loadStoreConnection } from '../commerce/saved-connections';

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  t = await createTestApp({ logStream });
});
afterAll(() => t.close());

const sandbox = () => t.simulators!.credentials;

describe('store connections', () => {
  it('tests WooCommerce credentials without saving them', async () => {
    const { cookie } = await signUp(t.app);
    const res = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'woocommerce',
      credentials: sandbox().woocommerce,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'WooCommerce is properly configured and responding.',
    });
    const merchant = await merchantOf(t, cookie);
    expect(
      await t.db.select().from(merchantIntegrations).where(eq(merchantIntegrations.merchantId, merchant.id)),
    ).toHaveLength(0);
  });

  it('needs every credential of the platform, named, and an https:// store URL', async () => {
    const { cookie } = await signUp(t.app);
    const woo = sandbox().woocommerce;
    const missing = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'woocommerce',
      credentials: { ...woo, consumerSecret: ' ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(CONNECTION_MESSAGES.fillAllCredentials('WooCommerce'));
    expect(missing.json().error.message).toBe('Please fill in all WooCommerce credentials');
    const plainHttp = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'woocommerce',
      credentials: { ...woo, storeUrl: woo.storeUrl!.replace('https://', 'http://') },
    });
    expect(plainHttp.json().error.message).toBe('Store URL must start with https://');
    const shopify = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'shopify',
      credentials: { storeName: 'demo' },
    });
    expect(shopify.json().error.message).toBe('Please fill in all Shopify credentials');
  });

  it("words a refused connection as 'Connection failed: {status} {statusText}'", async () => {
    const { cookie } = await signUp(t.app);
    const woo = sandbox().woocommerce;
    const wrongSecret = `cs_${'0'.repeat(40)}`;
    const res = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'woocommerce',
      credentials: { ...woo, consumerSecret: wrongSecret },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Connection failed: 401 Unauthorized');
  });

  it('saves a tested connection encrypted, strips the trailing slash, and updates the merchant', async () => {
    const { cookie } = await signUp(t.app);
    const woo = sandbox().woocommerce;
    const res = await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/woocommerce', {
      credentials: { ...woo, storeUrl: `${woo.storeUrl}/` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { integrationId } = res.json();

    const merchant = await merchantOf(t, cookie);
    expect(merchant).toMatchObject({
      platform: 'woocommerce',
      storeUrl: woo.storeUrl,
      primaryIntegrationId: integrationId,
    });
    expect(merchant.onboardingState).toMatchObject({ platform: 'woocommerce', platform_configured: true });
    expect(merchant.pspConfig).toMatchObject({ store_url: woo.storeUrl });

    const list = await dashboardRequest(t, cookie, 'GET', '/api/connections');
    const [store] = list.json().stores;
    expect(store).toMatchObject({ id: integrationId, platform: 'woocommerce', status: 'connected' });
    expect(store.display.keyHint).toMatch(/^ck_.*••••/);
    // In sandbox, Open store is the WooCommerce simulator's orders page of that store (from the app's origin).
    expect(store.openUrl).toBe('/__sim/woocommerce/stores/demo/orders');
    expect(list.body).not.toContain(woo.consumerSecret);
    expect(list.body).not.toContain(woo.consumerKey);

    const check = await dashboardRequest(t, cookie, 'POST', `/api/connections/stores/${integrationId}/check`);
    expect(check.json()).toEqual({ success: true });
  });

  it('keeps no plaintext secret in the database or the logs', async () => {
    const { cookie } = await signUp(t.app);
    const woo = sandbox().woocommerce;
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/woocommerce', { credentials: woo });
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      credentials: sandbox().opennode,
      expiryMins: 20,
    });
    const dump = await t.db.execute(sql`
      SELECT string_agg(row_to_json(x)::text, '') AS text FROM (
        SELECT * FROM merchant_integrations) x
      UNION ALL SELECT string_agg(row_to_json(y)::text, '') FROM (SELECT * FROM payment_connections) y
      UNION ALL SELECT string_agg(row_to_json(z)::text, '') FROM (SELECT * FROM merchants) z`);
    const everything = dump.rows.map((r) => String((r as { text: unknown }).text)).join('');
    expect(everything.length).toBeGreaterThan(100);
    for (const secret of [woo.consumerSecret!, woo.consumerKey!, sandbox().opennode.apiKey!]) {
      expect(everything).not.toContain(secret);
      expect(logs.join('')).not.toContain(secret);
    }
  });

  it('reports a saved connection failing when the store goes down, and recovering', async () => {
    const { cookie } = await signUp(t.app);
    const { integrationId } = (
      await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/woocommerce', {
        credentials: sandbox().woocommerce,
      })
    ).json();
    await simControl(t, 'woocommerce', 'down');
    try {
      const down = await dashboardRequest(
        t,
        cookie,
        'POST',
        `/api/connections/stores/${integrationId}/check`,
      );
      expect(down.json().success).toBe(false);
      expect(down.json().error).toMatch(/^Connection failed/);
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    const up = await dashboardRequest(t, cookie, 'POST', `/api/connections/stores/${integrationId}/check`);
    expect(up.json()).toEqual({ success: true });
  });

  it('connects the custom API platform, and refuses to save a coming-soon platform', async () => {
    const { cookie } = await signUp(t.app);
    const custom = await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/custom', {
      credentials: sandbox().custom,
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const shopify = await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/shopify', {
      credentials: sandbox().shopify,
    });
    expect(shopify.statusCode).toBe(400);
    expect(shopify.json().error.message).toBe('Shopify is coming soon and cannot be connected yet.');
  });

  it('tests coming-soon platforms against their simulators, though they cannot be saved yet', async () => {
    const { cookie } = await signUp(t.app);
    for (const [platform, name] of [
      ['shopify', 'Shopify'],
      ['bigcommerce', 'BigCommerce'],
      ['magento', 'Magento'],
    ] as const) {
      const res = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
        platform,
        credentials: sandbox()[platform],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`${name} is properly configured and responding.`);
    }
  });

  it('names every empty field for the form, and strips trailing slashes before testing', async () => {
    const { cookie } = await signUp(t.app);
    const empty = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'custom',
      credentials: { endpoint: 'http://plain.example', apiKey: '' },
    });
    expect(empty.json().error).toMatchObject({
      message: 'Please fill in all Custom API credentials',
      fieldErrors: {
        endpoint: 'Store URL must start with https://',
        apiKey: 'Please fill in all Custom API credentials',
      },
    });
    const custom = sandbox().custom;
    const slashed = await dashboardRequest(t, cookie, 'POST', '/api/connections/stores/test', {
      platform: 'custom',
      credentials: { ...custom, endpoint: `${custom.endpoint}//` },
    });
    expect(slashed.statusCode, slashed.body).toBe(200);
  });

  it('opens credentials sealed under a previous key and re-seals them under the current one', async () => {
    const { cookie } = await signUp(t.app);
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/woocommerce', {
      credentials: sandbox().woocommerce,
    });
    const merchant = await merchantOf(t, cookie);
    const rotated = createKeyring(randomBytes(32), [t.config.keyring.current.key]);
    const loaded = await loadStoreConnection({ db: t.db, keyring: rotated }, merchant.id, {
      platform: 'woocommerce',
    });
    expect(loaded?.credentials.consumerSecret).toBe(sandbox().woocommerce.consumerSecret);
    const [row] = await t.db
      .select()
      .from(merchantIntegrations)
      .where(eq(merchantIntegrations.merchantId, merchant.id));
    expect(row!.configEncrypted.split('.')[1]).toBe(rotated.current.id);
  });
});

describe('tenant isolation', () => {
  it('never lets one merchant see or test another merchant’s connection', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const { integrationId } = (
      await dashboardRequest(t, alice.cookie, 'PUT', '/api/connections/stores/woocommerce', {
        credentials: sandbox().woocommerce,
      })
    ).json();
    const bobCheck = await dashboardRequest(
      t,
      bob.cookie,
      'POST',
      `/api/connections/stores/${integrationId}/check`,
    );
    expect(bobCheck.statusCode).toBe(404);
    expect((await dashboardRequest(t, bob.cookie, 'GET', '/api/connections')).json().stores).toEqual([]);
    const bobDelete = await dashboardRequest(t, bob.cookie, 'DELETE', '/api/connections/stores/woocommerce');
    expect(bobDelete.statusCode).toBe(204);
    expect((await dashboardRequest(t, alice.cookie, 'GET', '/api/connections')).json().stores).toHaveLength(
      1,
    );
  });

  it('refuses every connection endpoint without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/connections'],
      ['POST', '/api/connections/stores/test'],
      ['PUT', '/api/connections/bitcoin'],
      ['POST', '/api/connections/stripe/verify'],
    ] as const) {
      const res = await postJson(t.app, url, { platform: 'woocommerce', credentials: {} }, { method });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('bitcoin connections', () => {
  it('tests OpenNode and CoinCorner credentials, asking for a missing one by the provider name', async () => {
    const { cookie } = await signUp(t.app);
    const ok = await dashboardRequest(t, cookie, 'POST', '/api/connections/bitcoin/test', {
      provider: 'opennode',
      credentials: sandbox().opennode,
    });
    expect(ok.json()).toEqual({ success: true });
    const missing = await dashboardRequest(t, cookie, 'POST', '/api/connections/bitcoin/test', {
      provider: 'opennode',
      credentials: { apiKey: '' },
    });
    expect(missing.json().error.message).toBe('Please enter your OpenNode API key');
    const cc = await dashboardRequest(t, cookie, 'POST', '/api/connections/bitcoin/test', {
      provider: 'coincorner',
      credentials: { apiKey: 'x' },
    });
    expect(cc.json().error.message).toBe('Please enter your CoinCorner API credentials');
    const refused = await dashboardRequest(t, cookie, 'POST', '/api/connections/bitcoin/test', {
      provider: 'opennode',
      credentials: { apiKey: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/^Connection failed: /);
    const coincorner = await dashboardRequest(t, cookie, 'POST', '/api/connections/bitcoin/test', {
      provider: 'coincorner',
      credentials: sandbox().coincorner,
    });
    expect(coincorner.json()).toEqual({ success: true });
  });

  it('saves Bitcoin settings on the merchant, with the expiry range enforced', async () => {
    const { cookie } = await signUp(t.app);
    const tooShort = await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      credentials: sandbox().opennode,
      expiryMins: 4,
    });
    expect(tooShort.json().error.message).toBe(CONNECTION_MESSAGES.expiryRange);
    const saved = await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      credentials: sandbox().opennode,
      expiryMins: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const merchant = await merchantOf(t, cookie);
    expect(merchant).toMatchObject({ btcEnabled: true, btcProvider: 'opennode', btcOpennodeEnabled: true });
    expect(merchant.btcConfig).toMatchObject({ expiryMins: 30 });
    // Disabling keeps the saved key; enabling again needs no re-entry.
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: false,
      provider: 'opennode',
      expiryMins: 30,
    });
    expect((await merchantOf(t, cookie)).btcEnabled).toBe(false);
    const again = await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      expiryMins: 30,
    });
    expect(again.statusCode).toBe(200);
    const strike = await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'strike',
      credentials: sandbox().strike,
      expiryMins: 30,
    });
    expect(strike.json().error.message).toMatch(/coming soon/);
  });
});

describe('stripe with a secret key', () => {
  it('validates, verifies and saves the key', async () => {
    const { cookie } = await signUp(t.app);
    expect(
      (await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/verify', { secretKey: '' })).json()
        .error.message,
    ).toBe('Please enter your Stripe secret key');
    expect(
      (
        await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/verify', {
          secretKey: 'pk_test_123',
        })
      ).json().error.message,
    ).toBe('Invalid Stripe secret key format (must start with sk_)');
    const refused = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/verify', {
      secretKey: `sk_test_${'x'.repeat(24)}`,
    });
    expect(refused.statusCode).toBe(422);
    const ok = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/verify', {
      secretKey: sandbox().stripe.secretKey,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const merchant = await merchantOf(t, cookie);
    expect(merchant.stripeAccountId).toMatch(/^acct_/);
    expect(merchant.onboardingState).toMatchObject({ stripe_connected: true });
  });
});

describe('live mode', () => {
  it('refuses store URLs on private networks', async () => {
    const live = await createLiveTestApp();
    try {
      const { cookie } = await signUp(live.app);
      const res = await dashboardRequest(live, cookie, 'POST', '/api/connections/stores/test', {
        platform: 'woocommerce',
        credentials: {
          storeUrl: 'https://169.254.169.254',
          consumerKey: `ck_${'a'.repeat(40)}`,
          consumerSecret: `cs_${'b'.repeat(40)}`,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Connection failed: This address is on a private network');
      const sim = await live.app.inject({ method: 'GET', url: '/__sim' });
      expect(sim.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('stripe connect', () => {
  /** Plays the merchant's browser on Stripe's consent page, returning where Stripe sends it back. */
  async function consent(authorizeUrl: string, decision: 'allow' | 'deny') {
    const url = new URL(authorizeUrl);
    const page = await fetch(url);
    expect(await page.text()).toContain('Connect my Stripe account');
    const form = new URLSearchParams({
      ...Object.fromEntries(url.searchParams),
      decision,
      business_name: 'OAuth Outfitters',
    });
    const res = await fetch(new URL('/oauth/authorize', url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    return new URL(res.headers.get('location')!);
  }

  const callback = (back: URL, cookie: string) =>
    t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });

  it('connects an account through OAuth and lands on settings with the account id', async () => {
    const { cookie } = await signUp(t.app);
    const start = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start');
    expect(start.statusCode, start.body).toBe(200);
    const authorizeUrl = start.json().url as string;
    expect(authorizeUrl.startsWith(t.simulators!.simulators.stripe.baseUrl)).toBe(true);
    const back = await consent(authorizeUrl, 'allow');
    expect(back.pathname).toBe('/api/connections/stripe/oauth/callback');

    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/settings');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      tab: 'stripe',
      stripe_oauth: 'success',
    });
    const accountId = location.searchParams.get('account_id');
    expect(accountId).toMatch(/^acct_/);
    expect((await merchantOf(t, cookie)).stripeAccountId).toBe(accountId);

    // The state was single-use: replaying the callback is refused.
    const replay = new URL((await callback(back, cookie)).headers.location as string);
    expect(replay.searchParams.get('error')).toBe('invalid_state');
  });

  it('sends a merchant who started in onboarding back to onboarding, denied or allowed', async () => {
    const { cookie } = await signUp(t.app);
    const start = () =>
      dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start', { returnTo: 'onboarding' });
    const denied = new URL(
      (await callback(await consent((await start()).json().url, 'deny'), cookie)).headers.location as string,
    );
    expect(denied.pathname).toBe('/onboarding');
    expect(denied.searchParams.get('stripe_oauth')).toBe('error');

    const allowed = new URL(
      (await callback(await consent((await start()).json().url, 'allow'), cookie)).headers.location as string,
    );
    expect(allowed.pathname).toBe('/onboarding');
    expect(Object.fromEntries(allowed.searchParams)).toMatchObject({ stripe_oauth: 'success' });
    expect(allowed.searchParams.has('tab')).toBe(false);

    const elsewhere = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start', {
      returnTo: 'https://evil.example',
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('sends a bad callback back with its OAuth error code and that code’s message', async () => {
    const { cookie } = await signUp(t.app);
    const errorOf = async (query: string) =>
      new URL(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/connections/stripe/oauth/callback${query}`,
            headers: { cookie },
          })
        ).headers.location as string,
      );
    const missing = await errorOf('');
    expect(Object.fromEntries(missing.searchParams)).toMatchObject({
      stripe_oauth: 'error',
      error: 'missing_params',
      message: 'OAuth callback received invalid parameters',
    });
    expect((await errorOf('?code=ac_x&state=forged')).searchParams.get('error')).toBe('invalid_state');

    const start = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start');
    const denied = await consent(start.json().url, 'deny');
    const deniedRedirect = new URL((await callback(denied, cookie)).headers.location as string);
    expect(deniedRedirect.searchParams.get('error')).toBe('access_denied');

    const again = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start');
    const state = new URL(again.json().url).searchParams.get('state');
    const badCode = await errorOf(`?code=ac_doesnotexist&state=${state}`);
    expect(badCode.searchParams.get('error')).toBe('token_exchange_failed');
  });

  it('will not finish another merchant’s OAuth flow', async () => {
    const alice = await signUp(t.app);
    const mallory = await signUp(t.app);
    const start = await dashboardRequest(t, alice.cookie, 'POST', '/api/connections/stripe/oauth/start');
    const back = await consent(start.json().url, 'allow');
    const res = await callback(back, mallory.cookie);
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_state');
    expect((await merchantOf(t, mallory.cookie)).stripeAccountId).toBeNull();
  });

  it('will not finish an OAuth flow without the session that started it', async () => {
    const alice = await signUp(t.app);
    const start = await dashboardRequest(t, alice.cookie, 'POST', '/api/connections/stripe/oauth/start');
    const back = await consent(start.json().url, 'allow');
    // A valid code and state, as a leaked callback address would carry them, but no session.
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      stripe_oauth: 'error',
      error: 'session_required',
      message: 'You were not signed in when Stripe sent you back. Sign in and connect Stripe again.',
    });
    expect((await merchantOf(t, alice.cookie)).stripeAccountId).toBeNull();
    // The state was spent by that attempt: the merchant starts again rather than finishing it later.
    const late = new URL((await callback(back, alice.cookie)).headers.location as string);
    expect(late.searchParams.get('error')).toBe('invalid_state');
  });

  it('will not finish an OAuth flow in another session, even of the same merchant', async () => {
    const alice = await signUp(t.app);
    const start = await dashboardRequest(t, alice.cookie, 'POST', '/api/connections/stripe/oauth/start');
    const back = await consent(start.json().url, 'allow');
    // The same person signed in elsewhere (a shared computer, say) holding the leaked callback address.
    const elsewhere = await postJson(t.app, '/api/auth/sign-in/email', {
      email: alice.creds.email,
      password: alice.creds.password,
    });
    expect(elsewhere.statusCode).toBe(200);
    const otherSession = cookieHeader(elsewhere.headers['set-cookie']);
    expect(otherSession).not.toBe(alice.cookie);
    const res = new URL((await callback(back, otherSession)).headers.location as string);
    expect(res.searchParams.get('error')).toBe('invalid_state');
    expect((await merchantOf(t, alice.cookie)).stripeAccountId).toBeNull();
  });

  it('reports the status of an account connected with its own secret key', async () => {
    const { cookie } = await newMerchant(t, { connect: true });
    const res = await dashboardRequest(t, cookie, 'GET', '/api/connections/stripe/account-status');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: expect.stringMatching(/^acct_/),
      chargesEnabled: true,
      detailsSubmitted: true,
    });
  });

  it('creates an Express account once, onboards it through an account link, and reports its status', async () => {
    const { cookie } = await signUp(t.app);
    const noAccount = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/account-link');
    expect(noAccount.statusCode).toBe(400);

    const created = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/connected-account');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      alreadyExists: false,
      accountId: expect.stringMatching(/^acct_/),
    });
    const again = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/connected-account');
    expect(again.json()).toEqual({ accountId: created.json().accountId, alreadyExists: true });

    const before = await dashboardRequest(t, cookie, 'GET', '/api/connections/stripe/account-status');
    expect(before.json()).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });

    const link = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/account-link');
    const linkUrl = new URL(link.json().url);
    await fetch(linkUrl);
    const done = await fetch(linkUrl, { method: 'POST', redirect: 'manual' });
    expect(done.headers.get('location')).toContain('/settings?tab=stripe');

    const fromOnboarding = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/account-link', {
      returnTo: 'onboarding',
    });
    const onboardingLink = new URL(fromOnboarding.json().url);
    await fetch(onboardingLink);
    const back = await fetch(onboardingLink, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')).toMatch(/\/onboarding\?stripe_onboarding=return$/);

    const after = await dashboardRequest(t, cookie, 'GET', '/api/connections/stripe/account-status');
    expect(after.json()).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
  });
});
