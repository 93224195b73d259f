import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '#common/api/payments';
import type { PaymentRefundsOutput, RefundView } from '#common/api/refunds';
import { PROVIDER_LIST } from '#web/test/connections-fixture';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import PaymentsPage from '../payments-page';

// Radix Select scrolls the chosen option into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
// Radix Switch measures its thumb; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const PAYMENT: PaymentView = {
  id: '00000000-0000-4000-8000-000000000001',
  checkout_id: 'chk_1',
  method: 'stripe_spt',
  status: 'PAID',
  raw_status: 'succeeded',
  needs_review: false,
  disputed: false,
  amount: 4000,
  currency: 'GBP',
  created_at: '2026-11-20T10:00:00.000Z',
  provider_invoice_id: 'pi_3QabcdefghijklmnOP',
  payment_request: null,
  payment_url: null,
  test: false,
  refunded: 500,
  refundable: 3500,
  order: null,
};

const refund = (over: Partial<RefundView>): RefundView => ({
  id: 'r1',
  payment_id: PAYMENT.id,
  order_id: 'o1',
  rail: 'card',
  amount: 500,
  currency: 'GBP',
  reason: 'duplicate',
  line_items: null,
  restock: false,
  status: 'succeeded',
  failure_reason: null,
  provider_refund_id: 're_1',
  origin: 'merchant_app',
  test: false,
  amount_sats: null,
  awaiting_invoice: false,
  settled_outside: false,
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

const REFUNDS: PaymentRefundsOutput = {
  refunds: [
    refund({}),
    refund({ id: 'r2', amount: 700, status: 'failed', failure_reason: 'The charge was disputed.' }),
  ],
  refundable: { paid: 4000, refunded: 500, pending: 0, remaining: 3500, currency: 'GBP' },
  rail: 'card',
  lightning_payout: null,
  items: [
    { sku: 'MUG', name: 'Blue mug', quantity: 2, unit_amount: 1500, refundable_quantity: 2 },
    { sku: 'TEA', name: 'Green tea', quantity: 1, unit_amount: 1000, refundable_quantity: 1 },
  ],
};

/** The payments page with one paid payment; refunds answered by `onRefund` (POST) and REFUNDS (GET). */
function stubRefunds(
  onRefund: (body: unknown, key: string | null) => Response,
  refunds: PaymentRefundsOutput = REFUNDS,
) {
  const posts: { body: unknown; key: string | null }[] = [];
  const fetchMock = stubFetch({ signedIn: true });
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return json(null);
    if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
    if (url.pathname === '/api/payments') return json({ payments: [PAYMENT], next_cursor: null });
    if (url.pathname === `/api/payments/${PAYMENT.id}/refunds`) {
      if (init?.method === 'POST') {
        const key = new Headers(init.headers).get('idempotency-key');
        const body = JSON.parse(String(init.body)) as unknown;
        posts.push({ body, key });
        return onRefund(body, key);
      }
      return json(refunds);
    }
    throw new Error(`Unexpected fetch ${url.pathname}`);
  });
  return posts;
}

async function openDialog() {
  renderPage(<PaymentsPage />, { path: '/payments' });
  const table = await screen.findByRole('table', { name: 'Payments, newest first' });
  expect(await within(table).findByText('GBP 5.00 refunded')).toBeInTheDocument();
  await userEvent.click(within(table).getByRole('button', { name: 'Refunds' }));
  return screen.findByRole('dialog', { name: 'Refund this payment' });
}

