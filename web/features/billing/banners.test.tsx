import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '#common/api/billing';
import { orderUsage } from '#common/domain/trial-and-usage';
import { OrderUsageBanner } from './order-usage-banner';
import { TrialBanner } from './trial-banner';

const trial = (days_used: number, state: BillingSummary['trial']['state'] = 'trialing') => ({
  state,
  days_used,
  days_left: 14 - days_used,
  ends_at: '2026-12-01T00:00:00.000Z',
  warning: 14 - days_used <= 3,
});

const usage = (count: number, overage_amount = 0): BillingSummary['usage'] => {
  const u = orderUsage(count);
  return {
    count,
    limit: u.limit,
    level: u.level,
    overage_orders: u.overageOrders,
    overage_amount,
    overage_unit_amount: 250,
    currency: 'GBP',
  };
};

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('TrialBanner', () => {
  it('shows days used over 14 and the days left, in warning style from 3 days left', () => {
    const { rerender } = inRouter(<TrialBanner trial={trial(10)} />);
    expect(screen.getByText('Free trial: 4 days left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Trial days used' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(screen.getByRole('region', { name: 'Free trial' }).className).not.toContain('amber');
    rerender(
      <MemoryRouter>
        <TrialBanner trial={trial(11)} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Free trial: 3 days left')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Free trial' }).className).toContain('amber');
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  });

  it('says the trial has ended on day 14, and shows nothing once it is over', () => {
    const { container, rerender } = inRouter(<TrialBanner trial={trial(14, 'expired')} />);
    expect(screen.getByText(/Your free trial has ended/)).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <TrialBanner trial={trial(14, 'none')} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('OrderUsageBanner', () => {
  it('warns near the limit at 24 orders', () => {
    render(<OrderUsageBanner usage={usage(24)} />);
    expect(screen.getByText('24 of 25 orders this month')).toBeInTheDocument();
    expect(screen.getByText(/close to your monthly limit/)).toBeInTheDocument();
  });

  it('is at the limit at 25, and at 26 shows the overage billed so far', () => {
    const { rerender } = render(<OrderUsageBanner usage={usage(25)} />);
    expect(screen.getByText(/reached your monthly limit/)).toHaveTextContent('billed at £2.50.');
    rerender(<OrderUsageBanner usage={usage(26, 250)} />);
    expect(screen.getByText(/reached your monthly limit/)).toHaveTextContent('(1 so far, £2.50)');
    expect(screen.getByRole('progressbar', { name: 'Orders this month' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('is quiet below 80%', () => {
    render(<OrderUsageBanner usage={usage(19)} />);
    expect(screen.queryByText(/limit/)).not.toBeInTheDocument();
  });
});
