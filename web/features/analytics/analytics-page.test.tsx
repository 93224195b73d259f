import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#common/api/analytics';
import { PROVIDER_LIST } from '#web/test/connections-fixture';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import AnalyticsPage from './analytics-page';

const REPORT: AnalyticsReport = {
  days: 30,
  currency: 'GBP',
  from: '2026-10-27',
  to: '2026-11-25',
  totals: {
    orders: 3,
    revenue: 6000,
    average_order_value: 2000,
    other_currency_orders: 1,
    refunded: 1250,
    disputes_lost: 0,
    net_revenue: 4750,
  },
  daily: [
    { day: '2026-11-24', orders: 0, revenue: 0, average_order_value: 0 },
    { day: '2026-11-25', orders: 3, revenue: 6000, average_order_value: 2000 },
  ],
  by_method: [
    { method: 'btc_opennode', payments: 2, amount: 5000 },
    { method: 'stripe_spt', payments: 1, amount: 1000 },
  ],
  by_channel: [
    { channel: 'acp_2026-04-17', started: 4, checkouts: 2, orders: 2, revenue: 5000 },
    { channel: 'agent_api', started: 10, checkouts: 3, orders: 1, revenue: 1000 },
  ],
  by_agent: [
    { agent: 'ChatGPT-User', checkouts: 4, orders: 3, revenue: 6000 },
    { agent: null, checkouts: 1, orders: 0, revenue: 0 },
  ],
  lightning: { paid: 2, expired: 1, median_seconds_to_pay: 95 },
};

function stubAnalytics(answer: (days: string | null) => Response) {
  const asked: (string | null)[] = [];
  const fetchMock = stubFetch();
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return json(null);
    if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
    asked.push(url.searchParams.get('days'));
    return answer(url.searchParams.get('days'));
  });
  return asked;
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('AnalyticsPage', () => {
  it('shows the totals and, beside each chart, its figures in a table', async () => {
    stubAnalytics(() => json(REPORT));
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Paid orders3');
    expect(totals).toHaveTextContent('RevenueGBP 60.00Plus 1 order in other currencies');
    expect(totals).toHaveTextContent('Net revenueGBP 47.50Revenue less GBP 12.50 refunded');
    expect(totals).toHaveTextContent('Average order valueGBP 20.00');
    expect(totals).toHaveTextContent('1 min 35 s');
    expect(totals).toHaveTextContent(
      'Median: half of paid invoices were paid faster. 2 paid, 1 expired (66.7% paid)',
    );

    const channels = rowsOf('Funnel and revenue per channel');
    expect(channels[0]).toHaveTextContent('ACP 2026-04-17422' + '50.0%' + 'GBP 50.00');
    expect(channels[1]).toHaveTextContent('Agent API1031' + '10.0%' + 'GBP 10.00');
    const agents = rowsOf('Checkouts, paid orders and revenue per agent');
    expect(agents[0]).toHaveTextContent('ChatGPT-User43 (75.0%)GBP 60.00');
    expect(agents[1]).toHaveTextContent('Unnamed agent');
    // Method names come with the provider list, which loads beside the report.
    await screen.findByText('Lightning (OpenNode)', { selector: 'td, th' });
    const methods = rowsOf('Successful payments and amount per payment method');
    expect(methods[0]).toHaveTextContent('Lightning (OpenNode)2GBP 50.00');
    const daily = rowsOf('Orders, revenue and average order value per day, newest first');
    expect(daily[0]).toHaveTextContent('3GBP 60.00GBP 20.00');
    expect(screen.queryByText(/No agent sales/)).toBeNull();
  });

  it('says net revenue also left out the disputes the merchant lost', async () => {
    stubAnalytics(() =>
      json({ ...REPORT, totals: { ...REPORT.totals, disputes_lost: 2000, net_revenue: 2750 } }),
    );
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent(
      'Net revenueGBP 27.50Revenue less GBP 12.50 refunded and GBP 20.00 in lost disputes',
    );
  });

  it('asks for the period chosen, 30 days by default', async () => {
    const asked = stubAnalytics((days) => json({ ...REPORT, days: Number(days) }));
    const user = userEvent.setup();
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    await screen.findByRole('region', { name: 'Totals' });
    expect(asked).toEqual(['30']);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(asked.at(-1)).toBe('7'));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('leaves test orders out until Include test orders is on, keeping the period', async () => {
    const asked: string[] = [];
    const fetchMock = stubFetch();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return json(null);
      if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
      asked.push(url.search);
      return json(REPORT);
    });
    const user = userEvent.setup();
    renderPage(<AnalyticsPage />, { path: '/analytics', url: '/analytics?days=7' });
    await screen.findByRole('region', { name: 'Totals' });
    expect(asked).toEqual(['?days=7']);
    const toggle = screen.getByRole('switch', { name: 'Include test orders' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(asked.at(-1)).toBe('?days=7&include_test=true'));
    await user.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?days=90&include_test=true'));
    expect(screen.getByRole('switch', { name: 'Include test orders' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('says what to do when there are no sales yet', async () => {
    stubAnalytics(() =>
      json({
        ...REPORT,
        totals: {
          orders: 0,
          revenue: 0,
          average_order_value: 0,
          other_currency_orders: 0,
          refunded: 0,
          disputes_lost: 0,
          net_revenue: 0,
        },
        daily: [],
        by_method: [],
        by_channel: [],
        by_agent: [],
        lightning: { paid: 0, expired: 0, median_seconds_to_pay: null },
      }),
    );
    renderPage(<AnalyticsPage />, { path: '/analytics', url: '/analytics?days=7' });
    expect(await screen.findByText('No agent sales in the last 30 days yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Run a test checkout' })).toHaveAttribute(
      'href',
      '/testing/agent',
    );
    expect(screen.getByText('No agent has started a purchase in this period.')).toBeInTheDocument();
    expect(screen.getByText('No invoices paid or expired yet')).toBeInTheDocument();
  });

  it('says when the figures failed to load, and loads them again', async () => {
    let fail = true;
    stubAnalytics(() =>
      fail ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 503) : json(REPORT),
    );
    const user = userEvent.setup();
    renderPage(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('Failed to load analytics.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
  });
});
