import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '#web/test/fake-event-source';
import { subscribeLiveStream } from './live-stream';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('subscribeLiveStream', () => {
  it('shares one connection between subscribers, each hearing its own events, and closes it after the last', () => {
    const orders: unknown[] = [];
    const notifications: unknown[] = [];
    const reopened = vi.fn();
    const stopOrders = subscribeLiveStream({ event: 'order', onMessage: (d) => orders.push(d) });
    const stopNotifications = subscribeLiveStream({
      event: 'notification',
      onMessage: (d) => notifications.push(d),
      onOpen: reopened,
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/orders/stream');

    stream.emit('order', { type: 'INSERT' });
    stream.emit('notification', { type: 'read' });
    stream.open();
    expect(orders).toEqual([{ type: 'INSERT' }]);
    expect(notifications).toEqual([{ type: 'read' }]);
    expect(reopened).toHaveBeenCalledTimes(1);

    stopOrders();
    expect(stream.closed).toBe(false);
    stopNotifications();
    expect(stream.closed).toBe(true);

    // The next subscriber opens a new connection.
    const stop = subscribeLiveStream({ event: 'order', onMessage: () => {} });
    expect(FakeEventSource.instances).toHaveLength(2);
    stop();
  });
});
