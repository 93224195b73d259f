import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import type { WpError } from './simulator-auth';
import { wpDate, type StoreUrls } from './simulator-json';
import {
  addNote,
  applyMeta,
  findById,
  orderTotal,
  parentOf,
  record,
  refundsOf,
  setOrderStatus,
  totalRefunded,
  type SimOrder,
  type SimRefund,
  type StoreState,
} from './simulator-store';
import { isForced, paginate, sendWpError, type Site, type WcCall, type WcRoute } from './simulator-wordpress';

/**
 * Order refunds under /wc/v3/orders/{id}/refunds, following WooCommerce 9's refunds controller and
 * `wc_create_refund`: the amount is checked against what is left to refund, line items are recorded
 * with negative quantities and totals, `api_restock` puts the refunded quantities back in stock and a
 * refund that uses up the order moves it to `refunded`. The simulator's orders are paid outside
 * WooCommerce (by AgentCart), so no gateway can refund them: `api_refund: true` fails as
 * `wc_refund_payment` does for such an order, and clients must send `api_refund: false`.
 */

/** Core gateways a store may name; none of them supports refunds (`supports('refunds')` is false). */
const CORE_OFFLINE_GATEWAYS = ['bacs', 'cheque', 'cod'];

const money = (minor: number) => minorToDecimal(minor);

function cannotCreate(message: string): WpError {
  return { status: 500, code: 'woocommerce_rest_cannot_create_order_refund', message };
}

/** A posted amount (string or number) in minor units, or null when it is not a money amount. */
function minorOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return decimalToMinor(value);
  } catch {
    return null;
  }
}

/** `wc_refund_payment`'s answer for an order no gateway can refund (the REST layer makes it a 500). */
function gatewayRefusal(order: SimOrder): WpError {
  return cannotCreate(
    CORE_OFFLINE_GATEWAYS.includes(order.paymentMethod)
      ? 'The payment gateway for this order does not support automatic refunds.'
      : 'The payment gateway for this order does not exist.',
  );
}

/** `wc_restock_refunded_items`: only stock the order took (`_order_stock_reduced`) goes back. */
function restock(store: StoreState, order: SimOrder, refund: SimRefund): void {
  if (!order.stockReduced) return;
  for (const refunded of refund.lineItems) {
    const line = order.lineItems.find((l) => l.id === refunded.lineItemId);
    const item = line ? findById(store, line.variationId || line.productId) : undefined;
    if (!line || !item || refunded.quantity <= 0) continue;
    parentOf(store, item).totalSales -= refunded.quantity;
    if (!item.manageStock) continue;
    const before = item.stockQuantity ?? 0;
    item.stockQuantity = before + refunded.quantity;
    item.dateModified = new Date();
    addNote(store, order, `Item #${line.id} stock increased from ${before} to ${item.stockQuantity}.`);
  }
}

/** `POST /orders/{id}/refunds`: the checks in WooCommerce's order, then the refund and its effects. */
export function createRefund(
  store: StoreState,
  order: SimOrder,
  body: Record<string, unknown>,
): SimRefund | WpError {
  const amountMinor = minorOf(body.amount);
  if (amountMinor === null) {
    return {
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): amount',
      params: { amount: 'amount is not of type string.' },
    };
  }
  if (amountMinor < 0) {
    return {
      status: 400,
      code: 'woocommerce_rest_invalid_order_refund',
      message: 'Refund amount must be greater than zero.',
    };
  }
  const lineItems: SimRefund['lineItems'] = [];
  for (const posted of (Array.isArray(body.line_items) ? body.line_items : []).map(record)) {
    const line = order.lineItems.find((l) => l.id === Number(posted.id));
    // [?] wc_create_refund skips ids that are not the order's; the sandbox refuses them so a client
    // bug (a product id sent for a line item id) shows up instead of refunding nothing.
    if (!line) {
      return {
        status: 400,
        code: 'woocommerce_rest_invalid_order_refund',
        message: `Invalid line item ID: ${String(posted.id)}.`,
      };
    }
    const total = minorOf(posted.refund_total);
    if (total === null) return cannotCreate('Invalid refund amount.');
    const quantity = posted.quantity === undefined ? 0 : Number(posted.quantity);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > line.quantity) {
      return cannotCreate('Invalid refund amount.');
    }
    lineItems.push({ id: store.nextItemId++, lineItemId: line.id, quantity, totalMinor: total });
  }
  // wc_create_refund: "Invalid refund amount." when more than is left; the REST layer answers 500.
  if (amountMinor > orderTotal(order) - totalRefunded(order)) {
    return cannotCreate('Invalid refund amount.');
  }
  const apiRefund = body.api_refund === undefined ? true : body.api_refund === true;
  // The refund is created, then the gateway is asked; a gateway failure deletes it again.
  if (apiRefund) return gatewayRefusal(order);

  const refund: SimRefund = {
    // Refunds are posts like orders, so they draw from the same id sequence.
    id: store.nextOrderId++,
    dateCreated: new Date(),
    amountMinor,
    reason: typeof body.reason === 'string' ? body.reason : '',
    refundedBy: Number(body.refunded_by ?? 1) || 0,
    refundedPayment: false,
    apiRefund,
    apiRestock: body.api_restock === undefined ? true : body.api_restock === true,
    metaData: [],
    lineItems,
  };
  applyMeta(store, refund.metaData, body.meta_data);
  refundsOf(order).push(refund);
  order.dateModified = new Date();
  if (refund.apiRestock) restock(store, order, refund);
  const remaining = orderTotal(order) - totalRefunded(order);
  addNote(store, order, `Refunded ${money(amountMinor)}${refund.reason ? ` &ndash; ${refund.reason}` : ''}`);
  if (remaining <= 0) setOrderStatus(store, order, 'refunded');
  return refund;
}

