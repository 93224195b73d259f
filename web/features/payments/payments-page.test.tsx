import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListPaymentsOutput, PaymentView } from '#common/api/payments';
import { PROVIDER_LIST } from '#web/test/connections-fixture';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import PaymentsPage from './payments-page';

// Radix Select scrolls the chosen option into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView ??= () => undefined;

const payment = (over: Partial<PaymentView>): PaymentView => ({
  id: 'pay_1',
  checkout_id: 'chk_1',
  method: 'stripe_spt',
  status: 'PAID',
  raw_status: 'succeeded',
  needs_review: false,
  disputed: false,
  amount: 2398,
  currency: 'GBP',
  created_at: '2026-11-20T10:00:00.000Z',
  provider_invoice_id: 'pi_3QabcdefghijklmnOP',
  payment_request: null,
  payment_url: null,
  test: false,
  refunded: 0,
  refundable: 0,
  order: null,
  ...over,
});

const LIGHTNING = payment({
  id: 'pay_2',
  method: 'btc_opennode',
  status: 'PENDING',
  raw_status: 'pending',
  amount: 150_000,
  currency: 'BTC',
  provider_invoice_id: 'inv_0123456789abcdef',
  payment_request: 'lntb1500u1pexample',
});

/** Answers GET /api/payments from `answer`, recording each query it was asked. */
function stubPayments(answer: (params: URLSearchParams) => ListPaymentsOutput | Response) {
  const queries: URLSearchParams[] = [];
  const fetchMock = stubFetch({ signedIn: true, routes: { '/api/payments': () => new Response() } });
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return json(null);
    if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
    const params = url.searchParams;
    queries.push(params);
    const result = answer(params);
    return result instanceof Response ? result : json(result);
  });
  return queries;
}

