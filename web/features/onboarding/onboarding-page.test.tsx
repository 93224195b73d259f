import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantView } from '#common/api/merchant';
import { ONBOARDING_MESSAGES } from '#common/domain/onboarding';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { renderPage } from '#web/test/render';
import OnboardingPage from './onboarding-page';

const merchant = (overrides: Partial<MerchantView> = {}): MerchantView => ({
  id: 'm1',
  name: 'Shop',
  region: null,
  defaultCurrency: 'GBP',
  createdAt: '2026-11-24T10:00:00.000Z',
  platform: null,
  storeUrl: null,
  logoUrl: null,
  onboardingState: {},
  payments: {
    card: 'off',
    cardAccountId: null,
    bitcoin: { enabled: false, provider: null, expiryMins: null },
  },
  storeCancellationPolicy: 'flag',
  ...overrides,
});

/** The app's answers for a signed-in merchant; records what the page sends. */
function serve(view: MerchantView) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/get-session')
        return json(200, { user: { id: 'u1', email: 'shop@example.com', name: 'Shop' }, session: {} });
      if (url === '/api/account')
        return json(200, {
          user: { id: 'u1', email: 'shop@example.com', name: 'Shop' },
          merchant: view,
          roles: [],
        });
      if (url === '/api/status') return json(200, { status: 'operational' });
      if (url === '/api/billing/check-subscription')
        return json(200, { subscribed: false, tier: null, subscription_end: null });
      return json(404, { error: { code: 'not_found', message: 'No route', requestId: 'r' } });
    }),
  );
  return calls;
}

function renderOnboarding() {
  return renderPage(<OnboardingPage />, {
    path: '/onboarding',
    extraRoutes: [{ path: '/dashboard', element: <h1>Dashboard page</h1> }],
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/onboarding', () => {
  it('shows the Merchant of Record banner and starts at step 1 for a new merchant', async () => {
    serve(merchant());
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'Payment methods', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('You are the Merchant of Record.')).toBeInTheDocument();
    expect(screen.getByText(/never holds buyer funds/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
  });

  it('needs at least one payment method enabled before it saves anything', async () => {
    const calls = serve(merchant());
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Select payment method')).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.paymentMethodRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('resumes at the card provider, and needs a secret key that starts with sk_', async () => {
    serve(
      merchant({
        onboardingState: { payment_methods_chosen: true },
        payments: { ...merchant().payments, card: 'pending_setup' },
      }),
    );
    const user = userEvent.setup();
    renderOnboarding();
    expect(
      await screen.findByRole('heading', { name: 'Connect your card provider', level: 2 }),
    ).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify & Connect' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Stripe secret key'), 'pk_live_123');
    await user.click(verify);
    expect(await screen.findByText(CONNECTION_MESSAGES.stripeKeyFormat)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('resumes at the store once the card provider is connected, and goes back to it', async () => {
    serve(
      merchant({
        onboardingState: { payment_methods_chosen: true, stripe_connected: true },
        payments: { ...merchant().payments, card: 'connected', cardAccountId: 'acct_123' },
      }),
    );
    const user = userEvent.setup();
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'Connect your store', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('acct_123')).toBeInTheDocument();
    expect(screen.getByText('Shared Payment Token Capture Enabled')).toBeInTheDocument();
  });

  it('sends a merchant who finished onboarding to the dashboard', async () => {
    serve(merchant({ onboardingState: { completed: true } }));
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('says what to do when the merchant cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/account'
          ? new Response(
              JSON.stringify({
                error: { code: 'internal', message: 'Something went wrong on our side.', requestId: 'r' },
              }),
              { status: 500 },
            )
          : new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const user = userEvent.setup();
    renderOnboarding();
    expect(await screen.findByText('Your onboarding could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Your onboarding could not be loaded')).toBeInTheDocument());
  });
});
