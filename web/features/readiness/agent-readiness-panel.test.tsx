import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentAccount, MerchantView } from '#common/api/merchant';
import type { ReadinessReport } from '#common/api/readiness';
import { useFakeIntervals } from '#web/test/fake-intervals';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { AgentReadinessPanel } from './agent-readiness-panel';
import { READINESS_POLL_MS } from './api/check-readiness';

const MERCHANT: MerchantView = {
  id: 'm1',
  name: 'Acme',
  region: 'UK',
  defaultCurrency: 'GBP',
  createdAt: '2026-01-01T00:00:00.000Z',
  platform: 'woocommerce',
  storeUrl: 'https://shop.example.com',
  logoUrl: null,
  onboardingState: { completed: true },
  payments: {
    card: 'connected',
    cardAccountId: 'acct_123',
    bitcoin: { enabled: false, provider: 'opennode', expiryMins: 15 },
  },
  storeCancellationPolicy: 'flag',
};

const account = (merchant: MerchantView | null = MERCHANT): CurrentAccount => ({
  user: { id: 'u1', email: 'a@b.co', name: 'A' },
  merchant,
  roles: [],
});

const REPORT: ReadinessReport = {
  status: 'READY',
  reasons: [
    {
      code: 'BITCOIN_NOT_ENABLED',
      message: 'Enable Bitcoin Lightning to accept instant, chargeback-free payments.',
      optional: true,
    },
    {
      code: 'API_KEY_MISSING',
      message: 'Generate an API key for agents in Settings › API.',
      optional: false,
    },
  ],
  services: {
    app: { healthy: true, configured: true },
    crypto: { healthy: true, configured: true },
    stripe: { healthy: false, configured: true },
    bitcoin: { healthy: false, configured: false },
  },
  protocols: { agent_api: true, acp: true, ucp: true },
  version: '1.4.2',
  request_id: 'req-1',
  checked_at: '2026-05-01T10:00:00.000Z',
};

function renderPanel(routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/account': () => json(account()),
      '/api/readiness': () => json(REPORT),
      ...routes,
    },
  });
  renderPage(<AgentReadinessPanel />, { path: '/dashboard' });
  return { fetchMock, user: userEvent.setup() };
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path);

afterEach(() => {
  vi.useRealTimers();
});

