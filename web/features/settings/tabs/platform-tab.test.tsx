import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConnectionsOutput } from '#common/api/connections';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { merchantView } from '../settings-fixtures';
import { PlatformTab } from './platform-tab';

const platform = (id: string, name: string): ConnectionsOutput['platforms'][number] => ({
  id,
  name,
  summary: '',
  availability: 'live',
  credentialFields: [],
});

const store = (id: string, platformId: string, host: string, selling: boolean) => ({
  id,
  platform: platformId,
  status: 'connected',
  display: { host, storeUrl: `https://${host}` },
  lastTestedAt: null,
  lastError: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  selling,
  openUrl: platformId === 'woocommerce' ? '/__sim/woocommerce/stores/demo/orders' : null,
});

const WOO_ID = '11111111-0000-4000-8000-000000000000';
const CUSTOM_ID = '22222222-0000-4000-8000-000000000000';
const CONNECTIONS: ConnectionsOutput = {
  stores: [
    store(WOO_ID, 'woocommerce', 'shop.example.com', true),
    store(CUSTOM_ID, 'custom', 'roaster.example.com', false),
  ],
  payments: [],
  platforms: [platform('woocommerce', 'WooCommerce'), platform('custom', 'Custom API')],
  paymentProviders: [],
};

function renderTab(routes: Record<string, FetchHandler> = {}) {
  stubFetch({ signedIn: true, routes: { '/api/connections': () => json(CONNECTIONS), ...routes } });
  renderPage(<PlatformTab />, { path: '/settings' });
  return userEvent.setup();
}

describe('Settings › Platform', () => {
  it('lists every connected store, marks the selling one, and sells from another on request', async () => {
    let connections = CONNECTIONS;
    const user = renderTab({
      '/api/connections': () => json(connections),
      [`/api/connections/stores/${CUSTOM_ID}/selling`]: () => {
        connections = {
          ...CONNECTIONS,
          stores: CONNECTIONS.stores.map((s) => ({ ...s, selling: s.id === CUSTOM_ID })),
        };
        return json({ integrationId: CUSTOM_ID, changed: true });
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your stores...');
    const list = await screen.findByRole('list', { name: 'Your stores' });
    const woo = within(list).getByRole('listitem', { name: 'WooCommerce' });
    const custom = within(list).getByRole('listitem', { name: 'Custom API' });
    expect(within(woo).getByText('Selling')).toBeInTheDocument();
    expect(woo).toHaveTextContent('shop.example.com');
    expect(within(custom).queryByText('Selling')).not.toBeInTheDocument();
    // The product spec: Reconfigure goes to /onboarding.
    expect(within(woo).getByRole('link', { name: 'Reconfigure' })).toHaveAttribute('href', '/onboarding');
    // Open store goes where the server says (the simulator's orders page in sandbox), and only there.
    expect(within(woo).getByRole('link', { name: /Open store/ })).toHaveAttribute(
      'href',
      '/__sim/woocommerce/stores/demo/orders',
    );
    expect(within(custom).queryByRole('link', { name: /Open store/ })).not.toBeInTheDocument();

    await user.click(within(custom).getByRole('button', { name: 'Sell from Custom API' }));
    expect(await screen.findByText('Agents now sell from Custom API.')).toBeInTheDocument();
    expect(await within(custom).findByText('Selling')).toBeInTheDocument();
    expect(within(woo).queryByText('Selling')).not.toBeInTheDocument();
  });

  it('offers to connect a store when there is none', async () => {
    renderTab({ '/api/connections': () => json({ ...CONNECTIONS, stores: [] }) });
    expect(await screen.findByRole('link', { name: 'Connect Platform' })).toHaveAttribute(
      'href',
      '/setup-store',
    );
  });

  it('says when the stores cannot be loaded, with a retry', async () => {
    renderTab({ '/api/connections': () => json({ error: { code: 'internal', message: 'Down' } }, 500) });
    expect(await screen.findByText('Error loading your stores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves what an order the store cancels gets: flag by default, refund on request', async () => {
    const sent: unknown[] = [];
    stubFetch({
      signedIn: true,
      routes: {
        '/api/connections': () => json(CONNECTIONS),
        '/api/merchant/order-settings': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json(merchantView({ storeCancellationPolicy: 'refund' }));
        },
      },
    });
    renderPage(<PlatformTab merchant={merchantView()} />, { path: '/settings' });
    const group = screen.getByRole('group', { name: 'When your store cancels an order' });
    expect(within(group).getByRole('radio', { name: /Ask me first/ })).toBeChecked();
    await userEvent.click(
      within(group).getByRole('radio', { name: 'Refund the buyer in full automatically' }),
    );
    expect(
      await screen.findByText('Saved what happens when your store cancels an order.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ storeCancellationPolicy: 'refund' }]);
  });
});
