import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusView } from '#common/api/order-status';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import OrderStatusPage from './order-status-page';

const TOKEN = 'c0ffee'.padEnd(64, '0');
const API = `/api/order-status/${TOKEN}`;
const order: OrderStatusView = {
  merchantName: 'Lantern & Co',
  status: 'FULFILLED',
  orderNumber: '1042',
  placedAt: '2026-11-20T10:30:00.000Z',
  currency: 'GBP',
  items: [
    { name: 'Storm Lantern', quantity: 2, unitAmount: 1999, total: 3998 },
    { name: 'Wick', quantity: 1, unitAmount: 250, total: 250 },
  ],
  shipping: { label: 'Standard', amount: 399 },
  subtotal: 4248,
  total: 4647,
  refunded: 0,
  lightningRefunds: [],
  btcPriceMinor: null,
  deliverTo: { city: 'London', country: 'GB' },
  tracking: { carrier: 'Royal Mail', number: 'RM123GB', url: 'https://track.example/RM123GB' },
};

const openPage = () =>
  renderPage(<OrderStatusPage />, { path: '/order-status/:token', url: `/order-status/${TOKEN}` });

afterEach(() => vi.unstubAllGlobals());

describe('order status page', () => {
  it('shows the order: store, number, status badge, items, totals, destination and tracking', async () => {
    stubFetch({ routes: { [API]: () => json(order) } });
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 1042' })).toBeInTheDocument();
    expect(screen.getByText('Order from Lantern & Co')).toBeInTheDocument();
    expect(screen.getByText('Fulfilled')).toBeInTheDocument();
    expect(screen.getByText('The store has sent your order on its way.')).toBeInTheDocument();

    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('Storm Lantern')).toBeInTheDocument();
    expect(items.getByText('Qty 2 × GBP 19.99')).toBeInTheDocument();
    expect(items.getByText('GBP 39.98')).toBeInTheDocument();
    expect(items.getByText('Shipping (Standard)').nextSibling).toHaveTextContent('GBP 3.99');
    expect(items.getByText('Total').nextSibling).toHaveTextContent('GBP 46.47');
    expect(items.queryByText('Refunded')).not.toBeInTheDocument();

    const delivery = within(screen.getByRole('region', { name: 'Delivery' }));
    expect(delivery.getByText('Going to London, GB by Standard')).toBeInTheDocument();
    expect(delivery.getByText('Royal Mail · RM123GB')).toBeInTheDocument();
    const track = delivery.getByRole('link', { name: /Track shipment/ });
    expect(track).toHaveAttribute('href', 'https://track.example/RM123GB');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says when there is no tracking yet, and shows a refund and a store without an order number', async () => {
    stubFetch({
      routes: {
        [API]: () =>
          json({ ...order, status: 'CANCELLED', orderNumber: null, tracking: null, refunded: 4647 }),
      },
    });
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Refunded').nextSibling).toHaveTextContent('GBP 46.47');
    expect(
      screen.getByText('Tracking details appear here once the store ships your order.'),
    ).toBeInTheDocument();
  });

  it('shows a loading state while the order is read', async () => {
    stubFetch({ routes: { [API]: () => new Promise<Response>(() => {}) } });
    openPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your order...');
  });

  it('says Order not found, with the server message, for an unknown link', async () => {
    const message = 'We could not find this order. Check the link you were given, or contact the store.';
    stubFetch({ routes: { [API]: () => json({ error: { code: 'not_found', message } }, 404) } });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('offers Try again when the order cannot be loaded, and shows it once it can', async () => {
    let fail = true;
    stubFetch({
      routes: {
        [API]: () =>
          fail ? json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500) : json(order),
      },
    });
    openPage();
    // The page retries twice (about three seconds) before it gives up.
    expect(await screen.findByText('We could not load this order')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 1042' })).toBeInTheDocument();
  });

  it('asks for a Lightning invoice for the refund in sats at the rate paid, says why one is refused, and shows it paid', async () => {
    const waiting: OrderStatusView = {
      ...order,
      refunded: 0,
      lightningRefunds: [
        { amount: 2000, amountSats: 40_000, status: 'awaiting_invoice', createdAt: order.placedAt },
      ],
      btcPriceMinor: 5_000_000,
    };
    const refused =
      'This invoice is for 40,001 sats, but your refund is 40,000 sats. Make an invoice for exactly 40,000 sats.';
    const sent: unknown[] = [];
    stubFetch({
      routes: {
        [API]: () => json(waiting),
        [`${API}/refund-invoice`]: (init) => {
          const body = JSON.parse(String(init?.body)) as { invoice: string };
          sent.push(body);
          if (body.invoice === 'lntb400010n1wrong')
            return json({ error: { code: 'unprocessable', message: refused } }, 422);
          return json({
            ...waiting,
            refunded: 2000,
            lightningRefunds: [{ ...waiting.lightningRefunds[0], status: 'paid' }],
          });
        },
      },
    });
    openPage();
    const form = await screen.findByRole('form', { name: 'Get your refund' });
    expect(screen.getByRole('heading', { name: 'Get your refund' })).toBeInTheDocument();
    expect(form).toHaveTextContent('refunding you GBP 20.00');
    expect(form).toHaveTextContent('40,000 sats');
    expect(form).toHaveTextContent('at the rate you paid (1 BTC = £50,000.00)');
    const field = within(form).getByRole('textbox', { name: 'Lightning invoice' });
    await userEvent.click(within(form).getByRole('button', { name: 'Get 40,000 sats' }));
    expect(await within(form).findByText('Paste a Lightning invoice')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(field, 'lntb400010n1wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Get 40,000 sats' }));
    expect(await within(form).findByText(refused)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'lntb400000n1right');
    await userEvent.click(within(form).getByRole('button', { name: 'Get 40,000 sats' }));
    expect(await screen.findByText('Paid to your wallet')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Get your refund' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ invoice: 'lntb400010n1wrong' }, { invoice: 'lntb400000n1right' }]);
  });
});
