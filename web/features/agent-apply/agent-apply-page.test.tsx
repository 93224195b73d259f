import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentApplicationFacts, ApplicationBundle } from '#common/api/agent-application';
import type { ConnectionsOutput } from '#common/api/connections';
import { POSTMAN_COLLECTION_SCHEMA_URL, UAT_COLLECTION_FILE_NAME } from '#common/api/agent-application';
import { AGENT_APPLICATION_MESSAGES } from '#common/validation/agent-application';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import AgentApplyPage from './agent-apply-page';

const NEW_MERCHANT: AgentApplicationFacts = {
  merchantName: null,
  storeUrl: null,
  contactEmail: 'owner@shop.example',
  acpBaseUrl: 'http://localhost:3000/acp',
  platformsConnected: [],
  bitcoinEnabled: false,
};

const CONNECTED: AgentApplicationFacts = {
  ...NEW_MERCHANT,
  merchantName: 'Acme Outdoors',
  storeUrl: 'https://shop.example',
  platformsConnected: ['woocommerce'],
  bitcoinEnabled: true,
};

const BUNDLE: ApplicationBundle = {
  merchant_info: {
    name: 'Acme Outdoors',
    domain: 'shop.example',
    contact: 'owner@shop.example',
    platforms_connected: ['woocommerce'],
    regions: ['UK', 'EU'],
    currencies: ['GBP', 'EUR', 'USD'],
    fulfilment: 'Own fulfilment',
  },
  agent_commerce_discovery: {
    name: 'AgentCart',
    acp: { base_url: 'http://localhost:3000/acp' },
    agent_api: { base_url: 'http://localhost:3000/api' },
  },
  acp_health: {
    status: 'ok',
    timestamp: '2026-11-18T09:30:00.000Z',
    version: '0.1.0',
    mode: 'sandbox',
    api_base_url: 'http://localhost:3000/acp',
    current_version: '2026-04-17',
    supported_versions: ['2025-09-29', '2026-04-17'],
    checks: {
      endpoints: 'operational',
      database: 'operational',
      encryption: 'operational',
      stripe: 'operational',
      opennode: 'operational',
    },
    reasons: [],
  },
  acp_openapi: { openapi: '3.1.0', info: { title: 'AgentCart agent APIs', version: '0.1.0' }, paths: {} },
  product_urls: [],
  generated_at: '2026-11-18T09:30:00.123Z',
};

/** What the page hands the browser to save: the file name and the JSON inside. */
const saved: { fileName: string; blob: Blob }[] = [];
beforeEach(() => {
  saved.length = 0;
  let lastBlob: Blob;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:file';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, blob: lastBlob });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The platform names, as the server's registry serves them with the connections. */
const CONNECTIONS: ConnectionsOutput = {
  stores: [],
  payments: [],
  paymentProviders: [],
  platforms: [
    { id: 'woocommerce', name: 'WooCommerce', summary: '', availability: 'live', credentialFields: [] },
  ],
};

function renderApply(routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/agent-application': () => json(CONNECTED),
      '/api/connections': () => json(CONNECTIONS),
      ...routes,
    },
  });
  const user = userEvent.setup();
  renderPage(<AgentApplyPage />, { path: '/agent/apply' });
  return { user, fetchMock };
}

const generateButton = () =>
  screen.getByRole('button', { name: /Generate Application Bundle|Generating Bundle/ });
const bundleCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/agent-application/bundle');

