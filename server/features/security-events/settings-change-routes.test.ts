import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/index';
import {
  cookieHeader,
  createTestApp,
  nextIp,
  postJson,
  signUp,
  type TestApp,
} from '../../test/create-test-app';
import { connectStripeThroughOAuth, dashboardRequest, merchantIdOf } from '../../test/merchant-kit';
import { listRoutes } from '../../test/route-list';
import { secretOf, totpCode } from '../../test/totp';

/**
 * Every route that changes a merchant's settings, and the security event(s) it records. A new
 * settings route fails the inventory test below until it is listed here (and records its change) or
 * under NOT_A_CHANGE with the reason.
 */
const RECORDED: Record<string, string[]> = {
  'PUT /api/merchant/profile': ['profile.updated'],
  'PUT /api/merchant/payment-methods': ['connections.payment_methods_switched'],
  'PUT /api/merchant/order-settings': ['connections.store_cancellation_policy_changed'],
  'PUT /api/connections/stores/:platform': ['connections.store_connected'],
  'DELETE /api/connections/stores/:platform': ['connections.store_disconnected'],
  'POST /api/connections/stores/:platform/selling': ['connections.selling_store_changed'],
  'PUT /api/connections/bitcoin': ['connections.bitcoin_saved'],
  'POST /api/connections/stripe/verify': ['connections.card_provider_key_saved'],
  'POST /api/connections/stripe/connected-account': ['connections.card_provider_account_created'],
  'GET /api/connections/stripe/oauth/callback': ['connections.card_provider_oauth_connected'],
  'DELETE /api/connections/stripe': ['connections.card_provider_disconnected'],
  'POST /api/developers/api-key': ['api_key.generated', 'api_key.rotated'],
  'DELETE /api/developers/api-key': ['api_key.revoked'],
  'PUT /api/merchant-webhooks': ['webhooks.updated'],
  'POST /api/merchant-webhooks/secret': ['webhooks.secret_rotated'],
  'PUT /api/acp/agent-settings': ['acp_agents.updated'],
  'POST /api/acp/agent-settings/signing-secret': ['acp_agents.signing_secret_rotated'],
  'POST /api/acp/webhook-secret': ['acp_agents.webhook_secret_rotated'],
  'PUT /api/account/security': ['security.updated'],
  'PUT /api/notifications/preferences': ['notifications.updated'],
  'DELETE /api/account/sessions/:id': ['sessions.revoked'],
  'POST /api/account/sessions/revoke-others': ['sessions.revoked_others'],
  // Two-factor is on once a first code is confirmed (verify-totp also finishes a two-factor sign-in).
  'POST /api/auth/two-factor/verify-totp': ['two_factor_enabled'],
  'POST /api/auth/two-factor/generate-backup-codes': ['recovery_codes_regenerated'],
  'POST /api/auth/two-factor/disable': ['two_factor_disabled'],
  'POST /api/account/two-factor/phone': ['phone_factor_added'],
  // Confirms the number (verify-otp also finishes a sign-in with a texted code).
  'POST /api/auth/two-factor/verify-otp': ['phone_factor_verified'],
  'POST /api/account/two-factor/phone/remove': ['phone_factor_removed'],
};

/** Mutating routes on the settings surfaces that change no setting, and why. */
const NOT_A_CHANGE: Record<string, string> = {
  'POST /api/connections/stores/test': 'tests credentials; saves nothing',
  'POST /api/connections/stores/:platform/check': 'asks the connected store whether it answers',
  'POST /api/connections/bitcoin/test': 'tests credentials; saves nothing',
  'POST /api/connections/stripe/oauth/start': 'the callback records the account it connects',
  'POST /api/connections/stripe/account-link': "a link to Stripe's hosted onboarding; saves nothing",
  'POST /api/merchant-webhooks/test': 'sends a test event',
  'POST /api/merchant-webhooks/deliveries/:id/redeliver': 'sends a delivery again',
  'POST /api/acp/webhook-deliveries/:id/redeliver': 'sends a delivery again',
  'POST /api/auth/two-factor/enable': 'starts enrolment; two-factor is on only after verify-totp',
  'POST /api/auth/two-factor/verify-backup-code': 'a sign-in step (recorded as recovery_code_used)',
  'POST /api/auth/two-factor/send-otp': 'texts a code to the number; nothing changes until it is verified',
  'POST /api/notifications/read': 'marks the bell read; changes no setting',
  'POST /api/notifications/:id/read': 'marks a notification read; changes no setting',
};

