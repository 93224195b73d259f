import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STREAM_EVENT, type OrderStreamEvent } from '#common/api/orders';
import type { Db } from '../../db/client';
import type { LiveEngineEvents } from '../../events/live-engine-events';
import { findOrderView } from './list-orders';

/** Comments keep proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export interface OrderStreams {
  /** Answers with the merchant's order changes as server-sent events, until the client goes away. */
  open(request: FastifyRequest, reply: FastifyReply, merchantId: string): Promise<FastifyReply>;
  /** Ends every open stream (the server is shutting down; browsers reconnect elsewhere). */
  endAll(): void;
}

/**
 * The live orders list: each order event of the merchant's (the engine's, as it commits) is sent
 * as `event: order` with `{ type, order }`. The row is re-read, scoped to the merchant, so a stream only
 * ever carries the merchant's own orders in their current state, in commit order.
 */
export function createOrderStreams(db: Db, events: LiveEngineEvents): OrderStreams {
  const open = new Set<PassThrough>();
  return {
    async open(request, reply, merchantId) {
      const stream = new PassThrough();
      const write = (text: string) => {
        if (stream.writable) stream.write(text);
      };
      let sending = Promise.resolve();
      const unsubscribe = await events.subscribe(merchantId, 'order', {
        event({ subjectId, change }) {
          sending = sending
            .then(async () => {
              const order = await findOrderView(db, merchantId, subjectId);
              if (!order) return;
              const data: OrderStreamEvent = { type: change === 'created' ? 'INSERT' : 'UPDATE', order };
              write(`event: ${ORDER_STREAM_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
            })
            .catch((err: unknown) => request.log.warn({ err }, 'order stream could not read an order'));
        },
        // Changes may have been missed: ending the stream makes the browser reconnect and reload.
        lost: () => stream.end(),
      });
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
