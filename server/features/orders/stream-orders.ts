import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STREAM_EVENT, type OrderStreamEvent } from '#common/api/orders';
import type { Db } from '../../db/client';
import type { LiveEngineEvents, LiveStreamChannel } from '../../events/live-engine-events';
import { findOrderView } from './list-orders';

/** Comments keep proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export interface OrderStreams {
  /** Answers with the merchant's order changes as server-sent events, until the client goes away. */
  open(request: FastifyRequest, reply: FastifyReply, merchantId: string): Promise<FastifyReply>;
  /** Ends every open stream (the server is shutting down; browsers reconnect elsewhere). */
  endAll(): void;
}

/** The merchant's orders as they change: `event: order` with `{ type, order }`. */
const orderChannel = (db: Db): LiveStreamChannel => ({
  topic: 'order',
  eventName: ORDER_STREAM_EVENT,
  async read(merchantId, { subjectId, change }) {
    const order = await findOrderView(db, merchantId, subjectId);
    if (!order) return null;
    const data: OrderStreamEvent = { type: change === 'created' ? 'INSERT' : 'UPDATE', order };
    return data;
  },
});

/**
 * The dashboard's one live stream: each order event of the merchant's (the engine's, as it commits) is
 * sent as `event: order`, and each change of the other `channels` (in-app notifications) as its own
 * event. Subjects are re-read, scoped to the merchant, so a stream only ever carries the merchant's own
 * rows in their current state, in commit order.
 */
export function createOrderStreams(
  db: Db,
  events: LiveEngineEvents,
  channels: LiveStreamChannel[] = [],
): OrderStreams {
  const open = new Set<PassThrough>();
  const allChannels = [orderChannel(db), ...channels];
  return {
    async open(request, reply, merchantId) {
      const stream = new PassThrough();
      const write = (text: string) => {
        if (stream.writable) stream.write(text);
      };
      let sending = Promise.resolve();
      const unsubscribes = await Promise.all(
        allChannels.map((channel) =>
          events.subscribe(merchantId, channel.topic, {
            event(event) {
              sending = sending
                .then(async () => {
                  const data = await channel.read(merchantId, event);
                  if (data !== null) write(`event: ${channel.eventName}\ndata: ${JSON.stringify(data)}\n\n`);
                })
                .catch((err: unknown) =>
                  request.log.warn({ err, topic: channel.topic }, 'live stream could not read a change'),
                );
            },
            // Changes may have been missed: ending the stream makes the browser reconnect and reload.
            lost: () => stream.end(),
          }),
        ),
      );
      const unsubscribe = () => unsubscribes.forEach((stop) => stop());
      // The first comment tells the client the subscription is live; `retry` paces its reconnects.
      write('retry: 3000\n: connected\n\n');
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      open.add(stream);
      // Fastify destroys the stream when the client disconnects, and closes it when it ends.
      stream.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
    endAll() {
      for (const stream of open) stream.end();
    },
  };
}