/** Where settings are changed: the dashboard's settings, connections and key routes, and two-factor. */
const SETTINGS_SURFACES = [
  '/api/account',
  '/api/merchant',
  '/api/connections',
  '/api/developers',
  '/api/acp/',
  '/api/notification',
  '/api/auth/two-factor',
];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

describe('every settings change is a security event', () => {
  it('lists every route that changes settings, each recorded or said not to be a change', () => {
    const settingsRoutes = listRoutes(t.app)
      .filter(({ url }) => SETTINGS_SURFACES.some((prefix) => url.startsWith(prefix)))
      .map(({ method, url }) => `${method} ${url}`)
      .filter((route) => MUTATING.has(route.split(' ')[0]!) || route in RECORDED);
    const unlisted = settingsRoutes.filter((route) => !(route in RECORDED) && !(route in NOT_A_CHANGE));
    expect(unlisted, 'record these changes and list them in RECORDED').toEqual([]);
    // No stale entries: every listed route exists.
    expect([...Object.keys(RECORDED), ...Object.keys(NOT_A_CHANGE)].sort()).toEqual(
      [...new Set(settingsRoutes)].sort(),
    );
  });

  it('records each of them, with secrets blanked, e-mails masked and URLs without their tokens', async () => {
    const { cookie, creds } = await signUp(t.app);
    const merchantId = await merchantIdOf(t, cookie);
    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: object,
      as = cookie,
    ) => {
      const res = await dashboardRequest(t, as, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const sim = t.simulators!.credentials;
    const secrets = [sim.stripe!.secretKey!, sim.opennode!.apiKey!, creds.password];

    await call('PUT', '/api/merchant/profile', {
      name: 'Audit Outfitters',
      region: 'UK',
      defaultCurrency: 'GBP',
    });
    await call('PUT', '/api/merchant/payment-methods', { card: true });
    await call('PUT', '/api/merchant/order-settings', { storeCancellationPolicy: 'refund' });
    await call('PUT', '/api/connections/stores/woocommerce', { credentials: sim.woocommerce });
    const custom = await call('PUT', '/api/connections/stores/custom', { credentials: sim.custom });
    secrets.push(sim.custom!.apiKey!);
    await call('POST', `/api/connections/stores/${custom.json().integrationId}/selling`);
    await call('PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      credentials: sim.opennode,
      expiryMins: 20,
    });
    await call('POST', '/api/connections/stripe/connected-account');
    await call('POST', '/api/connections/stripe/verify', { secretKey: sim.stripe!.secretKey });
    await connectStripeThroughOAuth(t, cookie);
    await call('DELETE', '/api/connections/stripe');
    await call('DELETE', '/api/connections/stores/woocommerce');

    secrets.push((await call('POST', '/api/developers/api-key')).json().apiKey);
    secrets.push((await call('POST', '/api/developers/api-key')).json().apiKey);
    await call('DELETE', '/api/developers/api-key');

    const saved = await call('PUT', '/api/merchant-webhooks', {
      url: 'https://hooks.example.com/in?token=receiver-token-123',
      events: ['order.created'],
    });
    secrets.push(saved.json().secret, 'receiver-token-123');
    secrets.push((await call('POST', '/api/merchant-webhooks/secret')).json().secret);
    await call('PUT', '/api/acp/agent-settings', { agent_name: 'Audit agent' });
    secrets.push((await call('POST', '/api/acp/agent-settings/signing-secret')).json().signing_secret);
    secrets.push((await call('POST', '/api/acp/webhook-secret')).json().webhook_secret);
    await call('PUT', '/api/account/security', { sessionTimeoutMinutes: 30 });
    const channels = { email: false, push: true };
    await call('PUT', '/api/notifications/preferences', {
      preferences: {
        new_order: channels,
        order_fulfilled: channels,
        trial_ending: channels,
        usage_limit: channels,
        api_errors: channels,
        store_switched: channels,
        order_refunded: channels,
        refund_failed: channels,
        payment_disputed: channels,
      },
    });

    const signIn = async () => {
      const res = await postJson(
        t.app,
        '/api/auth/sign-in/email',
        { email: creds.email, password: creds.password },
        { remoteAddress: nextIp() },
      );
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res.headers['set-cookie']);
    };
    await signIn();
    const listed = (await call('GET', '/api/account/sessions')).json().sessions as {
      id: string;
      current: boolean;
    }[];
    await call('DELETE', `/api/account/sessions/${listed.find((s) => !s.current)!.id}`);
    await signIn();
    await call('POST', '/api/account/sessions/revoke-others', {});

    const enable = await call('POST', '/api/auth/two-factor/enable', { password: creds.password });
    const totp = secretOf(enable.json().totpURI);
    const enrolling = cookieHeader(enable.headers['set-cookie']);
    const confirmCookie = enrolling.includes('session_token=') ? enrolling : cookie;
    const confirmed = await call(
      'POST',
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(totp) },
      confirmCookie,
    );
    const renewed = cookieHeader(confirmed.headers['set-cookie']);
    const signedIn = renewed.includes('session_token=') ? renewed : confirmCookie;
    // Each change to the second factors is confirmed with the password and a fresh second factor.
    const firstCodes = enable.json().backupCodes as string[];
    const { backupCodes } = (
      await call(
        'POST',
        '/api/auth/two-factor/generate-backup-codes',
        { password: creds.password, code: firstCodes[0] },
        signedIn,
      )
    ).json() as { backupCodes: string[] };
    // The phone factor, beside the app: added, confirmed with the texted code, removed with a recovery code.
    const phone = '+447700900042';
    await call(
      'POST',
      '/api/account/two-factor/phone',
      { phoneNumber: phone, password: creds.password, code: backupCodes[1] },
      signedIn,
    );
    await call('POST', '/api/auth/two-factor/send-otp', {}, signedIn);
    const texts = await fetch(
      `${t.simulators!.simulators.twilio.baseUrl}/__sim/messages.json?to=${encodeURIComponent(phone)}`,
    );
    const [text] = ((await texts.json()) as { messages: { body: string }[] }).messages;
    const smsCode = /^(\d{6})/.exec(text!.body)![1]!;
    secrets.push(phone);
    await call('POST', '/api/auth/two-factor/verify-otp', { code: smsCode }, signedIn);
    await call(
      'POST',
      '/api/account/two-factor/phone/remove',
      { password: creds.password, code: backupCodes[0] },
      signedIn,
    );
    await call(
      'POST',
      '/api/auth/two-factor/disable',
      { password: creds.password, code: totpCode(totp, Date.now() + 30_000) },
      signedIn,
    );

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.merchantId, merchantId), eq(securityEvents.type, 'settings_change')));
    const names = new Set(events.map((e) => e.name));
    for (const [route, expected] of Object.entries(RECORDED))
      for (const name of expected) expect(names.has(name), `${route} records ${name}`).toBe(true);

    const stored = JSON.stringify(events);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    expect(stored).not.toContain(creds.email);
    const webhook = events.find((e) => e.name === 'webhooks.updated')!;
    expect(webhook.details).toMatchObject({ url: 'https://hooks.example.com/in', events: ['order.created'] });
    expect(events.find((e) => e.name === 'two_factor_enabled')!.details).toMatchObject({
      email: `${creds.email.slice(0, 3)}***`,
    });
  });
});