describe('AgentReadinessPanel', () => {
  it('shows the overall badge, each service, the reasons with optional ones marked, and the version', async () => {
    renderPanel();
    expect(await screen.findByRole('status', { name: 'Status: Ready' })).toHaveTextContent('Ready');
    const services = within(screen.getByRole('list', { name: 'Services' }));
    expect(services.getByText('AgentCart app').nextSibling).toHaveTextContent('Healthy');
    expect(services.getByText('Card provider (Stripe)').nextSibling).toHaveTextContent('Not responding');
    expect(services.getByText('Bitcoin Lightning').nextSibling).toHaveTextContent('Not set up');

    const reasons = within(screen.getByRole('list', { name: 'What to fix' })).getAllByRole('listitem');
    expect(reasons[0]).toHaveTextContent('BITCOIN_NOT_ENABLED');
    expect(reasons[0]).toHaveTextContent('Optional');
    expect(reasons[1]).toHaveTextContent('API_KEY_MISSING');
    expect(reasons[1]).not.toHaveTextContent('Optional');
    expect(screen.getByText('1.4.2')).toBeInTheDocument();
  });

  it('lists each protocol agents buy through, UCP with them, and says why UCP alone is closed', async () => {
    renderPanel({
      '/api/readiness': () => json({ ...REPORT, protocols: { agent_api: true, acp: true, ucp: false } }),
    });
    const protocols = within(await screen.findByRole('list', { name: 'Protocols' }));
    expect(protocols.getByText('Agent API').nextSibling).toHaveTextContent('Taking orders');
    expect(protocols.getByText('ACP (ChatGPT)').nextSibling).toHaveTextContent('Taking orders');
    expect(protocols.getByText('UCP').nextSibling).toHaveTextContent('Signing key unavailable');
  });

  it('shows every protocol closed when the merchant is blocked', async () => {
    renderPanel({
      '/api/readiness': () =>
        json({ ...REPORT, status: 'BLOCKED', protocols: { agent_api: false, acp: false, ucp: false } }),
    });
    const protocols = within(await screen.findByRole('list', { name: 'Protocols' }));
    for (const name of ['Agent API', 'ACP (ChatGPT)', 'UCP'])
      expect(protocols.getByText(name).nextSibling).toHaveTextContent('Not taking orders');
  });

  it.each([
    ['OK', 'Ready'],
    ['DEGRADED', 'Degraded'],
    ['BLOCKED', 'Blocked'],
  ] as const)('shows %s as %s', async (status, label) => {
    renderPanel({ '/api/readiness': () => json({ ...REPORT, status }) });
    expect(await screen.findByRole('status', { name: `Status: ${label}` })).toHaveTextContent(label);
  });

  it('says so when there is nothing to fix', async () => {
    renderPanel({ '/api/readiness': () => json({ ...REPORT, status: 'OK', reasons: [] }) });
    expect(await screen.findByText(/Nothing to fix/)).toBeInTheDocument();
  });

  it('sends a fresh x-request-id with every check', async () => {
    const { fetchMock, user } = renderPanel();
    await screen.findByRole('status', { name: 'Status: Ready' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(2));
    const ids = callsTo(fetchMock, '/api/readiness').map(
      ([, init]) => (init?.headers as Record<string, string>)['x-request-id'],
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('checks again every 60 seconds', async () => {
    useFakeIntervals();
    const { fetchMock } = renderPanel();
    await screen.findByRole('status', { name: 'Status: Ready' });
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(READINESS_POLL_MS - 1_000));
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(READINESS_POLL_MS));
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(3);
  });

  it('shows Error, the reason and a way to try again when the check fails, with the Health Check Failed toast', async () => {
    let fail = true;
    const { user } = renderPanel({
      '/api/readiness': () =>
        fail ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 500) : json(REPORT),
    });
    expect(await screen.findByRole('status', { name: 'Status: Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    expect(await screen.findByText('Health Check Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not verify agent readiness endpoints.')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status', { name: 'Status: Ready' })).toBeInTheDocument();
  });

  it('invites a user with no merchant yet to onboarding, and checks nothing', async () => {
    const { fetchMock } = renderPanel({ '/api/account': () => json(account(null)) });
    expect(await screen.findByRole('link', { name: 'Continue onboarding' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(0);
  });

  it('still checks readiness when the merchant cannot be loaded, and says so', async () => {
    renderPanel({ '/api/account': () => json({ error: { code: 'internal', message: 'Boom' } }, 500) });
    expect(await screen.findByRole('status', { name: 'Status: Ready' })).toBeInTheDocument();
    expect(await screen.findAllByText('Error loading merchant data')).toHaveLength(2); // toast and alert
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('links to the settings tabs and the application bundle', async () => {
    renderPanel();
    await screen.findByRole('status', { name: 'Status: Ready' });
    expect(screen.getByRole('link', { name: 'Stripe settings' })).toHaveAttribute(
      'href',
      '/settings?tab=stripe',
    );
    expect(screen.getByRole('link', { name: 'Bitcoin settings' })).toHaveAttribute(
      'href',
      '/settings?tab=bitcoin',
    );
    expect(screen.getByRole('link', { name: /Generate Application Bundle/ })).toHaveAttribute(
      'href',
      '/agent/apply',
    );
  });
});

describe('AgentReadinessPanel toggles', () => {
  it('switches Bitcoin on through the endpoint, shows progress, then refetches the merchant and rechecks', async () => {
    let release!: () => void;
    const saved = new Promise<void>((resolve) => (release = resolve));
    const enabled = {
      ...MERCHANT,
      payments: { ...MERCHANT.payments, bitcoin: { ...MERCHANT.payments.bitcoin, enabled: true } },
    };
    let current = MERCHANT;
    const { fetchMock, user } = renderPanel({
      '/api/account': () => json(account(current)),
      '/api/merchant/payment-methods': async () => {
        await saved;
        current = enabled;
        return json(enabled);
      },
    });
    const bitcoin = await screen.findByRole('switch', { name: 'Bitcoin Lightning' });
    const card = screen.getByRole('switch', { name: 'Card payments' });
    expect(bitcoin).not.toBeChecked();
    expect(card).toBeChecked();

    await user.click(bitcoin);
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    expect(bitcoin).toBeDisabled();
    expect(card).toBeDisabled();
    const [, init] = callsTo(fetchMock, '/api/merchant/payment-methods')[0]!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ bitcoin: true });

    release();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Bitcoin Lightning' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Bitcoin Lightning' })).toBeChecked();
    expect(screen.queryByText('Saving...')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/account')).toHaveLength(2);
    expect(callsTo(fetchMock, '/api/readiness')).toHaveLength(2);
  });

  it('switches card payments off', async () => {
    const { fetchMock, user } = renderPanel({
      '/api/merchant/payment-methods': () =>
        json({ ...MERCHANT, payments: { ...MERCHANT.payments, card: 'off', cardAccountId: null } }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Card payments' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/merchant/payment-methods')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/merchant/payment-methods')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ card: false });
  });

  it("says 'Failed to update' with the server's reason when a switch cannot be saved", async () => {
    const { user } = renderPanel({
      '/api/merchant/payment-methods': () =>
        json({ error: { code: 'invalid_request', message: 'Connect a card provider first.' } }, 400),
    });
    await user.click(await screen.findByRole('switch', { name: 'Bitcoin Lightning' }));
    expect(await screen.findByText('Failed to update')).toBeInTheDocument();
    expect(screen.getByText('Connect a card provider first.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Bitcoin Lightning' })).not.toBeChecked();
  });
});

describe('AgentReadinessPanel documents', () => {
  function stubWindowOpen() {
    const opened = { document: document.implementation.createHTMLDocument(''), close: vi.fn(), opener: {} };
    const open = vi.fn(() => opened as unknown as Window);
    vi.stubGlobal('open', open);
    return { open, opened };
  }

  it('opens Discovery at its address in a new window', async () => {
    renderPanel();
    const discovery = await screen.findByRole('link', { name: /Discovery/ });
    expect(discovery).toHaveAttribute('href', '/.well-known/agent-commerce.json');
    expect(discovery).toHaveAttribute('target', '_blank');
  });

  it('opens a new window with the health JSON', async () => {
    const health = { status: 'ok', timestamp: '2026-05-01T10:00:00.000Z', version: '1.4.2', mode: 'sandbox' };
    const { user } = renderPanel({
      '/api/acp-health': () =>
        json({
          ...health,
          api_base_url: 'http://localhost/acp',
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
        }),
    });
    const { open, opened } = stubWindowOpen();
    await user.click(await screen.findByRole('button', { name: /Health/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(JSON.parse(opened.document.body.textContent!)).toMatchObject(health));
    expect(opened.opener).toBeNull();
  });

  it('opens a new window with the OpenAPI document', async () => {
    const doc = { openapi: '3.1.0', info: { title: 'AgentCart agent APIs', version: '1.4.2' }, paths: {} };
    const { user } = renderPanel({ '/api/acp-openapi': () => json(doc) });
    const { opened } = stubWindowOpen();
    await user.click(await screen.findByRole('button', { name: /OpenAPI/ }));
    await waitFor(() => expect(JSON.parse(opened.document.body.textContent!)).toEqual(doc));
  });

  it('closes the window and explains when the health endpoint cannot be reached', async () => {
    const { user } = renderPanel({
      '/api/acp-health': () => json({ error: { code: 'internal', message: 'Down for maintenance' } }, 500),
    });
    const { opened } = stubWindowOpen();
    await user.click(await screen.findByRole('button', { name: /Health/ }));
    expect(await screen.findByText('Health Check Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to reach health endpoint: Down for maintenance')).toBeInTheDocument();
    expect(opened.close).toHaveBeenCalled();
  });
});
