import { randomBytes } from 'node:crypto';
import type { WpError } from './simulator-auth';
import { orderJson, webhookJson, wpDate, type StoreUrls } from './simulator-json';
import type { SimOrder, SimWebhook } from './simulator-store';
import { isForced, paginate, sendWpError, type Site, type WcRoute } from './simulator-wordpress';
import { woocommerceWebhookSignature } from './signing';

/**
 * WooCommerce webhooks: CRUD under /wc/v3/webhooks, a ping to a new webhook's URL, and signed deliveries
 * of order events (`X-WC-Webhook-*` headers, body = the order's REST representation) sent after the
 * response, as WooCommerce's background delivery does. Five failed deliveries in a row disable a hook.
 */

/** Delivers one webhook request and reports the HTTP status (0 when nothing answered). */
export type Deliver = (
  url: string,
  request: { headers: Record<string, string>; body: string },
) => Promise<number>;

const HOOKSHOT = 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)';
const WEBHOOK_TOPIC =
  /^(order|product|customer|coupon)\.(created|updated|deleted|restored)$|^action\.[\w-]+$/;
const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'];
const MAX_DELIVERY_FAILURES = 5;

const httpDeliver: Deliver = async (url, request) => {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

export function mountWebhooks(wc: WcRoute, opts: { deliver?: Deliver; deliveries: { nextId: number } }) {
  const deliver = opts.deliver ?? httpDeliver;
  const { deliveries } = opts;

  async function deliverOne(hook: SimWebhook, topic: string, body: string, urls: StoreUrls) {
    const [resource, event] = topic.split('.');
    const status = await deliver(hook.deliveryUrl, {
      headers: {
        'content-type': 'application/json',
        'user-agent': HOOKSHOT,
        'x-wc-webhook-source': `${urls.origin}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': resource!,
        'x-wc-webhook-event': event!,
        'x-wc-webhook-signature': woocommerceWebhookSignature(body, hook.secret),
        'x-wc-webhook-id': String(hook.id),
        'x-wc-webhook-delivery-id': String(deliveries.nextId++),
      },
      body,
    });
    if (status >= 200 && status < 300) hook.failures = 0;
    else if (++hook.failures >= MAX_DELIVERY_FAILURES) hook.status = 'disabled';
  }

  function webhookInput(body: Record<string, unknown>, creating: boolean): WpError | null {
    if (creating) {
      const missing = ['topic', 'delivery_url'].filter((name) => body[name] === undefined);
      if (missing.length) {
        return {
          status: 400,
          code: 'rest_missing_callback_param',
          message: `Missing parameter(s): ${missing.join(', ')}`,
        };
      }
    }
    if (body.topic !== undefined && !WEBHOOK_TOPIC.test(String(body.topic).toLowerCase())) {
      return {
        status: 400,
        code: 'woocommerce_rest_shop_webhook_invalid_topic',
        message: 'Webhook topic is required and must be valid.',
      };
    }
    if (body.delivery_url !== undefined && !/^https?:\/\/[^\s]+$/i.test(String(body.delivery_url))) {
      return {
        status: 400,
        code: 'woocommerce_rest_shop_webhook_invalid_delivery_url',
        message: 'Webhook delivery URL must be a valid URL starting with http:// or https://.',
      };
    }
    if (body.status !== undefined && !WEBHOOK_STATUSES.includes(String(body.status))) {
      return {
        status: 400,
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        params: { status: `status is not one of ${WEBHOOK_STATUSES.join(', ')}.` },
      };
    }
    return null;
  }

  wc(
    ['GET'],
    '/webhooks',
    'list',
    (call) => {
      const status = call.query.status ?? 'all';
      const hooks = [...call.site.store.webhooks.values()].filter(
        (h) => status === 'all' || h.status === status,
      );
      return paginate(call, hooks).map((h) => webhookJson(h, call.site.urls));
    },
    { paginated: true },
  );

  wc(['POST'], '/webhooks', 'create', (call) => {
    const invalid = webhookInput(call.body, true);
    if (invalid) return sendWpError(call.reply, invalid);
    const { store, urls } = call.site;
    const created = new Date();
    const hook: SimWebhook = {
      id: store.nextWebhookId++,
      name:
        typeof call.body.name === 'string' && call.body.name
          ? call.body.name
          : `Webhook created on ${wpDate(created)}`,
      status: (call.body.status as SimWebhook['status'] | undefined) ?? 'active',
      topic: String(call.body.topic).toLowerCase(),
      deliveryUrl: String(call.body.delivery_url),
      secret:
        typeof call.body.secret === 'string' && call.body.secret
          ? call.body.secret
          : randomBytes(32).toString('base64url'),
      failures: 0,
      dateCreated: created,
      dateModified: created,
    };
    store.webhooks.set(hook.id, hook);
    // WooCommerce pings a new webhook's URL with a form body; the answer does not matter.
    if (hook.status === 'active') {
      void deliver(hook.deliveryUrl, {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': HOOKSHOT,
        },
        body: `webhook_id=${hook.id}`,
      });
    }
    return call.reply.status(201).send(webhookJson(hook, urls));
  });

  wc(['GET', 'PUT', 'POST', 'PATCH', 'DELETE'], '/webhooks/:id', 'by-method', (call) => {
    const { store, urls } = call.site;
    const hook = store.webhooks.get(Number(call.params.id));
    if (!hook) {
      return sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_shop_webhook_invalid_id',
        message: 'Invalid ID.',
      });
    }
    const method = call.request.method;
    if (method === 'GET') return webhookJson(hook, urls);
    if (method === 'DELETE') {
      if (!isForced(call.query)) {
        return sendWpError(call.reply, {
          status: 501,
          code: 'woocommerce_rest_trash_not_supported',
          message: 'Webhooks do not support trashing.',
        });
      }
      store.webhooks.delete(hook.id);
      return webhookJson(hook, urls);
    }
    const invalid = webhookInput(call.body, false);
    if (invalid) return sendWpError(call.reply, invalid);
    const body = call.body;
    if (typeof body.name === 'string') hook.name = body.name;
    if (body.topic !== undefined) hook.topic = String(body.topic).toLowerCase();
    if (body.delivery_url !== undefined) hook.deliveryUrl = String(body.delivery_url);
    if (typeof body.secret === 'string' && body.secret) hook.secret = body.secret;
    if (body.status !== undefined) {
      hook.status = body.status as SimWebhook['status'];
      if (hook.status === 'active') hook.failures = 0;
    }
    hook.dateModified = new Date();
    return webhookJson(hook, urls);
  });

  return {
    /** Sends an order event to the store's active webhooks for that topic, without waiting. */
    fire(site: Site, topic: string, order: SimOrder) {
      const hooks = [...site.store.webhooks.values()].filter(
        (h) => h.status === 'active' && h.topic === topic,
      );
      if (!hooks.length) return;
      const body = JSON.stringify(orderJson(site.store, order, site.urls));
      for (const hook of hooks) void deliverOne(hook, topic, body, site.urls);
    },
  };
}
