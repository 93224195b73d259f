import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConnectionsOutput } from '#common/api/connections';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { StoreConnectionsCard } from './store-connections-card';

const platform = (id: string, name: string, availability: 'live' | 'coming_soon' = 'live') => ({
  id,
  name,
  summary: '',
  availability,
  credentialFields: [],
});

const CONNECTIONS: ConnectionsOutput = {
  stores: [
    {
      id: '11111111-0000-4000-8000-000000000000',
      platform: 'woocommerce',
      status: 'connected',
      display: { host: 'shop.example.com' },
      lastTestedAt: null,
      lastError: null,
      updatedAt: '2026-11-01T00:00:00.000Z',
      selling: true,
      openUrl: null,
    },
    {
      id: '22222222-0000-4000-8000-000000000000',
      platform: 'custom',
      status: 'connected',
      display: { host: 'roaster.example.com' },
      lastTestedAt: null,
      lastError: null,
      updatedAt: '2026-11-02T00:00:00.000Z',
      selling: false,
      openUrl: null,
    },
  ],
  payments: [],
  platforms: [
    platform('woocommerce', 'WooCommerce'),
    platform('custom', 'Custom API'),
    platform('shopify', 'Shopify', 'coming_soon'),
  ],
  paymentProviders: [],
};

const CHECK_PATH = '/api/connections/stores/11111111-0000-4000-8000-000000000000/check';

function renderCard(routes: Record<string, FetchHandler> = {}) {
  stubFetch({ signedIn: true, routes: { '/api/connections': () => json(CONNECTIONS), ...routes } });
  renderPage(<StoreConnectionsCard />, { path: '/dashboard' });
  return userEvent.setup();
}

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Store platforms' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent!.startsWith(name))!;

describe('StoreConnectionsCard', () => {
  it('offers Reconnect for a connected platform, Connect for the others, nothing for one coming soon', async () => {
    renderCard({ '/api/connections': () => json({ ...CONNECTIONS, stores: [CONNECTIONS.stores[0]] }) });
    await screen.findByRole('list', { name: 'Store platforms' });
    expect(row('WooCommerce')).toHaveTextContent('Connected');
    expect(row('WooCommerce')).toHaveTextContent('shop.example.com');
    expect(within(row('WooCommerce')).getByRole('link', { name: 'Reconnect WooCommerce' })).toHaveAttribute(
      'href',
      '/setup-store?platform=woocommerce',
    );
    expect(within(row('Custom API')).getByRole('link', { name: 'Connect Custom API' })).toHaveAttribute(
      'href',
      '/setup-store?platform=custom',
    );
    expect(row('Shopify')).toHaveTextContent('Coming soon');
    expect(within(row('Shopify')).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a working store',
      () => json({ success: true }),
      'Connection Successful',
      'WooCommerce is properly configured and responding.',
    ],
    [
      'a store answering with an error',
      () => json({ success: false, error: 'WooCommerce refused the API key (401).' }),
      'Connection Failed',
      'WooCommerce refused the API key (401).',
    ],
    [
      'a failed check without a reason',
      () => json({ success: false }),
      'Connection Failed',
      'Could not connect to platform API.',
    ],
    [
      'a check that could not run',
      () => json({ error: { code: 'internal', message: 'Boom' } }, 500),
      'Test Failed',
      'Unable to test connection. Check your credentials.',
    ],
  ])('tests %s and says so', async (_case, answer, title, description) => {
    const user = renderCard({ [CHECK_PATH]: answer });
    await screen.findByRole('list', { name: 'Store platforms' });
    await user.click(within(row('WooCommerce')).getByRole('button', { name: 'Test WooCommerce' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('marks the selling store, and makes another connected store the selling one on request', async () => {
    let chosen: string | null = null;
    const user = renderCard({
      '/api/connections/stores/22222222-0000-4000-8000-000000000000/selling': () => {
        chosen = 'custom';
        return json({ integrationId: '22222222-0000-4000-8000-000000000000', changed: true });
      },
    });
    await screen.findByRole('list', { name: 'Store platforms' });
    expect(within(row('WooCommerce')).getByText('Selling')).toBeInTheDocument();
    expect(within(row('Custom API')).queryByText('Selling')).not.toBeInTheDocument();
    expect(within(row('WooCommerce')).queryByRole('button', { name: 'Sell from WooCommerce' })).toBeNull();
    await user.click(within(row('Custom API')).getByRole('button', { name: 'Sell from Custom API' }));
    expect(await screen.findByText('Agents now sell from Custom API.')).toBeInTheDocument();
    expect(chosen).toBe('custom');
  });

  it('toasts and offers a retry when the connections cannot be loaded', async () => {
    renderCard({ '/api/connections': () => json({ error: { code: 'internal', message: 'Down' } }, 500) });
    // The toast and the card both say so.
    await waitFor(() => expect(screen.getAllByText('Error loading store connections')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