async function chooseReason(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('RefundDialog', () => {
  it('shows what is left, the refunds with their status and why one failed', async () => {
    stubRefunds(() => json({}, 500));
    const dialog = await openDialog();
    expect(await within(dialog).findByTestId('refund-remaining')).toHaveTextContent('GBP 35.00');
    const list = within(dialog).getByRole('list', { name: 'Refunds' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('GBP 5.00');
    expect(items[0]).toHaveTextContent('Refunded');
    expect(items[0]).toHaveTextContent('Duplicate payment');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[1]).toHaveTextContent(
      'Not refunded: The charge was disputed. Its amount is refundable again.',
    );
  });

  it('refuses an amount above what is left before asking the server', async () => {
    const posts = stubRefunds(() => json({}, 500));
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'An amount' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (GBP)' }), '35.01');
    await chooseReason(dialog, 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most GBP 35.00, what is left to refund')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('refunds line items with restock under one Idempotency-Key however often it is sent', async () => {
    const posts = stubRefunds((body) =>
      json(
        {
          refund: refund({
            id: 'r3',
            amount: 1500,
            reason: 'requested_by_customer',
            line_items: [{ sku: 'MUG', quantity: 1, amount: 1500 }],
            restock: true,
          }),
          refundable: { ...REFUNDS.refundable, refunded: 2000, remaining: 2000 },
          body,
        },
        201,
      ),
    );
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Items' }));
    await userEvent.type(
      within(dialog).getByRole('spinbutton', { name: 'How many of Blue mug to refund' }),
      '1',
    );
    await userEvent.click(
      within(dialog).getByRole('switch', { name: 'Put the refunded items back in stock' }),
    );
    await chooseReason(dialog, 'Requested by the customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund GBP 15.00' }));
    expect(await within(dialog).findByText('Refunded GBP 15.00.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      reason: 'requested_by_customer',
      restock: true,
      line_items: [{ sku: 'MUG', quantity: 1 }],
    });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a double submit once, so the second is not a 409 for a key still in use', async () => {
    const posts = stubRefunds(() =>
      json(
        {
          refund: refund({ id: 'r4', amount: 3500, reason: 'duplicate' }),
          refundable: { ...REFUNDS.refundable, refunded: 4000, remaining: 0 },
        },
        201,
      ),
    );
    const dialog = await openDialog();
    const form = await within(dialog).findByRole('form', { name: 'New refund' });
    // Sent once without a reason first, so the next submit changes no state and React does not render
    // between the two: the second sees the mutation as it was (a fast double click in the browser).
    fireEvent.submit(form);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a reason');
    await chooseReason(dialog, 'Duplicate payment');
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await within(dialog).findByText('Refunded GBP 35.00.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  it('sends the same key again when the same refund is retried, and says what a 409 means', async () => {
    let answers = 0;
    const posts = stubRefunds(() => {
      answers += 1;
      return json(
        {
          error: {
            code: 'conflict',
            message: 'The refund (30.00) is more than the 20.00 still refundable on this payment.',
            fieldErrors: { amount: 'At most 20.00' },
          },
        },
        409,
      );
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'An amount' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (GBP)' }), '30');
    await chooseReason(dialog, 'Duplicate payment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund GBP 30.00' }));
    const alert = await within(dialog).findByText(
      'The refund (30.00) is more than the 20.00 still refundable on this payment.',
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'Another refund of this payment may have been made meanwhile',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund GBP 30.00' }));
    await waitFor(() => expect(answers).toBe(2));
    expect(posts[1]!.key).toBe(posts[0]!.key);
    // Another request is another refund: another key.
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Amount (GBP)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (GBP)' }), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund GBP 20.00' }));
    await waitFor(() => expect(answers).toBe(3));
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
  });

  it('records a Lightning refund made outside AgentCart where the provider cannot pay out, and only once confirmed', async () => {
    const lightning: PaymentRefundsOutput = {
      ...REFUNDS,
      rail: 'lightning',
      lightning_payout: 'outside_agentcart',
      refunds: [refund({ rail: 'lightning', provider_refund_id: null, settled_outside: true })],
    };
    const posts = stubRefunds(
      (body) =>
        json(
          {
            refund: refund({
              id: 'r4',
              rail: 'lightning',
              amount: 3500,
              provider_refund_id: null,
              settled_outside: true,
            }),
            refundable: { ...REFUNDS.refundable, refunded: 4000, remaining: 0 },
            body,
          },
          201,
        ),
      lightning,
    );
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Your Lightning provider cannot send refunds through AgentCart.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Refunds' })).toHaveTextContent(
      'Refunded outside AgentCart',
    );
    await chooseReason(dialog, 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund of GBP 35.00' }));
    expect(
      await within(dialog).findByText('Confirm you refunded the buyer outside AgentCart'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.click(
      within(dialog).getByRole('switch', { name: 'I have refunded the buyer outside AgentCart' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund of GBP 35.00' }));
    expect(
      await within(dialog).findByText('Recorded GBP 35.00 refunded outside AgentCart.'),
    ).toBeInTheDocument();
    expect(posts[0]!.body).toEqual({ reason: 'other', refunded_outside: true });
  });
});
