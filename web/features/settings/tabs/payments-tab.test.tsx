import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantView } from '#common/api/merchant';
import { json, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { merchantView, stubSettings } from '../settings-fixtures';
import { PaymentsTab } from './payments-tab';

afterEach(() => vi.unstubAllGlobals());

const CONNECTED: MerchantView['payments'] = {
  card: 'connected',
  cardAccountId: 'acct_1Trail',
  bitcoin: { enabled: true, provider: 'opennode', expiryMins: 20 },
};

function renderTab(
  payments: Partial<MerchantView['payments']> = {},
  routes: Record<string, FetchHandler> = {},
) {
  const merchant = merchantView({ payments: { ...merchantView().payments, ...payments } });
  const stub = stubSettings(merchant, routes);
  renderPage(<PaymentsTab merchant={merchant} />, { path: '/settings' });
  return { ...stub, user: userEvent.setup() };
}

const status = (mode: 'sandbox' | 'live') => () =>
  json({
    status: 'healthy',
    timestamp: '2026-11-28T00:00:00.000Z',
    version: '1',
    mode,
    services: { database: 'operational', environment: 'operational', encryption: 'operational' },
    details: {
      encryption_key_length_valid: true,
      missing_required_env_vars: [],
      missing_optional_env_vars: [],
    },
    metrics: { recent_errors_15min: 0, error_rate_healthy: true },
  });

const bitcoinForm = (name: string) => screen.findByRole('form', { name: `${name} settings` });

describe('Settings › Payments, card provider', () => {
  it.each([
    ['sandbox', '/__sim/stripe/accounts/acct_1Trail'],
    ['live', 'https://dashboard.stripe.com/connect/accounts/acct_1Trail'],
  ] as const)('in %s, View in Stripe opens %s', async (mode, href) => {
    renderTab(CONNECTED, { '/api/status': status(mode) });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /View in Stripe/ })).toHaveAttribute('href', href),
    );
  });

  it('offers View in Stripe only once the mode is known, never the live dashboard in sandbox', async () => {
    let answer: (res: Response) => void = () => {};
    renderTab(CONNECTED, {
      '/api/status': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const waiting = await screen.findByRole('button', { name: /View in Stripe/ });
    expect(waiting).toBeDisabled();
    expect(screen.queryByRole('link', { name: /View in Stripe/ })).toBeNull();
    answer(await status('sandbox')());
    expect(await screen.findByRole('link', { name: /View in Stripe/ })).toHaveAttribute(
      'href',
      '/__sim/stripe/accounts/acct_1Trail',
    );
    expect(screen.queryByRole('button', { name: /View in Stripe/ })).toBeNull();
  });

  it('shows the Connected card: account, badge, View in provider, Check Status with its flags', async () => {
    const { user } = renderTab(CONNECTED, {
      '/api/status': status('live'),
      '/api/connections/stripe/account-status': () =>
        json({
          accountId: 'acct_1Trail',
          chargesEnabled: true,
          detailsSubmitted: false,
          payoutsEnabled: false,
        }),
    });
    expect(await screen.findByText('acct_1Trail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Stripe account ID' })).toBeInTheDocument();
    expect(screen.getByText('Shared Payment Token Capture Enabled')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /View in Stripe/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: /Refresh Onboarding/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Charges enabled: yes · Details submitted: no')).toBeInTheDocument();
  });

  it('disconnects the account only after the confirmation, and says so', async () => {
    const { user, calls } = renderTab(CONNECTED, {
      '/api/connections/stripe': () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect this Stripe account?' });
    expect(dialog).toHaveTextContent('you can still refund them');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('/api/connections/stripe', 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Stripe account disconnected.')).toBeInTheDocument();
    expect(calls('/api/connections/stripe', 'DELETE')).toHaveLength(1);
  });

  it('without an account: the two options, Refresh Status and the manual key; pending_setup warns', async () => {
    renderTab({ card: 'pending_setup' });
    expect(await screen.findByText('Setup Required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create account/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect with Stripe/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh Status' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stripe secret key')).toHaveAttribute('type', 'password');
  });

  it('shows no Setup Required warning when card payments are simply off', async () => {
    renderTab({ card: 'off' });
    await screen.findByRole('button', { name: 'Refresh Status' });
    expect(screen.queryByText('Setup Required')).not.toBeInTheDocument();
  });

  it('keeps Verify & Connect disabled while the key is empty, and refuses a key without sk_', async () => {
    const { user, calls } = renderTab();
    const verify = await screen.findByRole('button', { name: 'Verify & Connect' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Stripe secret key'), '   ');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Stripe secret key'), 'pk_test_123');
    await user.click(verify);
    expect(
      await screen.findByText('Invalid Stripe secret key format (must start with sk_)'),
    ).toBeInTheDocument();
    expect(calls('/api/connections/stripe/verify', 'POST')).toHaveLength(0);
  });

  it("says '{card provider} verification failed' with the server's reason", async () => {
    const { user } = renderTab(
      {},
      {
        '/api/connections/stripe/verify': () =>
          json({ error: { code: 'invalid_request', message: 'Invalid API Key provided' } }, 400),
      },
    );
    await user.type(await screen.findByLabelText('Stripe secret key'), 'sk_test_wrong');
    await user.click(screen.getByRole('button', { name: 'Verify & Connect' }));
    expect(await screen.findByText('Stripe verification failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid API Key provided')).toBeInTheDocument();
  });
});

describe('Settings › Payments, Bitcoin', () => {
  it('keeps the switch disabled without a default card payment method, and says why', async () => {
    renderTab({ card: 'pending_setup', bitcoin: { enabled: true, provider: 'opennode', expiryMins: 15 } });
    const toggle = await screen.findByRole('switch', { name: 'Accept Bitcoin Lightning' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Needs a default card payment method/);
  });

  it('switches Bitcoin off and on beside a connected card account', async () => {
    const { user, calls } = renderTab(CONNECTED, {
      '/api/merchant/payment-methods': (init) =>
        json(
          merchantView({
            payments: { ...CONNECTED, bitcoin: { ...CONNECTED.bitcoin, ...JSON.parse(String(init?.body)) } },
          }),
        ),
    });
    const toggle = await screen.findByRole('switch', { name: 'Accept Bitcoin Lightning' });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(await screen.findByText('Bitcoin payments disabled.')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/merchant/payment-methods', 'PUT')[0]![1]!.body))).toEqual({
      bitcoin: false,
    });
  });

  it('cannot be switched on before a provider is saved', async () => {
    renderTab({
      card: 'connected',
      cardAccountId: 'acct_1',
      bitcoin: { enabled: false, provider: null, expiryMins: null },
    });
    const toggle = await screen.findByRole('switch', { name: 'Accept Bitcoin Lightning' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Save your Lightning provider below/);
  });

  it('needs the OpenNode API key, asking for it by name', async () => {
    const { user, calls } = renderTab(CONNECTED);
    const form = await bitcoinForm('OpenNode');
    await user.click(within(form).getByRole('button', { name: 'Save Bitcoin Settings' }));
    expect(await within(form).findByText('Please enter your OpenNode API key')).toBeInTheDocument();
    expect(calls('/api/connections/bitcoin', 'PUT')).toHaveLength(0);
  });

  it('needs both CoinCorner credentials, asking for them by name', async () => {
    const { user } = renderTab(CONNECTED);
    await user.click(await screen.findByRole('radio', { name: 'CoinCorner' }));
    const form = await bitcoinForm('CoinCorner');
    await user.type(within(form).getByLabelText('CoinCorner API key'), 'cc_key');
    await user.click(within(form).getByRole('button', { name: /Test Connection/ }));
    expect(await within(form).findByText('Please enter your CoinCorner API credentials')).toBeInTheDocument();
  });

  it.each(['4', '61'])('refuses an invoice expiry of %s minutes', async (minutes) => {
    const { user } = renderTab(CONNECTED);
    const form = await bitcoinForm('OpenNode');
    await user.type(within(form).getByLabelText('OpenNode API key'), 'on_key');
    const expiry = within(form).getByLabelText('Invoice expiry (minutes)');
    expect(expiry).toHaveValue(20);
    await user.clear(expiry);
    await user.type(expiry, minutes);
    await user.click(within(form).getByRole('button', { name: 'Save Bitcoin Settings' }));
    expect(
      await within(form).findByText('Invoice expiry must be between 5 and 60 minutes'),
    ).toBeInTheDocument();
  });

  it("saves the provider without changing whether Bitcoin is on, and words failures 'Connection failed: …' and 'Failed to save settings: …'", async () => {
    const { user, calls } = renderTab(
      {
        card: 'connected',
        cardAccountId: 'acct_1',
        bitcoin: { enabled: false, provider: 'opennode', expiryMins: 15 },
      },
      {
        '/api/connections/bitcoin/test': () =>
          json({ error: { code: 'provider_error', message: 'OpenNode refused the API key' } }, 400),
        '/api/connections/bitcoin': () =>
          json({ error: { code: 'internal', message: 'The database is unavailable.' } }, 503),
      },
    );
    const form = await bitcoinForm('OpenNode');
    await user.type(within(form).getByLabelText('OpenNode API key'), 'on_key');
    await user.click(within(form).getByRole('button', { name: /Test Connection/ }));
    expect(await screen.findByText('Connection failed: OpenNode refused the API key')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Bitcoin Settings' }));
    expect(
      await screen.findByText('Failed to save settings: The database is unavailable.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/connections/bitcoin', 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/connections/bitcoin', 'PUT')[0]![1]!.body))).toMatchObject({
      enabled: false,
      provider: 'opennode',
      expiryMins: 15,
    });
  });
});
