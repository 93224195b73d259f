import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionsOutput } from '#common/api/connections';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import SetupStorePage from './setup-store-page';

const field = (name: string, label: string, secret = false) => ({ name, label, secret });

/** The platforms as GET /api/connections describes them: WooCommerce and Custom API live, three coming soon. */
const CONNECTIONS: ConnectionsOutput = {
  stores: [],
  payments: [],
  paymentProviders: [],
  platforms: [
    {
      id: 'woocommerce',
      name: 'WooCommerce',
      summary: 'REST API v3, WooCommerce 3.0 or later. Takes about 2 minutes.',
      availability: 'live',
      credentialFields: [
        field('storeUrl', 'Store URL'),
        field('consumerKey', 'Consumer key'),
        field('consumerSecret', 'Consumer secret', true),
      ],
    },
    {
      id: 'shopify',
      name: 'Shopify',
      summary: 'The Admin API (version 2024-01) through a custom app’s access token.',
      availability: 'coming_soon',
      credentialFields: [
        field('storeName', 'Store name'),
        field('accessToken', 'Admin API access token', true),
      ],
    },
    {
      id: 'bigcommerce',
      name: 'BigCommerce',
      summary: 'A store-level API account: its store hash and access token.',
      availability: 'coming_soon',
      credentialFields: [field('storeHash', 'Store hash'), field('accessToken', 'Access token', true)],
    },
    {
      id: 'magento',
      name: 'Magento',
      summary: 'Magento 2.0 or later, or Adobe Commerce, with an integration access token.',
      availability: 'coming_soon',
      credentialFields: [
        field('storeUrl', 'Store URL'),
        field('accessToken', 'Integration access token', true),
      ],
    },
    {
      id: 'custom',
      name: 'Custom API',
      summary: 'Your own API with product listing and order creation endpoints. Takes about 10 minutes.',
      availability: 'live',
      credentialFields: [field('endpoint', 'API endpoint'), field('apiKey', 'API key', true)],
    },
  ],
};

const WOO = {
  storeUrl: 'https://shop.example.com',
  consumerKey: `ck_${'a'.repeat(40)}`,
  consumerSecret: `cs_${'b'.repeat(40)}`,
};

const passingTest: FetchHandler = (init) => {
  const { platform } = JSON.parse(String(init?.body)) as { platform: string };
  const name = CONNECTIONS.platforms.find((p) => p.id === platform)!.name;
  return json({
    success: true,
    message: `${name} is properly configured and responding.`,
    storeName: 'Acme',
  });
};

function renderSetupStore(routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: { '/api/connections': () => json(CONNECTIONS), ...routes },
  });
  const user = userEvent.setup();
  const { router } = renderPage(<SetupStorePage />, {
    path: '/setup-store',
    extraRoutes: [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/auth', element: <h1>Sign in</h1> },
    ],
  });
  return { user, router, fetchMock };
}

const testButton = () => screen.getByRole('button', { name: /Test Connection|Testing|Connection Verified/ });
const saveButton = () => screen.getByRole('button', { name: /Save & Continue|Saving/ });
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path);

