import type { AcpRequestedItem, Merchant } from '../../db/schema/index';
import { lineItemId, type SessionView, type ViewMessage } from '../acp';
import { paymentHandlers } from './business-profile';
import { UCP_VERSION } from './protocol';

const STATUS: Record<SessionView['status'], string> = {
  not_ready_for_payment: 'incomplete',
  ready_for_payment: 'ready_for_complete',
  in_progress: 'complete_in_progress',
  completed: 'completed',
  canceled: 'canceled',
  expired: 'canceled',
};

/** The session layer's message codes in UCP's words (checkout.md, "Standard Errors"). */
const ERROR_CODE: Record<ViewMessage['code'], string> = {
  unknown_item: 'item_unavailable',
  not_for_sale: 'item_unavailable',
  out_of_stock: 'out_of_stock',
  invalid_quantity: 'invalid',
  missing_address: 'missing',
  payment_declined: 'payment_failed',
  payment_expired: 'payment_failed',
  prices_changed: 'prices_changed',
  payment_pending: 'payment_pending',
};

const DESTINATION_ID = 'dest_1';
const METHOD_ID = 'shipping_1';
const GROUP_ID = 'package_1';

interface UcpMessage {
  type: 'error' | 'info';
  code: string;
  path: string;
  content: string;
  severity?: 'recoverable' | 'requires_buyer_input';
}

function message(m: ViewMessage): UcpMessage {
  const path =
    m.target === 'address'
      ? '$.fulfillment.methods[0].destinations'
      : m.target === 'payment'
        ? '$.payment'
        : `$.line_items[${m.target.item}]`;
  // Standard errors are recoverable (checkout.md): the platform fixes the input and updates.
  return m.kind === 'error'
    ? { type: 'error', code: ERROR_CODE[m.code], path, content: m.content, severity: 'recoverable' }
    : { type: 'info', code: ERROR_CODE[m.code], path, content: m.content };
}

const subtotalAndTotal = (amount: number) => [
  { type: 'subtotal', amount },
  { type: 'total', amount },
];

/**
 * A session as a UCP checkout (checkout.json with the fulfillment extension). Every requested item is a
 * line, so a message's `$.line_items[i]` names the item the platform sent; an item the store cannot price
 * shows its id and no price. The payment credential is never echoed: responses carry no instruments.
 */
export function renderCheckout(
  view: SessionView,
  requested: AcpRequestedItem[],
  merchant: Merchant,
  publicUrl: string,
  /** A payment the completion just failed: said as `payment_failed` when the session holds no notice of it. */
  failedPayment?: { message: string },
) {
  const lines = requested.map((item) => {
    const priced = view.lines.find((line) => line.sku === item.id);
    return {
      id: lineItemId(item.id),
      item: { id: item.id, title: priced?.name ?? item.id, price: priced?.unitAmount ?? 0 },
      quantity: item.quantity,
      totals: subtotalAndTotal(priced?.total ?? 0),
    };
  });
  const lineIds = lines.map((line) => line.id);
  const messages = view.messages.map(message);
  if (failedPayment && !messages.some((m) => m.code === 'payment_failed')) {
    messages.push({
      type: 'error',
      code: 'payment_failed',
      path: '$.payment',
      content: failedPayment.message,
      severity: 'recoverable',
    });
  }
  const open = view.status === 'not_ready_for_payment' || view.status === 'ready_for_payment';
  const needsEmail = open && !view.buyer?.email && !view.fulfillment?.email;
  if (needsEmail) {
    messages.push({
      type: 'error',
      code: 'missing',
      path: '$.buyer.email',
      content: 'The buyer email is needed to place the order.',
      severity: 'recoverable',
    });
  }
  // A Lightning invoice waiting to be paid: the buyer pays on its page (ADR 048), the status says so.
  const invoice = open || view.status === 'in_progress' ? view.payment.lightning?.invoice : null;
  const continueUrl = invoice ? (invoice.paymentUrl ?? `lightning:${invoice.paymentRequest}`) : null;
  if (invoice) {
    const pending = messages.findIndex((m) => m.code === 'payment_pending');
    if (pending >= 0) messages.splice(pending, 1);
    messages.push({
      type: 'error',
      code: 'payment_required',
      path: '$.payment',
      content: 'Pay the Lightning invoice at continue_url; the order is placed once it is paid.',
      severity: 'requires_buyer_input',
    });
  }
  const status = invoice
    ? 'requires_escalation'
    : needsEmail && view.status === 'ready_for_payment'
      ? 'incomplete'
      : STATUS[view.status];
  const { buyer, address } = view;
  const shipping = view.selectedOptionId
    ? [{ type: 'fulfillment', display_text: 'Shipping', amount: view.totals.fulfillment }]
    : [];
  return {
    ucp: {
      version: UCP_VERSION,
      status: 'success',
      capabilities: {
        'dev.ucp.shopping.checkout': [{ version: UCP_VERSION }],
        'dev.ucp.shopping.fulfillment': [{ version: UCP_VERSION }],
      },
      payment_handlers: paymentHandlers(merchant, publicUrl),
    },
    id: view.id,
    status,
    currency: view.currency.toUpperCase(),
    line_items: lines,
    ...(buyer && (buyer.email || buyer.firstName || buyer.lastName || buyer.phone)
      ? {
          buyer: {
            ...(buyer.firstName ? { first_name: buyer.firstName } : {}),
            ...(buyer.lastName ? { last_name: buyer.lastName } : {}),
            ...(buyer.email ? { email: buyer.email } : {}),
            ...(buyer.phone ? { phone_number: buyer.phone } : {}),
          },
        }
      : {}),
    fulfillment: {
      methods: [
        {
          id: METHOD_ID,
          type: 'shipping',
          line_item_ids: lineIds,
          destinations: address
            ? [
                {
                  id: DESTINATION_ID,
                  ...(address.name ? { first_name: address.name } : {}),
                  street_address: address.line1,
                  ...(address.line2 ? { extended_address: address.line2 } : {}),
                  address_locality: address.city,
                  ...(address.state ? { address_region: address.state } : {}),
                  address_country: address.country,
                  postal_code: address.postalCode,
                },
              ]
            : [],
          selected_destination_id: address ? DESTINATION_ID : null,
          groups: view.options.length
            ? [
                {
                  id: GROUP_ID,
                  line_item_ids: lineIds,
                  options: view.options.map((o) => ({
                    id: o.id,
                    title: o.title,
                    description: o.description,
                    ...(o.earliest ? { earliest_fulfillment_time: o.earliest } : {}),
                    ...(o.latest ? { latest_fulfillment_time: o.latest } : {}),
                    totals: [
                      { type: 'fulfillment', display_text: o.title, amount: o.amount },
                      { type: 'total', amount: o.amount },
                    ],
                  })),
                  selected_option_id: view.selectedOptionId,
                },
              ]
            : [],
        },
      ],
    },
    totals: [
      { type: 'subtotal', display_text: 'Subtotal', amount: view.totals.subtotal },
      ...shipping,
      { type: 'total', display_text: 'Total', amount: view.totals.total },
    ],
    messages,
    links: [
      { type: 'terms_of_service', url: view.links.terms },
      { type: 'privacy_policy', url: view.links.privacy },
    ],
    expires_at: view.expiresAt,
    ...(continueUrl ? { continue_url: continueUrl } : {}),
    ...(view.order
      ? {
          order: {
            id: view.order.id,
            ...(view.order.orderNumber ? { label: view.order.orderNumber } : {}),
            permalink_url: view.order.permalink,
          },
        }
      : {}),
  };
}
