import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '#common/api/notifications';
import { FakeEventSource } from '#web/test/fake-event-source';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import NotificationBell from './notification-bell';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const notification = (id: string, title: string, read = false): NotificationView => ({
  id,
  event: 'new_order',
  title,
  body: `${title} body`,
  link: '/dashboard',
  created_at: minutesAgo(5),
  read_at: read ? minutesAgo(1) : null,
});

const FIRST = notification('00000000-0000-4000-8000-000000000001', 'New order');
const READ = notification('00000000-0000-4000-8000-000000000002', 'Order fulfilled', true);

function setup(list: FetchHandler, routes: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({ signedIn: true, routes: { '/api/notifications': list, ...routes } });
  renderPage(<NotificationBell />, { path: '/dashboard' });
  return { user: userEvent.setup(), fetchMock };
}

let shown: { title: string; options: NotificationOptions }[];
function stubNotificationApi(permission: NotificationPermission) {
  shown = [];
  const FakeNotification = Object.assign(
    vi.fn(function (this: object, title: string, options: NotificationOptions) {
      shown.push({ title, options });
      return Object.assign(this, { close: vi.fn() });
    }),
    { permission, requestPermission: vi.fn(async () => permission) },
  );
  vi.stubGlobal('Notification', FakeNotification);
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubNotificationApi('default');
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('shows the unread count, and the list with unread ones marked when opened', async () => {
    const { user } = setup(() => json({ notifications: [FIRST, READ], unread_count: 1 }));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const items = within(await screen.findByRole('list', { name: 'Latest notifications' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('New order (unread)');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).not.toHaveTextContent('(unread)');
  });

  it('counts a notification from the live stream at once, and shows it on the desktop when allowed', async () => {
    stubNotificationApi('granted');
    setup(() => json({ notifications: [], unread_count: 0 }));
    await screen.findByRole('button', { name: 'Notifications' });
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/orders/stream');
    act(() => stream.emit('notification', { type: 'created', notification: FIRST }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(shown).toEqual([{ title: 'New order', options: { body: 'New order body', tag: FIRST.id } }]);
    // The same notification again (another tab's relay) is not counted twice.
    act(() => stream.emit('notification', { type: 'created', notification: FIRST }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument(),
    );
  });

  it('marks all as read', async () => {
    let unread = 1;
    const { user, fetchMock } = setup(
      () =>
        json({ notifications: [{ ...FIRST, read_at: unread ? null : minutesAgo(0) }], unread_count: unread }),
      {
        '/api/notifications/read': () => {
          unread = 0;
          return json({ unread_count: 0 });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/notifications/read' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('asks for browser notifications only when the button is clicked', async () => {
    const { user } = setup(() => json({ notifications: [], unread_count: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Allow browser notifications' }));
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('has an empty state', async () => {
    const { user } = setup(() => json({ notifications: [], unread_count: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings?tab=notifications',
    );
  });

  it('shows loading, then what failed, and loads again on Try again', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 500)
        : json({ notifications: [FIRST], unread_count: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Latest notifications' })).toBeInTheDocument();
  });
});
