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
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';
const PAYMENT_ID = '00000000-0000-4000-8000-000000000001';
const payment = (order: PaymentView['order']): PaymentView => ({
  id: PAYMENT_ID,
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
  refunded: 0,
  refundable: 4000,
  order,
});
const accepted = { id: ORDER_ID, status: 'ACCEPTED', cancelled_by: null, store_cancellation: null };

const REFUNDS: PaymentRefundsOutput = {
  refunds: [],
  refundable: { paid: 4000, refunded: 0, pending: 0, remaining: 4000, currency: 'GBP' },
  rail: 'card',
  lightning_payout: null,
  items: [],
};

/** The payments page's server: `row` is the payment listed (a function: as it stands at each read). */
function stub(
  row: PaymentView | (() => PaymentView | Promise<PaymentView>),
  onPost: (path: string, body: unknown) => Response,
) {
  const rowNow = typeof row === 'function' ? row : () => row;
  const posts: { path: string; body: unknown; key: string | null }[] = [];
  const fetchMock = stubFetch({ signedIn: true });
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return json(null);
    if (url.pathname === '/api/connections') return json(PROVIDER_LIST);
    if (url.pathname === '/api/payments') return json({ payments: [await rowNow()], next_cursor: null });
    if (url.pathname === `/api/payments/${PAYMENT_ID}/refunds`) return json(REFUNDS);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as unknown;
      posts.push({ path: url.pathname, body, key: new Headers(init.headers).get('idempotency-key') });
      return onPost(url.pathname, body);
    }
    throw new Error(`Unexpected fetch ${url.pathname}`);
  });
  return posts;
}

const REFUND_MADE: RefundView = {
  id: 'r1',
  payment_id: PAYMENT_ID,
  order_id: ORDER_ID,
  rail: 'card',
  amount: 4000,
  currency: 'GBP',
  reason: 'other',
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
  created_at: '2026-11-20T11:00:00.000Z',
};

const answer = (status: string, extra: object = {}) => ({
  order: {
    id: ORDER_ID,
    status,
    total: 4000,
    currency: 'GBP',
    created_at: '2026-11-20T10:00:00.000Z',
    store_order_id: '1042',
    checkout_id: 'chk_1',
    platform: 'woocommerce',
    test: false,
    payment_id: payment(accepted).id,
    cancelled_by: 'merchant',
    store_cancellation: null,
    ...extra,
  },
  refund: null,
});

async function table() {
  renderPage(<PaymentsPage />, { path: '/payments' });
  return screen.findByRole('table', { name: 'Payments, newest first' });
}

describe('Cancel order', () => {
  it('says what will happen, asks for a reason, and cancels with an Idempotency-Key', async () => {
    const posts = stub(payment(accepted), () => json(answer('CANCELLED')));
    const rows = await table();
    await userEvent.click(await within(rows).findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(await within(dialog).findByText(/The buyer is refunded GBP 40.00/)).toBeInTheDocument();
    expect(within(dialog).getByText('The order is cancelled in your store.')).toBeInTheDocument();
    expect(within(dialog).getByText(/agent is told the order is cancelled/)).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Cancel order and refund GBP 40.00' });
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a reason');
    expect(posts).toEqual([]);

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Requested by the customer' }));
    await userEvent.click(submit);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      path: `/api/orders/${ORDER_ID}/cancel`,
      body: { reason: 'requested_by_customer' },
      key: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a double submit once: the second waits for the first, not another request with its key', async () => {
    const posts = stub(payment(accepted), () => json(answer('CANCELLED')));
    const rows = await table();
    await userEvent.click(await within(rows).findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    const form = await within(dialog).findByRole('form', { name: 'Cancel the order' });
    // Sent once without a reason first, so the next submit changes no state and React does not render
    // between the two: the second sees the mutation as it was (a fast double click in the browser).
    fireEvent.submit(form);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a reason');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Duplicate payment' }));
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(1);
  });

  it('says the order is cancelled at once, not once the lists are reloaded (which drops its dialog)', async () => {
    // Once cancelled, the list has the order CANCELLED, so its Cancel order and dialog go away; that read
    // is held until the merchant has been told.
    let cancelled = false;
    let release: () => void = () => undefined;
    const reloaded = new Promise<void>((resolve) => (release = resolve));
    const cancelledRow = {
      ...payment({ ...accepted, status: 'CANCELLED', cancelled_by: 'merchant' }),
      refunded: 4000,
      refundable: 0,
    };
    const posts = stub(
      async () => {
        if (!cancelled) return payment(accepted);
        await reloaded;
        return cancelledRow;
      },
      () => {
        cancelled = true;
        return json({ ...answer('CANCELLED'), refund: REFUND_MADE });
      },
    );
    const rows = await table();
    await userEvent.click(await within(rows).findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Cancel order and refund/ }));
    try {
      expect(await screen.findByText('Order cancelled. GBP 40.00 refunded.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      release();
    }
    expect(posts).toHaveLength(1);
    expect(await within(rows).findByText('Cancelled by you')).toBeInTheDocument();
  });

  it('shows the refusal of a cancel that lost the race', async () => {
    stub(payment(accepted), () =>
      json(
        { error: { code: 'conflict', message: 'This order is cancelled already.', request_id: 'r' } },
        409,
      ),
    );
    const rows = await table();
    await userEvent.click(await within(rows).findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Cancel order and refund/ }));
    expect(await within(dialog).findByText('This order is cancelled already.')).toBeInTheDocument();
  });

  it('is disabled, with why, once the order is fulfilled', async () => {
    stub(payment({ ...accepted, status: 'FULFILLED' }), () => json({}, 500));
    const rows = await table();
    const button = await within(rows).findByRole('button', { name: 'Cancel order' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'This order has been fulfilled, so it can no longer be cancelled. Refund it instead.',
    );
  });

  it('asks for the decision on an order the store cancelled', async () => {
    const posts = stub(
      payment({ id: ORDER_ID, status: 'CANCELLED', cancelled_by: 'store', store_cancellation: 'flagged' }),
      () => json(answer('CANCELLED', { cancelled_by: 'store', store_cancellation: 'kept' })),
    );
    const rows = await table();
    await userEvent.click(await within(rows).findByRole('button', { name: 'Cancelled in store — refund?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelled in store — refund?' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Keep the payment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      path: `/api/orders/${ORDER_ID}/store-cancellation`,
      body: { decision: 'keep' },
    });
  });
});
