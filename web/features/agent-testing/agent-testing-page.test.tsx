import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AcpFlowOutput } from '#common/api/agent-tests';
import { useFakeIntervals } from '#web/test/fake-intervals';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import AgentTestingPage from './agent-testing-page';
import type { TestTransaction } from './test-transactions';

const STORAGE_KEY = 'agentcart-test-transactions';

// Radix Select scrolls the chosen option into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView ??= () => undefined;

const status =
  (mode: 'sandbox' | 'live'): FetchHandler =>
  () =>
    json({
      status: 'healthy',
      timestamp: new Date().toISOString(),
      version: '1.0.0',
      mode,
      services: {
        database: 'operational',
        environment: 'operational',
        encryption: 'operational',
        stripe: 'operational',
        opennode: 'operational',
      },
      details: {
        encryption_key_length_valid: true,
        missing_required_env_vars: [],
        missing_optional_env_vars: [],
      },
      metrics: { recent_errors_15min: 0, error_rate_healthy: true },
    });

const ACCEPTED_CARD: AcpFlowOutput = {
  status: 'ACCEPTED',
  checkout_id: 'chk_card',
  order_id: 'ord_1',
  woo_order_id: '1042',
  amount: 2398,
  currency: 'GBP',
  message: 'Paid GBP 23.98; the store created order 1042.',
};
const INVOICE: AcpFlowOutput = {
  status: 'PENDING_PAYMENT',
  requires_payment: true,
  checkout_id: 'chk_btc',
  amount: 2398,
  currency: 'GBP',
  invoice_id: 'inv_1',
  invoice_url: 'lntb23980n1ptestinvoice',
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  message: 'Pay the Lightning invoice for GBP 23.98, then confirm.',
};
const WAITING: AcpFlowOutput = { status: 'PENDING_PAYMENT', requires_payment: true, checkout_id: 'chk_btc' };

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/** A handler answering each call with the next of `answers` (the last one repeats). */
function answersInTurn(
  answers: (AcpFlowOutput | Error)[],
): FetchHandler & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const handler = (init: RequestInit | undefined) => {
    calls.push(bodyOf(init));
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return json(answer);
  };
  return Object.assign(handler, { calls });
}

function renderTester(routes: Record<string, FetchHandler>, mode: 'sandbox' | 'live' = 'sandbox') {
  const fetchMock = stubFetch({ signedIn: true, routes: { '/api/status': status(mode), ...routes } });
  renderPage(<AgentTestingPage />, { path: '/testing/agent' });
  return fetchMock;
}