/** A refund as `GET /orders/{id}/refunds/{refund_id}` renders it (v3 shape). */
export function refundJson(order: SimOrder, refund: SimRefund, urls: StoreUrls) {
  const base = `${urls.origin}/wp-json/wc/v3/orders/${order.id}`;
  return {
    id: refund.id,
    date_created: wpDate(refund.dateCreated),
    date_created_gmt: wpDate(refund.dateCreated),
    amount: money(refund.amountMinor),
    reason: refund.reason,
    refunded_by: refund.refundedBy,
    refunded_payment: refund.refundedPayment,
    meta_data: refund.metaData,
    line_items: refund.lineItems.map((refunded) => {
      const line = order.lineItems.find((l) => l.id === refunded.lineItemId);
      // Refund lines are stored negative; price is total / quantity as on order lines.
      return {
        id: refunded.id,
        name: line?.name ?? '',
        product_id: line?.productId ?? 0,
        variation_id: line?.variationId ?? 0,
        quantity: -refunded.quantity,
        tax_class: '',
        subtotal: money(-refunded.totalMinor),
        subtotal_tax: '0.00',
        total: money(-refunded.totalMinor),
        total_tax: '0.00',
        taxes: [],
        meta_data: [{ id: 0, key: '_refunded_item_id', value: String(refunded.lineItemId) }],
        sku: line?.sku ?? '',
        price: refunded.quantity ? -refunded.totalMinor / refunded.quantity / 100 : 0,
      };
    }),
    shipping_lines: [],
    tax_lines: [],
    fee_lines: [],
    api_refund: refund.apiRefund,
    api_restock: refund.apiRestock,
    _links: {
      self: [{ href: `${base}/refunds/${refund.id}` }],
      collection: [{ href: `${base}/refunds` }],
      up: [{ href: base }],
    },
  };
}

/** Mounts the refund routes; `orderUpdated` is the simulator's webhook fire for `order.updated`. */
export function mountRefunds(wc: WcRoute, orderUpdated: (site: Site, order: SimOrder) => void) {
  const orderOr404 = (call: WcCall) => {
    const order = call.site.store.orders.get(Number(call.params.id));
    if (!order) {
      sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_invalid_order_id',
        message: 'Invalid order ID.',
      });
    }
    return order;
  };

  // A collection like any other: page/per_page and the X-WP-Total headers, newest first.
  wc(
    ['GET'],
    '/orders/:id/refunds',
    'list',
    (call) => {
      const order = orderOr404(call);
      if (!order) return call.reply;
      const newestFirst = [...refundsOf(order)].reverse();
      return paginate(call, newestFirst).map((r) => refundJson(order, r, call.site.urls));
    },
    { paginated: true },
  );

  wc(['POST'], '/orders/:id/refunds', 'create', (call) => {
    const order = orderOr404(call);
    if (!order) return call.reply;
    const result = createRefund(call.site.store, order, call.body);
    if ('code' in result) return sendWpError(call.reply, result);
    orderUpdated(call.site, order);
    return call.reply.status(201).send(refundJson(order, result, call.site.urls));
  });

  wc(['GET', 'DELETE'], '/orders/:id/refunds/:refund_id', 'by-method', (call) => {
    const order = orderOr404(call);
    if (!order) return call.reply;
    const refund = refundsOf(order).find((r) => r.id === Number(call.params.refund_id));
    if (!refund) {
      return sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_shop_order_refund_invalid_id',
        message: 'Invalid ID.',
      });
    }
    const json = refundJson(order, refund, call.site.urls);
    if (call.request.method === 'GET') return json;
    if (!isForced(call.query)) {
      return sendWpError(call.reply, {
        status: 501,
        code: 'woocommerce_rest_trash_not_supported',
        message: 'The shop_order_refund does not support trashing.',
      });
    }
    // Deleting a refund forgets it (the order's refunded total drops); stock and status stay as they are.
    order.refunds = refundsOf(order).filter((r) => r !== refund);
    order.dateModified = new Date();
    orderUpdated(call.site, order);
    return json;
  });
}
