/**
 * The dashboard's one server-sent event stream (`GET /api/orders/stream`: order changes and in-app
 * notifications), shared by everything on the page that follows it: the first subscriber opens it, the
 * last one to leave closes it, so the orders card and the notification bell never open two connections.
 */
export const LIVE_STREAM_PATH = '/api/orders/stream';

export interface LiveStreamSubscription {
  /** The server-sent event name to listen to. */
  event: string;
  /** Each event's data, parsed from JSON (null when it is not JSON). */
  onMessage(data: unknown): void;
  /** The stream opened (the first time, or again after a drop): state read before may be stale. */
  onOpen?(): void;
}

let source: EventSource | null = null;
let subscribers = 0;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Listens on the shared stream; the result stops listening. A no-op where EventSource is missing. */
export function subscribeLiveStream(subscription: LiveStreamSubscription): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  source ??= new EventSource(LIVE_STREAM_PATH);
  const stream = source;
  subscribers += 1;
  const onMessage = (message: Event) => subscription.onMessage(parse((message as MessageEvent<string>).data));
  const onOpen = () => subscription.onOpen?.();
  stream.addEventListener(subscription.event, onMessage);
  stream.addEventListener('open', onOpen);
  // Already open: this subscriber's state may predate it just the same.
  if (stream.readyState === 1) queueMicrotask(onOpen);
  return () => {
    stream.removeEventListener(subscription.event, onMessage);
    stream.removeEventListener('open', onOpen);
    subscribers -= 1;
    if (subscribers === 0 && source === stream) {
      stream.close();
      source = null;
    }
  };
}
