import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '#common/api/orders';
import { FakeEventSource } from '#web/test/fake-event-source';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { RecentActivityCard } from './recent-activity-card';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const order = (id: string, status: string, createdAt = minutesAgo(5), test = false): OrderView => ({
  id,
  status,
  total: 2999,
  currency: 'GBP',
  created_at: createdAt,
  store_order_id: null,
  checkout_id: `chk-${id}`,
  platform: 'woocommerce',
  test,
  payment_id: status === 'REJECTED' ? null : `pay-${id}`,
  cancelled_by: null,
  store_cancellation: null,
});

const ORDERS = [
  order('aaaaaaaa-1111-4000-8000-000000000001', 'FULFILLED', minutesAgo(5)),
  order('bbbbbbbb-2222-4000-8000-000000000002', 'IN_PROGRESS', minutesAgo(60)),
  order('cccccccc-3333-4000-8000-000000000003', 'REJECTED', minutesAgo(60 * 26), true),
];

function renderCard(handler: FetchHandler = () => json({ orders: ORDERS, month_count: 3 })) {
  const fetchMock = stubFetch({ signedIn: true, routes: { '/api/orders': handler } });
  renderPage(<RecentActivityCard />, { path: '/dashboard' });
  return fetchMock;
}

const rows = () => within(screen.getByRole('list', { name: 'Latest orders' })).getAllByRole('listitem');

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('RecentActivityCard', () => {
  it('asks for the 5 latest orders and shows each with its short id, relative time and status', async () => {
    const fetchMock = renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    await screen.findByRole('list', { name: 'Latest orders' });
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/orders'))![0])).toBe(
      '/api/orders?limit=5',
    );
    const [first, second, third] = rows();
    expect(first).toHaveTextContent('Order #aaaaaaaa');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveTextContent('GBP 29.99');
    expect(within(first!).getByText('Fulfilled')).toHaveClass('bg-emerald-100');
    expect(second).toHaveTextContent('1 hour ago');
    expect(within(second!).getByText('In progress')).toHaveClass('bg-amber-100');
    expect(third).toHaveTextContent('yesterday');
    expect(within(third!).getByText('Rejected')).toHaveClass('bg-red-100');
    // A paid order can be refunded from here; one that was never paid cannot.
    expect(within(first!).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(third!).queryByRole('button', { name: 'Refund' })).toBeNull();
    // The merchant's own test order is marked, an agent's is not.
    expect(within(third!).getByText('Test')).toBeInTheDocument();
    expect(within(first!).queryByText('Test')).toBeNull();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/payments');
  });

  it('puts a new order from the stream in front, keeps 5, and replaces an updated one in place', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => order(`0000000${n}-0000-4000-8000-000000000000`, 'ACCEPTED'));
    renderCard(() => json({ orders: five, month_count: 5 }));
    await screen.findByRole('list', { name: 'Latest orders' });
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/orders/stream');

    const fresh = order('ffffffff-0000-4000-8000-000000000000', 'IN_PROGRESS', new Date().toISOString());
    act(() => stream.emit('order', { type: 'INSERT', order: fresh }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Order #ffffffff'));
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toHaveTextContent('just now');
    expect(screen.queryByText('Order #00000005', { exact: false })).not.toBeInTheDocument();

    act(() => stream.emit('order', { type: 'UPDATE', order: { ...fresh, status: 'FULFILLED' } }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Fulfilled')).toBeInTheDocument());
    expect(rows()).toHaveLength(5);
  });

  it('reads the list again when the stream (re)opens, so nothing falls between list and stream', async () => {
    let calls = 0;
    renderCard(() => {
      calls += 1;
      return json({ orders: calls === 1 ? [] : ORDERS, month_count: calls === 1 ? 0 : 3 });
    });
    await screen.findByText('Ready to accept orders');
    act(() => FakeEventSource.latest().open());
    await screen.findByRole('list', { name: 'Latest orders' });
    expect(rows()).toHaveLength(3);
  });

  it('closes the stream when the card goes away', async () => {
    stubFetch({ signedIn: true, routes: { '/api/orders': () => json({ orders: ORDERS, month_count: 3 }) } });
    const { unmount } = renderPage(<RecentActivityCard />, { path: '/dashboard' });
    await screen.findByRole('list', { name: 'Latest orders' });
    const stream = FakeEventSource.latest();
    expect(stream.closed).toBe(false);
    unmount();
    expect(stream.closed).toBe(true);
  });

  it('invites a test checkout when there are no orders yet', async () => {
    renderCard(() => json({ orders: [], month_count: 0 }));
    expect(await screen.findByText('Ready to accept orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Test Integration' })).toHaveAttribute('href', '/testing/agent');
    expect(screen.getByRole('link', { name: 'View Docs' })).toHaveAttribute('href', '/docs');
  });

  it('says what failed and loads again on Try again', async () => {
    let fail = true;
    renderCard(() =>
      fail
        ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 500)
        : json({ orders: ORDERS, month_count: 3 }),
    );
    expect(await screen.findByText('We could not load your orders')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('list', { name: 'Latest orders' })).toBeInTheDocument();
  });
});
