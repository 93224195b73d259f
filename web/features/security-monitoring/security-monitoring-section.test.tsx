import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentAccount } from '#common/api/merchant';
import type { CheckoutAccessOutput, SecurityMetricsOutput, ThreatPatternsOutput } from '#common/api/security';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { SecurityMonitoringSection } from './security-monitoring-section';

// Radix Select scrolls its chosen option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => undefined;

const now = new Date().toISOString();
const hourBucket = `${now.slice(0, 13)}:00:00.000Z`;

const account = (roles: string[] = []): CurrentAccount => ({
  user: { id: 'u1', email: 'a@b.co', name: 'A' },
  merchant: null,
  roles,
});

const ACCESS: CheckoutAccessOutput = {
  events: [
    {
      id: 'e1',
      merchant_id: 'm1111111-0000-4000-8000-000000000000',
      checkout_id: 'chk_abc',
      amount: 4397,
      currency: 'GBP',
      user_id: null,
      status: 'ACCEPTED',
      via: 'agent_api',
      key_id: 'abcdef12',
      created_at: now,
    },
  ],
  accesses_last_5_minutes: 21,
  rapid_checkout_access: true,
};

const THREATS: ThreatPatternsOutput = {
  suspicious: [
    {
      merchant_id: 'm1',
      suspicious_activity: 'rapid_checkout_access',
      count: 21,
      first_occurrence: now,
      last_occurrence: now,
    },
  ],
  patterns: [
    {
      merchant_id: 'm1',
      pattern_type: 'brute_force_auth',
      severity: 'critical',
      occurrence_count: 20,
      first_seen: now,
      details: '20 failed sign-ins to your account in the last hour, from 3 addresses.',
    },
  ],
};

const METRICS: SecurityMetricsOutput = {
  rows: [
    { metric_type: 'checkout_access', count: 21, time_bucket: hourBucket },
    { metric_type: 'checkout_anonymized', count: 4, time_bucket: hourBucket },
  ],
  totals: { checkout_access: 21, checkout_anonymized: 4 },
};

function renderSection(routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/account': () => json(account()),
      '/api/security/checkout-access': () => json(ACCESS),
      '/api/security/threats': () => json(THREATS),
      '/api/security/metrics': () => json(METRICS),
      '/api/security/log': () =>
        json({
          events: [
            {
              id: 's1',
              merchant_id: null,
              type: 'auth_failure',
              name: 'signin_failed',
              details: { reason: 'signin_failed', email: 'mer***' },
              user_agent: null,
              created_at: now,
            },
            {
              id: 's2',
              merchant_id: 'm1111111-0000-4000-8000-000000000000',
              type: 'settings_change',
              name: 'api_key.generated',
              details: { area: 'api_key', action: 'generated', keyId: 'ak_test_', keyEnding: '9f3a' },
              user_agent: null,
              created_at: now,
            },
          ],
        }),
      ...routes,
    },
  });
  renderPage(<SecurityMonitoringSection />, { path: '/dashboard' });
  return fetchMock;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('SecurityMonitoringSection', () => {
  it('shows the metrics, the rapid-access flag, the patterns and who read which checkout', async () => {
    renderSection();
    const metrics = await screen.findByRole('region', { name: 'Security metrics' });
    await within(metrics).findByText('Checkout data reads');
    expect(within(metrics).getByText('Checkout data reads').nextSibling).toHaveTextContent('21');
    expect(within(metrics).getByText('Anonymized (90-day purge)').nextSibling).toHaveTextContent('4');
    expect(await within(metrics).findByText('Rapid access')).toBeInTheDocument();
    expect(within(metrics).getByText(/reads in the last 5 minutes/)).toHaveTextContent('21');
    expect(await within(metrics).findByText('Failed sign-in')).toBeInTheDocument();
    expect(within(metrics).getByText('mer***')).toBeInTheDocument();
    // Events read as sentences; their codes never show.
    expect(within(metrics).getByText('API key generated')).toBeInTheDocument();
    expect(within(metrics).getByText('Key ending 9f3a')).toBeInTheDocument();
    expect(metrics).not.toHaveTextContent(/settings_change|api_key|ak_test_/);

    const threats = region('Threat detection');
    expect(await within(threats).findByText('Rapid checkout access')).toBeInTheDocument();
    expect(within(threats).getByText(/21 reads of checkout data within 5 minutes/)).toBeInTheDocument();
    const [pattern] = within(within(threats).getByRole('list', { name: 'Threat patterns' })).getAllByRole(
      'listitem',
    );
    expect(pattern).toHaveTextContent('critical');
    expect(pattern).toHaveTextContent('Brute-force sign-in');
    expect(pattern).toHaveTextContent('20×');
    expect(pattern).toHaveTextContent(
      '20 failed sign-ins to your account in the last hour, from 3 addresses.',
    );
    expect(within(threats).getByText('2 found')).toBeInTheDocument();

    const [row] = await within(threats).findAllByRole('row', { name: /Agent API/ });
    expect(row).toHaveTextContent('Agent API · key abcdef12');
    expect(row).toHaveTextContent('GBP 43.97');
    expect(row).toHaveTextContent('just now');
  });

  it('says so when all is quiet', async () => {
    renderSection({
      '/api/security/threats': () => json({ suspicious: [], patterns: [] }),
      '/api/security/checkout-access': () =>
        json({ events: [], accesses_last_5_minutes: 0, rapid_checkout_access: false }),
      '/api/security/log': () => json({ events: [] }),
    });
    expect(await screen.findByText(/No suspicious patterns/)).toBeInTheDocument();
    expect(screen.getByText('No threats')).toBeInTheDocument();
    expect(await screen.findByText(/No reads of checkout data yet/)).toBeInTheDocument();
    expect(await screen.findByText('Normal')).toBeInTheDocument();
    expect(await screen.findByText(/No security events/)).toBeInTheDocument();
  });

  it('shows each part failing on its own, with a way to try again', async () => {
    const boom = () => json({ error: { code: 'internal', message: 'Database unavailable' } }, 500);
    renderSection({ '/api/security/threats': boom, '/api/security/metrics': boom });
    expect(await screen.findByText('We could not check for threats')).toBeInTheDocument();
    expect(await screen.findByText('We could not load security metrics')).toBeInTheDocument();
    expect(await screen.findAllByRole('row', { name: /chk_abc/ })).toHaveLength(1);
  });

  it('gives an admin a merchant picker that scopes every request', async () => {
    const fetchMock = renderSection({
      '/api/account': () => json(account(['admin'])),
      '/api/security/merchants': () =>
        json({ merchants: [{ id: 'm2222222-0000-4000-8000-000000000000', name: 'Beta' }] }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Merchant (admin)' }));
    await user.click(await screen.findByRole('option', { name: 'All merchants' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(
        expect.arrayContaining([
          '/api/security/threats?merchant=all',
          '/api/security/metrics?merchant=all',
          '/api/security/checkout-access?limit=10&merchant=all',
          '/api/security/log?limit=5&merchant=all',
        ]),
      ),
    );
    // Every merchant's view says whose each read was.
    expect(await screen.findByRole('columnheader', { name: 'Merchant' })).toBeInTheDocument();
  });

  it('has no picker for a merchant', async () => {
    renderSection();
    await screen.findAllByRole('row', { name: /chk_abc/ });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
