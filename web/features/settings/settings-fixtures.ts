import type { ConnectionsOutput } from '#common/api/connections';
import type { CurrentAccount, MerchantView } from '#common/api/merchant';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';

/** Test data for the settings tabs: a merchant, its account answer and the connections list. */
export function merchantView(overrides: Partial<MerchantView> = {}): MerchantView {
  return {
    id: 'm1',
    name: 'Trail Supply Co.',
    region: 'UK',
    defaultCurrency: 'GBP',
    createdAt: '2026-11-20T10:00:00.000Z',
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
  };
}

export const accountOf = (merchant: MerchantView | null): CurrentAccount => ({
  user: { id: 'u1', email: 'a@b.co', name: 'A' },
  merchant,
  roles: [],
});

export const CONNECTIONS: ConnectionsOutput = {
  stores: [],
  payments: [],
  platforms: [],
  paymentProviders: [
    {
      id: 'opennode',
      name: 'OpenNode',
      method: 'lightning',
      availability: 'live',
      credentialFields: [{ name: 'apiKey', label: 'OpenNode API key', secret: true }],
      missingCredentialsMessage: 'Please enter your OpenNode API key',
      healthChecked: true,
      paymentMethod: { name: 'btc_opennode', label: 'Lightning (OpenNode)' },
    },
    {
      id: 'coincorner',
      name: 'CoinCorner',
      method: 'lightning',
      availability: 'live',
      credentialFields: [
        { name: 'apiKey', label: 'CoinCorner API key', secret: true },
        { name: 'apiSecret', label: 'CoinCorner API secret', secret: true },
      ],
      missingCredentialsMessage: 'Please enter your CoinCorner API credentials',
      healthChecked: false,
      paymentMethod: { name: 'btc_coincorner', label: 'Lightning (CoinCorner)' },
    },
  ],
};

/**
 * A signed-in merchant's answers for every settings tab (each can be replaced through `routes`), and
 * the calls the page made, by path and method.
 */
export function stubSettings(merchant: MerchantView | null, routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/account': () => json(accountOf(merchant)),
      '/api/connections': () => json(CONNECTIONS),
      // Outside the sandbox: no sandbox credentials are offered.
      '/api/status': () => json({ error: { code: 'internal', message: 'Unavailable' } }, 503),
      '/api/developers/api-key': () => json({ key: null }),
      ...routes,
    },
  });
  const calls = (path: string, method = 'GET') =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        new URL(String(input), 'http://x').pathname === path && (init?.method ?? 'GET') === method,
    );
  return { fetchMock, calls };
}
