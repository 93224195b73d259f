import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '#common/api/billing';
import type { PlanId } from '#common/domain/plans';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { UpgradePrompt } from './upgrade-prompt';

/** Only what the prompt reads from the summary: the plan whose features the merchant has. */
const summaryOn = (feature_plan: PlanId) =>
  ({
    plan: 'starter',
    feature_plan,
    sandbox_plan: null,
    subscription: {
      subscribed: false,
      tier: null,
      subscription_end: null,
      status: null,
      cancel_at_period_end: false,
      scheduled_plan: null,
      scheduled_change_at: null,
      currency: 'GBP',
    },
    trial: {
      state: 'none',
      days_used: 14,
      days_left: 0,
      ends_at: '2026-12-01T00:00:00.000Z',
      warning: false,
    },
    usage: {
      count: 0,
      limit: 25,
      level: 'ok',
      overage_orders: 0,
      overage_amount: 0,
      overage_unit_amount: 250,
      currency: 'GBP',
    },
    fees: [],
    fee_invoices: [],
    held_fees: [],
  }) satisfies BillingSummary;

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

describe('UpgradePrompt', () => {
  it('names the plan that includes the feature, with the pricing page’s line and a way there', async () => {
    stubFetch({
      signedIn: true,
      routes: { '/api/billing/summary': () => json(summaryOn('starter')), '/api/status': status('live') },
    });
    renderPage(<UpgradePrompt feature="merchant_webhooks" />);
    expect(await screen.findByText('Upgrade to Growth')).toBeInTheDocument();
    expect(
      screen.getByText('Order webhooks and delivery log is part of the Growth plan.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Growth plan' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: /in the sandbox/ })).not.toBeInTheDocument();
  });

  it('shows nothing when the plan includes the feature (Scale in the trial has webhooks)', async () => {
    const fetchMock = stubFetch({
      signedIn: true,
      routes: { '/api/billing/summary': () => json(summaryOn('scale')), '/api/status': status('live') },
    });
    renderPage(<UpgradePrompt feature="merchant_webhooks" />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/billing/summary'),
    );
    // Let the answer render: a Starter summary shows the prompt by now (the first test), Scale does not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Upgrade to/)).not.toBeInTheDocument();
  });

  it('lets a sandbox merchant try Enterprise for the IP allowlist, and then stops prompting', async () => {
    let plan: PlanId = 'scale';
    const switched: unknown[] = [];
    stubFetch({
      signedIn: true,
      routes: {
        '/api/status': status('sandbox'),
        '/api/billing/summary': () => json(summaryOn(plan)),
        '/api/billing/sandbox-plan': (init) => {
          switched.push(JSON.parse(String(init?.body)));
          plan = 'enterprise';
          return json({ ...summaryOn(plan), sandbox_plan: plan });
        },
      },
    });
    renderPage(<UpgradePrompt feature="ip_allowlist" />);
    expect(await screen.findByRole('link', { name: 'Talk to us about Enterprise' })).toHaveAttribute(
      'href',
      '/enterprise-calculator',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try Enterprise in the sandbox' }));
    expect(switched).toEqual([{ plan: 'enterprise' }]);
    await waitFor(() => expect(screen.queryByText('Upgrade to Enterprise')).not.toBeInTheDocument());
  });
});