const cardButton = () => screen.getByRole('button', { name: /Pay with Card|Processing\.\.\./ });
const bitcoinButton = () => screen.getByRole('button', { name: /Pay with Bitcoin|Creating Invoice\.\.\./ });
const storedTransactions = () => JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as TestTransaction[];

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('/testing/agent', () => {
  it('starts with both tests offered, the test checkout defaults and an empty history', async () => {
    renderTester({});
    expect(
      await screen.findByText('No test transactions yet. Try a test checkout above.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Test Transactions' })).toBeInTheDocument();
    expect(screen.getByText('1 × TEST-PRODUCT-001')).toBeInTheDocument();
    expect(screen.getByText('GB (test buyer in London)')).toBeInTheDocument();
    expect(screen.getByText('GBP 29.99')).toBeInTheDocument();
    await waitFor(() => expect(cardButton()).toBeEnabled());
    expect(bitcoinButton()).toBeEnabled();
    expect(screen.getByText('Sandbox: simulated providers, no real money')).toBeInTheDocument();
  });

  it('pays with a card: mints a test token for 29.99 GBP, shows Processing... with both buttons off, then paid', async () => {
    const user = userEvent.setup();
    let finishFlow: (r: Response) => void = () => undefined;
    const mint = vi.fn((init: RequestInit | undefined) => {
      expect(bodyOf(init)).toEqual({ amount: 29.99, currency: 'GBP', card: 'visa' });
      return json({ token: 'spt_minted', max_amount: 2999, currency: 'GBP', card: 'visa' });
    });
    const flow = vi.fn(
      (init: RequestInit | undefined) =>
        new Promise<Response>((resolve) => {
          expect(bodyOf(init)).toEqual({
            payment_method: 'stripe',
            test_spt: 'spt_minted',
            sku: 'TEST-PRODUCT-001',
            amount: 19.99,
            currency: 'GBP',
          });
          finishFlow = resolve;
        }),
    );
    renderTester({ '/api/agent-tests/test-token': mint, '/api/agent-tests/acp-flow': flow });
    await waitFor(() => expect(cardButton()).toBeEnabled());
    await user.click(cardButton());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(bitcoinButton()).toBeDisabled();
    await waitFor(() => expect(flow).toHaveBeenCalled());
    act(() => finishFlow(json(ACCEPTED_CARD)));

    expect(await screen.findByText('Test Successful')).toBeInTheDocument();
    expect(screen.getByText('Stripe test checkout ACCEPTED')).toBeInTheDocument();
    expect(screen.getByText('Paid GBP 23.98; the store created order 1042.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Card \(Stripe\)/ });
    expect(within(row).getByText('paid')).toBeInTheDocument();
    expect(within(row).getByText('GBP 23.98')).toBeInTheDocument();
    expect(cardButton()).toBeEnabled();
    expect(storedTransactions()).toEqual([
      expect.objectContaining({
        id: 'chk_card',
        method: 'stripe',
        status: 'paid',
        amount: 2398,
        currency: 'GBP',
      }),
    ]);
  });

  it('reports a declined card as failed, in the Test failed box with its step and what to do next', async () => {
    const user = userEvent.setup();
    const mint = vi.fn((init: RequestInit | undefined) =>
      json({ token: 'spt_declines', max_amount: 2999, currency: 'GBP', card: bodyOf(init).card }),
    );
    renderTester({
      '/api/agent-tests/test-token': mint,
      '/api/agent-tests/acp-flow': () =>
        json({
          error: 'Your card was declined.',
          step: 'confirm',
          status: 'DECLINED',
          checkout_id: 'chk_d',
          amount: 2398,
          currency: 'GBP',
        }),
    });
    await waitFor(() => expect(cardButton()).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Test card' }));
    await user.click(await screen.findByRole('option', { name: 'Visa ending 0002 (declined)' }));
    await user.click(cardButton());

    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Test failed');
    expect(box).toHaveTextContent('[confirm] Your card was declined.');
    expect(box).toHaveTextContent('Try again with another card or invoice');
    expect(bodyOf(mint.mock.calls[0]![0])).toMatchObject({ card: 'declined' });
    expect(await screen.findByText('Test Failed')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Card \(Stripe\)/ });
    expect(within(row).getByText('failed')).toBeInTheDocument();
    expect(within(row).getByText('GBP 23.98')).toBeInTheDocument();
  });

  it('says what to do when the test cannot start', async () => {
    const user = userEvent.setup();
    renderTester({
      '/api/agent-tests/test-token': () =>
        json(
          {
            error: {
              code: 'conflict',
              message: 'Connect your Stripe account in Settings before minting a test token.',
            },
          },
          409,
        ),
    });
    await waitFor(() => expect(cardButton()).toBeEnabled());
    await user.click(cardButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connect your Stripe account in Settings before minting a test token.',
    );
    expect(screen.getByText('No test transactions yet. Try a test checkout above.')).toBeInTheDocument();
  });

  it('pays with Bitcoin: the invoice, confirm every 5 s, paid through the sandbox, then Payment Received', async () => {
    useFakeIntervals();
    const user = userEvent.setup();
    const flow = answersInTurn([INVOICE, WAITING, ACCEPTED_CARD]);
    const pay = vi.fn((init: RequestInit | undefined) => {
      expect(bodyOf(init)).toEqual({ checkout_id: 'chk_btc', invoice_id: 'inv_1' });
      return json({ message: 'Payment simulated' });
    });
    renderTester({ '/api/agent-tests/acp-flow': flow, '/api/agent-tests/simulate-opennode-paid': pay });
    await waitFor(() => expect(bitcoinButton()).toBeEnabled());
    await user.click(bitcoinButton());

    expect(
      await screen.findByRole('img', { name: 'QR code of the Lightning payment request' }),
    ).toBeVisible();
    expect(screen.getByText('Waiting for payment...')).toBeInTheDocument();
    expect(screen.getByText('Bitcoin Invoice Created')).toBeInTheDocument();
    expect(cardButton()).toBeDisabled();
    expect(bitcoinButton()).toBeDisabled();
    expect(
      within(screen.getByRole('row', { name: /Bitcoin Lightning/ })).getByText('pending'),
    ).toBeInTheDocument();
    expect(flow.calls[0]).toEqual({
      payment_method: 'bitcoin',
      sku: 'TEST-PRODUCT-001',
      amount: 19.99,
      currency: 'GBP',
    });

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(flow.calls).toHaveLength(2);
    expect(flow.calls[1]).toEqual({ payment_method: 'bitcoin', confirm_only: true, checkout_id: 'chk_btc' });
    expect(screen.getByText('Waiting for payment...')).toBeInTheDocument();

    // Paying confirms straight away rather than at the next tick.
    await user.click(screen.getByRole('button', { name: 'Pay this invoice (sandbox)' }));
    expect(await screen.findByText('Payment Received')).toBeInTheDocument();
    expect(screen.getByText('Bitcoin Lightning payment confirmed')).toBeInTheDocument();
    expect(flow.calls).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Lightning invoice' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Bitcoin Lightning/ })).getByText('paid'),
    ).toBeInTheDocument();
    expect(bitcoinButton()).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(flow.calls).toHaveLength(3);
  });

  it('marks an invoice declined as failed and clears it', async () => {
    useFakeIntervals();
    const user = userEvent.setup();
    const declined = { error: 'The Lightning invoice expired', step: 'confirm', status: 'DECLINED' } as const;
    renderTester({ '/api/agent-tests/acp-flow': answersInTurn([INVOICE, declined]) });
    await waitFor(() => expect(bitcoinButton()).toBeEnabled());
    await user.click(bitcoinButton());
    await screen.findByRole('region', { name: 'Lightning invoice' });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('region', { name: 'Lightning invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('[confirm] The Lightning invoice expired');
    expect(
      within(screen.getByRole('row', { name: /Bitcoin Lightning/ })).getByText('failed'),
    ).toBeInTheDocument();
  });

  it('gives up after 60 polls as expired, only logging the polls that failed', async () => {
    useFakeIntervals();
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const flow = answersInTurn([INVOICE, new Error('network down'), WAITING]);
    renderTester({ '/api/agent-tests/acp-flow': flow });
    await waitFor(() => expect(bitcoinButton()).toBeEnabled());
    await user.click(bitcoinButton());
    await screen.findByRole('region', { name: 'Lightning invoice' });

    await act(() => vi.advanceTimersByTimeAsync(59 * 5000));
    expect(flow.calls).toHaveLength(60);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Waiting for payment...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(flow.calls).toHaveLength(61);
    expect(screen.queryByRole('region', { name: 'Lightning invoice' })).not.toBeInTheDocument();
    expect(screen.getByText('Invoice expired')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Bitcoin Lightning/ })).getByText('expired'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(flow.calls).toHaveLength(61);
  });

  it('keeps the last 10 test transactions of the tab across a reload', async () => {
    const saved: TestTransaction[] = Array.from({ length: 10 }, (_, i) => ({
      id: `chk_${i}`,
      method: i % 2 ? 'bitcoin' : 'stripe',
      status: 'expired',
      amount: 1000 + i,
      currency: 'GBP',
      timestamp: new Date(2026, 10, 5, 12, i).toISOString(),
    }));
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    const user = userEvent.setup();
    renderTester({
      '/api/agent-tests/test-token': () =>
        json({ token: 'spt_x', max_amount: 2999, currency: 'GBP', card: 'visa' }),
      '/api/agent-tests/acp-flow': () => json(ACCEPTED_CARD),
    });

    expect(await screen.findByText('GBP 10.00')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await waitFor(() => expect(cardButton()).toBeEnabled());
    await user.click(cardButton());
    await screen.findByText('GBP 23.98');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByText('GBP 10.09')).not.toBeInTheDocument();
    expect(storedTransactions().map((t) => t.id)).toEqual([
      'chk_card',
      ...saved.slice(0, 9).map((t) => t.id),
    ]);
  });

  it('in live mode asks for a real Shared Payment Token (spt_...)', async () => {
    const user = userEvent.setup();
    const flow = vi.fn((_init: RequestInit | undefined) => json(ACCEPTED_CARD));
    renderTester({ '/api/agent-tests/acp-flow': flow }, 'live');
    const token = await screen.findByLabelText('Shared Payment Token');
    expect(screen.getByText('Live: tests move real money')).toBeInTheDocument();
    await user.type(token, 'tok_123');
    await user.click(cardButton());
    expect(screen.getByText('Please enter a valid test SPT token (format: spt_...)')).toBeInTheDocument();
    expect(flow).not.toHaveBeenCalled();
    await user.clear(token);
    await user.type(token, 'spt_live_abc');
    await user.click(cardButton());
    await screen.findByText('Test Successful');
    expect(bodyOf(flow.mock.calls[0]![0])).toMatchObject({ test_spt: 'spt_live_abc' });
  });
});