describe('/agent/apply', () => {
  it('shows what is missing for a new merchant, and the default answers', async () => {
    renderApply({ '/api/agent-application': () => json(NEW_MERCHANT) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apply to ChatGPT Instant Checkout' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText('None connected')).toBeInTheDocument();
    expect(screen.getByText('Card · Shared Payment Token')).toBeInTheDocument();
    expect(screen.queryByText('Bitcoin Lightning')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Regions')).toHaveValue('UK, EU');
    expect(screen.getByLabelText('Currencies')).toHaveValue('GBP, EUR, USD');
    expect(screen.getByLabelText('Fulfilment method')).toHaveValue('Own fulfilment');
    expect(screen.getByLabelText('Product URLs')).toHaveValue('');
    expect(generateButton()).toBeEnabled();
  });

  it('lists the connected platforms and the Bitcoin badge when Bitcoin is on', async () => {
    renderApply();
    expect(await screen.findByText('Acme Outdoors')).toBeInTheDocument();
    expect(screen.getByText('https://shop.example')).toBeInTheDocument();
    expect(await screen.findByText('WooCommerce')).toBeInTheDocument();
    expect(screen.getByText('Bitcoin Lightning')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:3000/acp')).toBeInTheDocument();
  });

  it.each([
    ['Regions', ' , ', AGENT_APPLICATION_MESSAGES.regionsRequired],
    ['Currencies', '', AGENT_APPLICATION_MESSAGES.currenciesRequired],
    ['Currencies', 'GBP, pounds', AGENT_APPLICATION_MESSAGES.currencyFormat],
    ['Fulfilment method', '  ', AGENT_APPLICATION_MESSAGES.fulfilmentRequired],
    [
      'Product URLs',
      'https://shop.example/p/1\nshop.example/p/2',
      AGENT_APPLICATION_MESSAGES.productUrlFormat,
    ],
  ])('refuses %s "%s" with the rule’s message, sending nothing', async (label, value, message) => {
    const { user, fetchMock } = renderApply();
    await screen.findByText('Acme Outdoors');
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(bundleCalls(fetchMock)).toHaveLength(0);
  });

  it("sends the answers as typed, shows 'Generating Bundle...', and downloads the bundle named with its time", async () => {
    let answer!: (response: Response) => void;
    const { user, fetchMock } = renderApply({
      '/api/agent-application/bundle': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Acme Outdoors');
    await user.type(screen.getByLabelText('Product URLs'), 'https://shop.example/p/1{Enter}{Enter}');
    await user.click(generateButton());

    await waitFor(() => expect(generateButton()).toHaveTextContent('Generating Bundle...'));
    expect(generateButton()).toBeDisabled();
    expect(JSON.parse(String(bundleCalls(fetchMock)[0]![1]!.body))).toEqual({
      productUrls: 'https://shop.example/p/1\n\n',
      regions: 'UK, EU',
      currencies: 'GBP, EUR, USD',
      fulfilment: 'Own fulfilment',
    });

    answer(json(BUNDLE));
    expect(await screen.findByText(AGENT_APPLICATION_MESSAGES.bundleGenerated)).toBeInTheDocument();
    expect(screen.getByText(AGENT_APPLICATION_MESSAGES.bundleGeneratedNote)).toBeInTheDocument();
    expect(saved.map((s) => s.fileName)).toEqual(['agentcart-application-bundle-2026-11-18T09-30-00Z.json']);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(BUNDLE);
    expect(generateButton()).toHaveTextContent('Generate Application Bundle');
  });

  it("says 'Generation Failed' when the server cannot build the bundle, and puts its field message under the field", async () => {
    const { user } = renderApply({
      '/api/agent-application/bundle': () =>
        json(
          {
            error: {
              code: 'invalid_request',
              message: AGENT_APPLICATION_MESSAGES.currencyFormat,
              fieldErrors: { currencies: AGENT_APPLICATION_MESSAGES.currencyFormat },
            },
          },
          400,
        ),
    });
    await screen.findByText('Acme Outdoors');
    await user.click(generateButton());
    expect(await screen.findByText(AGENT_APPLICATION_MESSAGES.generationFailed)).toBeInTheDocument();
    expect(screen.getByText(AGENT_APPLICATION_MESSAGES.generationFailedNote)).toBeInTheDocument();
    expect(screen.getByLabelText('Currencies')).toHaveAccessibleDescription(
      AGENT_APPLICATION_MESSAGES.currencyFormat,
    );
    expect(saved).toEqual([]);
  });

  it('keeps Generate off without a merchant, and sends the user to onboarding', async () => {
    renderApply({
      '/api/agent-application': () =>
        json({ error: { code: 'not_found', message: 'Merchant account not found' } }, 404),
    });
    expect(await screen.findByText('Your merchant account is not set up yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to onboarding' })).toHaveAttribute('href', '/onboarding');
    expect(generateButton()).toBeDisabled();
  });

  it('says when the store details cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderApply({
      '/api/agent-application': () =>
        fail ? json({ error: { code: 'internal', message: 'Something broke.' } }, 500) : json(CONNECTED),
    });
    expect(await screen.findByText('Your store details could not be loaded')).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Outdoors')).toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('downloads the UAT testing collection', async () => {
    const collection = { info: { name: 'UAT', schema: POSTMAN_COLLECTION_SCHEMA_URL }, item: [] };
    const { user } = renderApply({ '/api/agent-application/uat-collection': () => json(collection) });
    await user.click(await screen.findByRole('button', { name: 'Download UAT testing collection' }));
    await waitFor(() => expect(saved.map((s) => s.fileName)).toEqual([UAT_COLLECTION_FILE_NAME]));
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(collection);
  });

  it('says what to do when the collection cannot be downloaded', async () => {
    const { user } = renderApply({
      '/api/agent-application/uat-collection': () =>
        json({ error: { code: 'unauthorized', message: 'You must be signed in.' } }, 401),
    });
    await user.click(await screen.findByRole('button', { name: 'Download UAT testing collection' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(
      screen.getByText('You must be signed in. Try the download again in a moment.'),
    ).toBeInTheDocument();
  });
});