describe('PaymentsPage', () => {
  it('shows each payment with its method, status, amount and truncated invoice id', async () => {
    stubPayments(() => ({ payments: [payment({}), LIGHTNING], next_cursor: null }));
    renderPage(<PaymentsPage />, { path: '/payments' });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    await within(table).findByText('GBP 23.98');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Card (Stripe)');
    expect(rows[1]).toHaveTextContent('Paid');
    // Methods show in words only: their codes are for the API.
    expect(table).not.toHaveTextContent(/stripe_spt|btc_opennode/);
    expect(rows[1]).toHaveTextContent('GBP 23.98');
    expect(rows[1]).toHaveTextContent('pi_3Qabcdefg…');
    expect(rows[1]).not.toHaveTextContent('pi_3Qabcdefgh');
    expect(within(rows[1]!).queryByRole('button', { name: /copy request/i })).toBeNull();
    expect(rows[2]).toHaveTextContent('Lightning (OpenNode)');
    expect(rows[2]).toHaveTextContent('BTC 0.00150000');
    expect(rows[2]).toHaveTextContent('inv_01234567…');
  });

  it('asks the server for the chosen status, method and dates, from the first page', async () => {
    const queries = stubPayments(() => ({ payments: [], next_cursor: null }));
    const user = userEvent.setup();
    renderPage(<PaymentsPage />, { path: '/payments' });
    await screen.findByText(/No payments yet/);
    await user.click(screen.getByRole('button', { name: 'Expired' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('EXPIRED'));
    expect(screen.getByRole('button', { name: 'Expired' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    expect(screen.queryByRole('option', { name: /btc_/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Lightning (Strike)' }));
    await waitFor(() => expect(queries.at(-1)?.get('method')).toBe('btc_strike'));

    await user.type(screen.getByLabelText('From (UTC)'), '2026-11-01');
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-11-01'));
    expect(await screen.findByText(/No payments match these filters/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/payments/export.csv?method=btc_strike&status=EXPIRED&from=2026-11-01',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('limit=20'));
  });

  it('keeps the filters in the URL, so a reload or a shared link shows the same payments', async () => {
    const queries = stubPayments(() => ({ payments: [], next_cursor: null }));
    const user = userEvent.setup();
    const { router } = renderPage(<PaymentsPage />, {
      path: '/payments',
      url: '/payments?status=FAILED&method=btc_strike&include_test=true',
    });
    await screen.findByText(/No payments match these filters/);
    expect(queries.at(-1)?.toString()).toBe('method=btc_strike&status=FAILED&include_test=true&limit=20');
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('Lightning (Strike)');

    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?method=btc_strike&status=PAID&include_test=true'),
    );
  });

  it('leaves test payments out until Include test orders is on, then shows them with a Test badge', async () => {
    const queries = stubPayments((params) => ({
      payments:
        params.get('include_test') === 'true'
          ? [payment({}), payment({ id: 'pay_t', checkout_id: 'chk_t', test: true })]
          : [payment({})],
      next_cursor: null,
    }));
    const user = userEvent.setup();
    renderPage(<PaymentsPage />, { path: '/payments' });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    await within(table).findByText('GBP 23.98');
    expect(queries.at(-1)?.get('include_test')).toBeNull();
    expect(within(table).queryByText('Test')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Include test orders' }));
    await waitFor(() => expect(queries.at(-1)?.get('include_test')).toBe('true'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, live, test] = within(table).getAllByRole('row');
    expect(within(test!).getByText('Test')).toBeInTheDocument();
    expect(within(live!).queryByText('Test')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/payments/export.csv?include_test=true',
    );
  });

  it('pages older and back newer with the cursor the server gave', async () => {
    const queries = stubPayments((params) =>
      params.get('cursor') === 'c2'
        ? { payments: [payment({ id: 'older', provider_invoice_id: 'pi_older' })], next_cursor: null }
        : { payments: [payment({ id: 'newer', provider_invoice_id: 'pi_newer' })], next_cursor: 'c2' },
    );
    const user = userEvent.setup();
    renderPage(<PaymentsPage />, { path: '/payments' });
    expect(await screen.findByText('pi_newer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('pi_older')).toBeInTheDocument();
    expect(queries.at(-1)?.get('cursor')).toBe('c2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('pi_newer')).toBeInTheDocument();
  });

  it('copies a Lightning payment request and says so', async () => {
    stubPayments(() => ({ payments: [LIGHTNING], next_cursor: null }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderPage(<PaymentsPage />, { path: '/payments' });
    await user.click(await screen.findByRole('button', { name: /copy request/i }));
    expect(writeText).toHaveBeenCalledWith('lntb1500u1pexample');
    expect(await screen.findByText('Payment request copied to clipboard.')).toBeInTheDocument();
  });

  it("opens a payment's buyer on demand, asking the server each time the dialog opens", async () => {
    const asked: string[] = [];
    const fetchMock = stubFetch({ signedIn: true, routes: { '/api/payments': () => new Response() } });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return json(null);
      if (url.pathname === '/api/payments') return json({ payments: [payment({})], next_cursor: null });
      if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
      asked.push(url.pathname);
      return json({
        payment: payment({}),
        buyer: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: null,
          address: {
            line1: '1 Analytical Way',
            line2: null,
            city: 'London',
            region: null,
            postal_code: 'N1 9GU',
            country: 'GB',
          },
        },
      });
    });
    const user = userEvent.setup();
    renderPage(<PaymentsPage />, { path: '/payments' });
    // The table shows no buyer until one is asked for.
    await screen.findByText('GBP 23.98');
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buyer' });
    expect(await within(dialog).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('N1 9GU GB')).toBeInTheDocument();
    expect(asked).toEqual(['/api/payments/pay_1']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Buyer' }));
    await within(await screen.findByRole('dialog', { name: 'Buyer' })).findByText('ada@example.com');
    expect(asked).toEqual(['/api/payments/pay_1', '/api/payments/pay_1']);
  });

  it("says 'Failed to load payments.' and loads again on Try again", async () => {
    let fail = true;
    stubPayments(() =>
      fail
        ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 503)
        : { payments: [LIGHTNING], next_cursor: null },
    );
    const user = userEvent.setup();
    renderPage(<PaymentsPage />, { path: '/payments' });
    expect(await screen.findByText('Failed to load payments.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('BTC 0.00150000')).toBeInTheDocument();
  });
});
