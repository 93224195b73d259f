import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '#common/api/billing';
import { FeesCard, FeesDetails } from './fees-card';

const query = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('./api', () => ({ useBillingSummary: () => query.current }));

const usage: BillingSummary['usage'] = {
  count: 26,
  limit: 25,
  level: 'at_limit',
  overage_orders: 1,
  overage_amount: 250,
  overage_unit_amount: 250,
  currency: 'GBP',
};

const invoice = (fields: Partial<BillingSummary['fee_invoices'][number]> = {}) => ({
  id: 'in_1',
  month: '2026-10',
  status: 'open' as const,
  currency: 'GBP',
  fees: 1234,
  overage: 250,
  amount_due: 1484,
  hosted_invoice_url: 'https://sim.test/i/in_1',
  due_at: '2026-11-15T02:17:00.000Z',
  ...fields,
});

const details = (fields: Partial<Pick<BillingSummary, 'fees' | 'fee_invoices' | 'held_fees'>> = {}) =>
  render(<FeesDetails summary={{ fees: [], fee_invoices: [], held_fees: [], usage, ...fields }} />);

describe('FeesDetails', () => {
  it('shows this month’s fees taken at checkout and to be invoiced', () => {
    details({ fees: [{ currency: 'GBP', charged: 100, accrued: 48, orders: 3 }] });
    expect(screen.getByText('£1.48')).toBeInTheDocument();
    expect(
      screen.getByText('on 3 orders: £1.00 taken at checkout, £0.48 to be invoiced'),
    ).toBeInTheDocument();
  });

  it('says when there are no fees, and shows no invoice or held section', () => {
    details();
    expect(
      screen.getByText('No fees yet this month. Fees appear as agents place paid orders.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoiced' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Held' })).toBeNull();
  });

  it('lists an unpaid invoice with its fees and overage, and links to its hosted page', () => {
    details({ fee_invoices: [invoice()] });
    const invoiced = screen.getByRole('region', { name: 'Invoiced' });
    expect(within(invoiced).getByText(/October 2026: £14\.84/)).toBeInTheDocument();
    expect(within(invoiced).getByText('Unpaid')).toBeInTheDocument();
    expect(
      within(invoiced).getByText('£12.34 in fees, £2.50 in overage, due 15 November 2026'),
    ).toBeInTheDocument();
    const pay = within(invoiced).getByRole('link', { name: /Pay invoice/ });
    expect(pay).toHaveAttribute('href', 'https://sim.test/i/in_1');
    expect(pay).toHaveAttribute('target', '_blank');
  });

  it('shows a paid invoice without a payment link', () => {
    details({ fee_invoices: [invoice({ status: 'paid', overage: 0, amount_due: 1234 })] });
    const invoiced = screen.getByRole('region', { name: 'Invoiced' });
    expect(within(invoiced).getByText('Paid')).toBeInTheDocument();
    expect(within(invoiced).getByText('£12.34 in fees')).toBeInTheDocument();
    expect(within(invoiced).queryByRole('link')).toBeNull();
  });

  it('shows fees held for their currency, with the reason', () => {
    details({ held_fees: [{ currency: 'USD', amount: 47, reason: 'currency' }] });
    expect(
      within(screen.getByRole('region', { name: 'Held' })).getByText(
        '$0.47 held: in USD; your billing currency is GBP',
      ),
    ).toBeInTheDocument();
  });
});

describe('FeesCard', () => {
  beforeEach(() => {
    query.current = {};
  });

  it('announces loading', () => {
    query.current = { isPending: true };
    render(<FeesCard />);
    expect(screen.getByText('Loading fees...')).toBeInTheDocument();
  });

  it('shows the error with a retry', () => {
    query.current = {
      isPending: false,
      isError: true,
      error: new Error('Network error'),
      refetch: vi.fn(),
      isFetching: false,
    };
    render(<FeesCard />);
    expect(screen.getByText('Fees could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Network error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
