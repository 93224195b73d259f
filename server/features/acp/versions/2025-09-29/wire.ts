import type { z } from 'zod';
import * as wire from '#common/acp/2025-09-29/schemas';
import type { SessionView, ViewMessage } from '../../session-view';
import { fromAddress, toAddress } from '../address';
import type { AcpVersionModule } from '../version';

type Session = wire.CheckoutSession;

const toBuyer = (b: z.infer<typeof wire.buyer>) => ({
  firstName: b.first_name,
  lastName: b.last_name,
  fullName: null,
  email: b.email,
  phone: b.phone_number ?? null,
});

const toFulfillment = (a: z.infer<typeof wire.address>) => ({
  name: a.name,
  email: null,
  phone: null,
  address: toAddress(a),
});

const ERROR_CODE: Record<
  ViewMessage['code'],
  'missing' | 'invalid' | 'out_of_stock' | 'payment_declined' | null
> = {
  unknown_item: 'invalid',
  not_for_sale: 'invalid',
  invalid_quantity: 'invalid',
  out_of_stock: 'out_of_stock',
  missing_address: 'missing',
  payment_declined: 'payment_declined',
  payment_expired: 'payment_declined',
  prices_changed: null,
  payment_pending: null,
};

function message(m: ViewMessage): Session['messages'][number] {
  const param =
    m.target === 'address'
      ? '$.fulfillment_address'
      : m.target === 'payment'
        ? '$.payment_data'
        : `$.items[${m.target.item}]`;
  const code = ERROR_CODE[m.code];
  return m.kind === 'error' && code
    ? { type: 'error', code, param, content_type: 'plain', content: m.content }
    : { type: 'info', param, content_type: 'plain', content: m.content };
}

function render(view: SessionView): Session {
  const { buyer } = view;
  return {
    id: view.id,
    ...(buyer?.firstName && buyer.lastName && buyer.email
      ? {
          buyer: {
            first_name: buyer.firstName,
            last_name: buyer.lastName,
            email: buyer.email,
            ...(buyer.phone ? { phone_number: buyer.phone } : {}),
          },
        }
      : {}),
    ...(view.payment.card
      ? { payment_provider: { provider: 'stripe', supported_payment_methods: ['card'] } }
      : {}),
    status: view.status === 'expired' ? 'canceled' : view.status,
    currency: view.currency,
    line_items: view.lines.map((line) => ({
      id: line.id,
      item: { id: line.sku, quantity: line.quantity },
      base_amount: line.total,
      discount: 0,
      subtotal: line.total,
      tax: 0,
      total: line.total,
    })),
    ...(view.address ? { fulfillment_address: fromAddress(view.address) } : {}),
    fulfillment_options: view.options.map((o) => ({
      type: 'shipping',
      id: o.id,
      title: o.title,
      subtitle: o.description,
      ...(o.earliest ? { earliest_delivery_time: o.earliest } : {}),
      ...(o.latest ? { latest_delivery_time: o.latest } : {}),
      subtotal: o.amount,
      tax: 0,
      total: o.amount,
    })),
    ...(view.selectedOptionId ? { fulfillment_option_id: view.selectedOptionId } : {}),
    totals: [
      { type: 'items_base_amount', display_text: 'Item(s) total', amount: view.totals.items },
      { type: 'subtotal', display_text: 'Subtotal', amount: view.totals.subtotal },
      ...(view.selectedOptionId
        ? [{ type: 'fulfillment' as const, display_text: 'Shipping', amount: view.totals.fulfillment }]
        : []),
      { type: 'tax', display_text: 'Tax', amount: view.totals.tax },
      { type: 'total', display_text: 'Total', amount: view.totals.total },
    ],
    messages: view.messages.map(message),
    links: [
      { type: 'terms_of_use', url: view.links.terms },
      { type: 'privacy_policy', url: view.links.privacy },
    ],
  };
}

/** Its requests in, its sessions out. */
export const wire2025: Pick<
  AcpVersionModule,
  'schemas' | 'toCreate' | 'toUpdate' | 'toComplete' | 'render' | 'param'
> = {
  schemas: {
    create: wire.createRequest,
    update: wire.updateRequest,
    complete: wire.completeRequest,
    session: wire.checkoutSession,
    sessionWithOrder: wire.checkoutSessionWithOrder,
    order: wire.order,
  },
  toCreate(body) {
    const b = body as z.infer<typeof wire.createRequest>;
    return {
      items: b.items,
      ...(b.buyer ? { buyer: toBuyer(b.buyer) } : {}),
      ...(b.fulfillment_address ? { fulfillment: toFulfillment(b.fulfillment_address) } : {}),
    };
  },
  toUpdate(body) {
    const b = body as z.infer<typeof wire.updateRequest>;
    return {
      ...(b.items ? { items: b.items } : {}),
      ...(b.buyer ? { buyer: toBuyer(b.buyer) } : {}),
      ...(b.fulfillment_address ? { fulfillment: toFulfillment(b.fulfillment_address) } : {}),
      ...(b.fulfillment_option_id ? { selectedOptionId: b.fulfillment_option_id } : {}),
    };
  },
  toComplete(body) {
    const b = body as z.infer<typeof wire.completeRequest>;
    return {
      ...(b.buyer ? { buyer: toBuyer(b.buyer) } : {}),
      payment: { kind: 'card', token: b.payment_data.token },
    };
  },
  render(view) {
    const session = render(view);
    if (!view.order) return session;
    return {
      ...session,
      order: { id: view.order.id, checkout_session_id: view.id, permalink_url: view.order.permalink },
    };
  },
  param: (path) => path,
};
