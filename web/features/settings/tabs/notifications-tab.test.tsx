import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '#common/api/notifications';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { NotificationsTab } from './notifications-tab';

const ALL_ON: NotificationPreferences = {
  new_order: { email: true, push: true, digest: false },
  order_fulfilled: { email: true, push: true },
  order_refunded: { email: true, push: true },
  refund_failed: { email: true, push: true },
  payment_disputed: { email: true, push: true },
  trial_ending: { email: true, push: true },
  usage_limit: { email: true, push: true },
  api_errors: { email: true, push: true },
  store_switched: { email: true, push: true },
};

/** A Notification API whose permission the test sets, recording each request for permission. */
function stubNotificationApi(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  const FakeNotification = Object.assign(vi.fn(), { permission, requestPermission });
  vi.stubGlobal('Notification', FakeNotification);
  return requestPermission;
}

/** The server: GET answers what was last saved (or `get`), PUT saves (or answers with `put`). */
function setup(get?: FetchHandler, put?: FetchHandler) {
  let stored = ALL_ON;
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/notifications/preferences': (init) => {
        if (init?.method !== 'PUT') return get ? get(init) : json({ preferences: stored });
        if (put) return put(init);
        stored = (JSON.parse(String(init.body)) as { preferences: NotificationPreferences }).preferences;
        return json({ preferences: stored });
      },
    },
  });
  renderPage(<NotificationsTab />, { path: '/settings' });
  const puts = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) => String(input).endsWith('/preferences') && init?.method === 'PUT',
    );
  return { user: userEvent.setup(), puts };
}

beforeEach(() => {
  stubNotificationApi('default');
  // Radix's switch sizes its hidden form input with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings › Notifications', () => {
  it('shows loading, then an e-mail and a push switch per event, and saves the whole set', async () => {
    const { user, puts } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your notification settings');
    const email = await screen.findByRole('switch', { name: 'New order: Email' });
    // Two per event, and the hourly digest for orders.
    expect(screen.getAllByRole('switch')).toHaveLength(19);
    for (const name of [
      'Order fulfilled',
      'Order refunded',
      'Refund failed',
      'Payment disputed',
      'Trial ending',
      'Usage limit',
      'API errors',
      'Selling store changed',
    ])
      expect(screen.getByRole('switch', { name: `${name}: Push` })).toBeChecked();

    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await user.click(email);
    expect(email).not.toBeChecked();
    const digest = screen.getByRole('switch', { name: 'New order: Hourly digest' });
    expect(digest).not.toBeChecked();
    await user.click(digest);
    await user.click(save);
    await screen.findByText('Notification preferences saved');
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({
      preferences: { ...ALL_ON, new_order: { email: false, push: true, digest: true } },
    });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('asks the browser for permission only when a push switch is turned on, never on load', async () => {
    const request = stubNotificationApi('default');
    const { user } = setup(() =>
      json({ preferences: { ...ALL_ON, api_errors: { email: true, push: false } } }),
    );
    const push = await screen.findByRole('switch', { name: 'API errors: Push' });
    expect(request).not.toHaveBeenCalled();
    await user.click(screen.getByRole('switch', { name: 'API errors: Email' }));
    expect(request).not.toHaveBeenCalled();
    await user.click(push);
    expect(request).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('This browser shows push notifications on your desktop too.'),
    ).toBeInTheDocument();
  });

  it('offers browser notifications with a button, and says when the browser blocks them', async () => {
    const request = stubNotificationApi('default', 'denied');
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Allow browser notifications' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Browser notifications are blocked')).toBeInTheDocument();
  });

  it("shows a destructive Error toast with the server's message when saving fails", async () => {
    const { user } = setup(undefined, () =>
      json({ error: { code: 'internal', message: 'Database unavailable' } }, 500),
    );
    await user.click(await screen.findByRole('switch', { name: 'Trial ending: Email' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    // The change is kept, so the merchant can try again.
    expect(screen.getByRole('switch', { name: 'Trial ending: Email' })).not.toBeChecked();
  });

  it('says what failed to load and loads again on Try again', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? json({ error: { code: 'internal', message: 'Database unavailable' } }, 500)
        : json({ preferences: ALL_ON }),
    );
    expect(await screen.findByText('Your notification settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'New order: Email' })).toBeChecked();
  });
});
