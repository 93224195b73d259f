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
});
