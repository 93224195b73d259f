import { stripeSignatureHeader } from './signing';
import { invalidRequest, resourceMissing, stripeId } from './simulator-http';
import type { EventSink, StripeSimContext } from './simulator-state';

/** The event envelope Stripe delivers. */
export interface StripeEvent {
  id: string;
  object: 'event';
  /** Set on events about a connected account (what Connect endpoints receive). */
  account?: string;
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

interface EndpointRecord {
  owner: string;
  /** Connect endpoints receive the events of the owner's connected accounts. */
  connect: boolean;
  endpoint: WebhookEndpoint;
  secret: string;
}

/** One signed POST, as it leaves the simulator. */
export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface EventBus extends EventSink {
  /** A delivery of `event` signed with `secret`, as of `timestamp` (unix seconds; now by default). */
  signed(
    event: StripeEvent,
    secret: string,
    timestamp?: number,
  ): { headers: Record<string, string>; rawBody: string };
  /** Like `emit`, but only builds and records the event (for the "show me a webhook" control). */
  record(account: string, type: string, object: unknown): StripeEvent;
  /** Where every event also goes, signed with the sandbox secret (what `stripe listen --forward-to` does). */
  forwardTo: string | null;
}

/**
 * Webhook endpoints (`/v1/webhook_endpoints`), events (`/v1/events/{id}`) and their signed delivery:
 * each endpoint gets its own `whsec_` secret; deliveries are fire-and-forget POSTs with no retries.
 */
export function createEventBus(
  ctx: Omit<StripeSimContext, 'events'>,
  opts: {
    apiVersion: string;
    forwardSecret: string;
    forwardTo: string | null;
    deliver: (delivery: WebhookDelivery) => unknown;
  },
): EventBus {
  const { router, state } = ctx;
  const { endpoints, events } = ctx.sim.keep('events', () => ({
    endpoints: new Map<string, EndpointRecord>(),
    events: new Map<string, { owner: string; event: StripeEvent }>(),
  }));

  const signed: EventBus['signed'] = (event, secret, timestamp = state.nowSeconds()) => {
    const rawBody = JSON.stringify(event, null, 2);
    return {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(secret, rawBody, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      rawBody,
    };
  };

  const build = (
    account: string,
    type: string,
    object: unknown,
    extra: Parameters<EventSink['emit']>[3] = {},
  ) => {
    const platform = state.accounts.get(account)?.platform ?? null;
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      ...(platform ? { account } : {}),
      api_version: opts.apiVersion,
      created: state.nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(extra.previous ? { previous_attributes: extra.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: {
        id: extra.caller?.requestId ?? null,
        idempotency_key: extra.caller?.idempotencyKey ?? null,
      },
      type,
    };
    events.set(event.id, { owner: account, event });
    return { event, platform };
  };

  const bus: EventBus = {
    forwardTo: opts.forwardTo,
    signed,
    record: (account, type, object) => build(account, type, object).event,
    emit(account, type, object, emitOpts) {
      const { event, platform } = build(account, type, object, emitOpts);
      const targets = [...endpoints.values()].filter(
        ({ owner, connect, endpoint }) =>
          endpoint.status === 'enabled' &&
          (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)) &&
          (connect ? platform !== null && owner === platform : owner === account),
      );
      const sends = targets.map((t) => ({ url: t.endpoint.url, secret: t.secret }));
      if (bus.forwardTo) sends.push({ url: bus.forwardTo, secret: opts.forwardSecret });
      event.pending_webhooks = sends.length;
      for (const { url, secret } of sends) {
        const { headers, rawBody } = signed(event, secret);
        void Promise.resolve()
          .then(() => opts.deliver({ url, headers, body: rawBody }))
          .catch(() => undefined);
      }
    },
  };

  const findEndpoint = (id: string, owner: string) => {
    const record = endpoints.get(id);
    if (!record || record.owner !== owner) throw resourceMissing('webhook endpoint', id, 'webhook_endpoint');
    return record;
  };
  const publicView = ({ endpoint }: EndpointRecord) => {
    const { secret: _secret, ...rest } = endpoint;
    return rest;
  };

  router.post('/v1/webhook_endpoints', ({ caller, params }) => {
    params.only(['url', 'enabled_events', 'connect', 'description', 'api_version', 'metadata', 'expand']);
    const url = params.requiredString('url');
    if (!/^https?:\/\/[^\s]+$/.test(url))
      throw invalidRequest(`Invalid URL: ${url}`, { code: 'url_invalid', param: 'url' });
    const enabled = params.strings('enabled_events');
    if (!enabled?.length) throw params.missing('enabled_events');
    if (enabled.some((e) => e !== '*' && !/^[a-z_]+(\.[a-z_]+)+$/.test(e))) {
      throw invalidRequest('Invalid enabled_events: use event types such as payment_intent.succeeded, or *', {
        param: 'enabled_events',
      });
    }
    const secret = stripeId('whsec', 32);
    const endpoint: WebhookEndpoint = {
      id: stripeId('we'),
      object: 'webhook_endpoint',
      api_version: params.string('api_version') ?? null,
      application: null,
      created: state.nowSeconds(),
      description: params.string('description') ?? null,
      enabled_events: enabled,
      livemode: false,
      metadata: params.metadata(),
      secret,
      status: 'enabled',
      url,
    };
    const record = { owner: caller.account, connect: params.bool('connect') ?? false, endpoint, secret };
    endpoints.set(endpoint.id, record);
    // Stripe shows the signing secret once, in the creation response.
    return endpoint;
  });
  router.get('/v1/webhook_endpoints', ({ caller }) => ({
    object: 'list',
    data: [...endpoints.values()].filter((r) => r.owner === caller.account).map(publicView),
    has_more: false,
    url: '/v1/webhook_endpoints',
  }));
  router.get('/v1/webhook_endpoints/:id', ({ caller, path }) =>
    publicView(findEndpoint(path.id!, caller.account)),
  );
  router.delete('/v1/webhook_endpoints/:id', ({ caller, path }) => {
    findEndpoint(path.id!, caller.account);
    endpoints.delete(path.id!);
    return { id: path.id, object: 'webhook_endpoint', deleted: true };
  });
  router.get('/v1/events/:id', ({ caller, path }) => {
    const record = events.get(path.id!);
    if (!record || record.owner !== caller.account) throw resourceMissing('event', path.id!, 'id');
    return record.event;
  });

  ctx.sim.control('forward', (_params, body) => {
    const url = (body as { url?: unknown } | undefined)?.url;
    bus.forwardTo = typeof url === 'string' && url ? url : null;
    return { forwardTo: bus.forwardTo };
  });

  return bus;
}