async function fillWoo(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof WOO> = WOO) {
  for (const [label, value] of [
    ['Store URL', values.storeUrl],
    ['Consumer key', values.consumerKey],
    ['Consumer secret', values.consumerSecret],
  ] as const) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('/setup-store', () => {
  it('offers the five platforms, marking Shopify, BigCommerce and Magento as coming soon', async () => {
    renderSetupStore();
    expect(await screen.findByLabelText('Consumer secret')).toHaveAttribute('type', 'password');
    const tabs = screen.getByRole('tablist', { name: 'Store platform' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'WooCommerce',
      'ShopifySoon (coming soon)',
      'BigCommerceSoon (coming soon)',
      'MagentoSoon (coming soon)',
      'Custom API',
    ]);
    expect(screen.getByText('Production Ready')).toBeInTheDocument();
  });

  it.each([
    ['WooCommerce', 'Please fill in all WooCommerce credentials'],
    ['Shopify', 'Please fill in all Shopify credentials'],
    ['BigCommerce', 'Please fill in all BigCommerce credentials'],
    ['Magento', 'Please fill in all Magento credentials'],
    ['Custom API', 'Please fill in all Custom API credentials'],
  ])('asks for every %s field, naming the platform, testing nothing', async (tab, message) => {
    const { user, fetchMock } = renderSetupStore();
    await user.click(await screen.findByRole('tab', { name: new RegExp(`^${tab}`) }));
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/connections/stores/test')).toHaveLength(0);
  });

  it('hides secrets on every platform', async () => {
    const { user } = renderSetupStore();
    for (const [tab, secret] of [
      ['Shopify', 'Admin API access token'],
      ['BigCommerce', 'Access token'],
      ['Magento', 'Integration access token'],
      ['Custom API', 'API key'],
    ]) {
      await user.click(await screen.findByRole('tab', { name: new RegExp(`^${tab}`) }));
      expect(await screen.findByLabelText(secret!)).toHaveAttribute('type', 'password');
    }
  });

  it('wants store URLs on https://', async () => {
    const { user, fetchMock } = renderSetupStore();
    await screen.findByLabelText('Store URL');
    await fillWoo(user, { ...WOO, storeUrl: 'http://shop.example.com' });
    await user.click(testButton());
    expect(await screen.findByText('Store URL must start with https://')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/connections/stores/test')).toHaveLength(0);
  });

  it('strips trailing slashes before testing, then enables Save only after the test passes', async () => {
    let finishTest: (response: Response) => void = () => undefined;
    const { user, fetchMock } = renderSetupStore({
      '/api/connections/stores/test': () => new Promise<Response>((resolve) => (finishTest = resolve)),
    });
    await screen.findByLabelText('Store URL');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Please test the connection first');
    await fillWoo(user, { ...WOO, storeUrl: 'https://shop.example.com///' });
    await user.click(testButton());
    expect(await screen.findByRole('button', { name: /Testing\.\.\./ })).toBeDisabled();
    const [, init] = callsTo(fetchMock, '/api/connections/stores/test')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ platform: 'woocommerce', credentials: WOO });
    finishTest(
      json({
        success: true,
        message: 'WooCommerce is properly configured and responding.',
        storeName: 'Acme',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Connection Verified' })).toBeInTheDocument();
    expect(await screen.findByText('WooCommerce is properly configured and responding.')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('clears the passed test when a credential changes', async () => {
    const { user } = renderSetupStore({ '/api/connections/stores/test': passingTest });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.type(screen.getByLabelText('Consumer key'), 'x');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeInTheDocument();
  });

  it("shows a refused connection as 'Connection failed: {status}' with what to do next, keeping Save off", async () => {
    const { user } = renderSetupStore({
      '/api/connections/stores/test': () =>
        json({ error: { code: 'unprocessable', message: 'Connection failed: 401 Unauthorized' } }, 422),
    });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection failed: 401 Unauthorized');
    expect(alert).toHaveTextContent('then test the connection again');
    // Said once: the box, with no toast or field message repeating it.
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();
    expect(screen.getAllByText('Connection failed: 401 Unauthorized')).toHaveLength(1);
    expect(saveButton()).toBeDisabled();
  });

  it("puts the server's field message under its field", async () => {
    const { user } = renderSetupStore({
      '/api/connections/stores/test': () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: 'Consumer key must be "ck_" followed by 40 hexadecimal characters',
              fieldErrors: {
                consumerKey: 'Consumer key must be "ck_" followed by 40 hexadecimal characters',
              },
            },
          },
          400,
        ),
    });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    await waitFor(() =>
      expect(screen.getByLabelText('Consumer key')).toHaveAccessibleDescription(
        'Consumer key must be "ck_" followed by 40 hexadecimal characters',
      ),
    );
  });

  it('saves the tested credentials and goes to the dashboard', async () => {
    const save = vi.fn(() =>
      json({ integrationId: 'i1', selling: true, message: 'Store connected successfully!' }),
    );
    const { user, router } = renderSetupStore({
      '/api/connections/stores/test': passingTest,
      '/api/connections/stores/woocommerce': save,
    });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Store connected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT' }));
  });

  it('asks which store agents sell from when another store is selling, and sends the answer', async () => {
    const bodies: unknown[] = [];
    const selling = {
      id: '22222222-0000-4000-8000-000000000000',
      platform: 'shopify',
      status: 'connected',
      display: { host: 'demo.myshopify.com' },
      lastTestedAt: null,
      lastError: null,
      updatedAt: '2026-11-01T00:00:00.000Z',
      selling: true,
      openUrl: null,
    };
    const { user } = renderSetupStore({
      '/api/connections': () => json({ ...CONNECTIONS, stores: [selling] }),
      '/api/connections/stores/test': passingTest,
      '/api/connections/stores/woocommerce': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ integrationId: 'i1', selling: false, message: 'Store connected successfully!' });
      },
    });
    // The same list, with the same marker, as Settings › Platform.
    const stores = await screen.findByRole('list', { name: 'Your stores' });
    expect(within(stores).getByText('Selling')).toBeInTheDocument();
    await fillWoo(user);
    expect(screen.queryByText('Which store should agents sell from?')).not.toBeInTheDocument();
    await user.click(testButton());
    const question = await screen.findByRole('group', { name: 'Which store should agents sell from?' });
    expect(within(question).getByRole('radio', { name: /Keep selling from Shopify/ })).toBeChecked();
    await user.click(within(question).getByRole('radio', { name: /Sell from WooCommerce/ }));
    await user.click(saveButton());
    await screen.findByText('Store connected successfully!');
    expect(bodies).toEqual([expect.objectContaining({ selling: true })]);
  });

  it('sends a signed-out merchant to sign in when saving', async () => {
    const { user, router } = renderSetupStore({
      '/api/connections/stores/test': passingTest,
      '/api/connections/stores/woocommerce': () =>
        json({ error: { code: 'unauthorized', message: 'You must be signed in.' } }, 401),
    });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Please log in to save connection')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('says when the merchant account is missing', async () => {
    const { user } = renderSetupStore({
      '/api/connections/stores/test': passingTest,
      '/api/connections/stores/woocommerce': () =>
        json({ error: { code: 'not_found', message: 'Merchant account not found' } }, 404),
    });
    await screen.findByLabelText('Store URL');
    await fillWoo(user);
    await user.click(testButton());
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Failed to save connection')).toBeInTheDocument();
    expect(screen.getByText('Merchant account not found')).toBeInTheDocument();
  });

  it('tests a coming-soon platform but refuses to save it, saying why', async () => {
    const { user } = renderSetupStore({ '/api/connections/stores/test': passingTest });
    await user.click(await screen.findByRole('tab', { name: /^Shopify/ }));
    await user.type(await screen.findByLabelText('Store name'), 'acme');
    await user.type(screen.getByLabelText('Admin API access token'), 'shpat_123');
    await user.click(testButton());
    expect(await screen.findByRole('button', { name: 'Connection Verified' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Shopify is coming soon and cannot be connected yet.');
  });

  it('says what to do when the platforms cannot be loaded', async () => {
    stubFetch({
      signedIn: true,
      routes: {
        '/api/connections': () => json({ error: { code: 'internal', message: 'Something broke' } }, 500),
      },
    });
    renderPage(<SetupStorePage />, { path: '/setup-store' });
    expect(await screen.findByText('The store settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
