import type { LightningHandlerConfig } from '#common/acp/2026-04-17/lightning-handler';
import type { z } from 'zod';
import * as wire from '#common/acp/2026-04-17/schemas';
import { AcpError } from '../../acp-error';
import type { SessionView, ViewMessage } from '../../session-view';
import { fromAddress, toAddress } from '../address';
import type { AcpVersionModule } from '../version';
import { orderStatus2026 } from './order-event';

type Session = wire.CheckoutSession;

export const CARD_HANDLER_ID = 'card_spt';
export const LIGHTNING_HANDLER_ID = 'bitcoin_lightning';

const toBuyer = (b: z.infer<typeof wire.buyer>) => ({
  firstName: b.first_name ?? null,
  lastName: b.last_name ?? null,
  fullName: b.full_name ?? null,
  email: b.email,
  phone: b.phone_number ?? null,
});

const toFulfillment = (f: z.infer<typeof wire.fulfillmentDetails>) => ({
  name: f.name ?? null,
  email: f.email ?? null,
  phone: f.phone_number ?? null,
  address: f.address ? toAddress(f.address) : null,
});

const toItems = (items: { id: string; quantity?: number }[]) =>
  items.map((i) => ({ id: i.id, quantity: i.quantity ?? 1 }));

type ErrorCode = Extract<Session['messages'][number], { type: 'error' }>['code'];
const ERROR_CODE: Record<ViewMessage['code'], ErrorCode | null> = {
  unknown_item: 'not_found',
  not_for_sale: 'unsupported',
  invalid_quantity: 'invalid',
  out_of_stock: 'out_of_stock',
  missing_address: 'missing',
  payment_declined: 'payment_declined',
  payment_expired: 'expired',
  prices_changed: null,
  payment_pending: null,
};

function message(m: ViewMessage): Session['messages'][number] {
  const param =
    m.target === 'address'
      ? '$.fulfillment_details.address'
      : m.target === 'payment'
        ? '$.payment_data'
        : `$.line_items[${m.target.item}]`;
  const code = ERROR_CODE[m.code];
  const resolution =
    m.target === 'payment' || m.code === 'missing_address' || m.code === 'out_of_stock'
      ? ('requires_buyer_input' as const)
      : ('recoverable' as const);
  return m.kind === 'error' && code
    ? { type: 'error', code, param, resolution, content_type: 'plain', content: m.content }
    : { type: 'info', param, content_type: 'plain', content: m.content };
}

function handlers(view: SessionView): wire.PaymentHandler[] {
  const list: wire.PaymentHandler[] = [];
  if (view.payment.card) {
    list.push({
      id: CARD_HANDLER_ID,
      name: 'dev.acp.tokenized.card',
      display_name: 'Card',
      version: '2026-01-22',
      spec: 'https://acp.dev/handlers/tokenized.card',
      requires_delegate_payment: true,
      requires_pci_compliance: false,
      psp: 'stripe',
      config_schema: 'https://acp.dev/schemas/handlers/tokenized.card/config.json',
      instrument_schemas: ['https://acp.dev/schemas/handlers/tokenized.card/instrument.json'],
      config: {
        merchant_id: view.payment.card.accountId,
        psp: 'stripe',
        accepted_brands: ['visa', 'mastercard', 'amex', 'discover'],
        credential_types: ['spt'],
      },
    });
  }
  const lightning = view.payment.lightning;
  if (lightning) {
    const invoice = lightning.invoice;
    list.push({
      id: LIGHTNING_HANDLER_ID,
      name: 'com.agentcart.lightning',
      display_name: 'Bitcoin (Lightning)',
      version: '2026-04-17',
      spec: `${view.docsUrl}#bitcoin`,
      requires_delegate_payment: false,
      requires_pci_compliance: false,
      psp: lightning.provider,
      config_schema: `${view.schemasUrl}/lightning/config.json`,
      instrument_schemas: [`${view.schemasUrl}/lightning/instrument.json`],
      config: {
        network: 'lightning',
        instrument_type: 'lightning_invoice',
        credential_type: 'invoice_id',
        invoice: invoice
          ? {
              id: invoice.id,
              payment_request: invoice.paymentRequest,
              payment_url: invoice.paymentUrl,
              amount_sats: invoice.amountSats,
              expires_at: invoice.expiresAt,
              ...(invoice.onchainAddress ? { onchain_address: invoice.onchainAddress } : {}),
            }
          : null,
      } satisfies LightningHandlerConfig,
    });
  }
  return list;
}

function render(view: SessionView): Session {
  const { buyer, fulfillment } = view;
  return {
    id: view.id,
    protocol: { version: '2026-04-17' },
    capabilities: { payment: { handlers: handlers(view) } },
    ...(buyer?.email
      ? {
          buyer: {
            ...(buyer.firstName ? { first_name: buyer.firstName } : {}),
            ...(buyer.lastName ? { last_name: buyer.lastName } : {}),
            ...(buyer.fullName ? { full_name: buyer.fullName } : {}),
            email: buyer.email,
            ...(buyer.phone ? { phone_number: buyer.phone } : {}),
          },
        }
      : {}),
    status: view.status,
    currency: view.currency,
    ...(view.locale ? { locale: view.locale } : {}),
    line_items: view.lines.map((line) => ({
      id: line.id,
      item: { id: line.sku },
      quantity: line.quantity,
      name: line.name,
      unit_amount: line.unitAmount,
      product_id: line.productId,
      sku: line.sku,
      totals: [
        { type: 'items_base_amount', display_text: 'Base amount', amount: line.total },
        { type: 'discount', display_text: 'Discount', amount: 0 },
        { type: 'subtotal', display_text: 'Subtotal', amount: line.total },
        { type: 'tax', display_text: 'Tax', amount: 0 },
        { type: 'total', display_text: 'Total', amount: line.total },
      ],
    })),
    ...(fulfillment
      ? {
          fulfillment_details: {
            ...(fulfillment.name ? { name: fulfillment.name } : {}),
            ...(fulfillment.phone ? { phone_number: fulfillment.phone } : {}),
            ...(fulfillment.email ? { email: fulfillment.email } : {}),
            ...(fulfillment.address ? { address: fromAddress(fulfillment.address) } : {}),
          },
        }
      : {}),
    fulfillment_options: view.options.map((o) => ({
      type: 'shipping',
      id: o.id,
      title: o.title,
      description: o.description,
      ...(o.earliest ? { earliest_delivery_time: o.earliest } : {}),
      ...(o.latest ? { latest_delivery_time: o.latest } : {}),
      totals: [
        { type: 'fulfillment', display_text: o.title, amount: o.amount },
        { type: 'total', display_text: 'Total', amount: o.amount },
      ],
    })),
    ...(view.selectedOptionId
      ? {
          selected_fulfillment_options: [
            { type: 'shipping', option_id: view.selectedOptionId, item_ids: view.lines.map((l) => l.id) },
          ],
        }
      : {}),
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
      { type: 'terms_of_use', title: 'Terms of use', url: view.links.terms },
      { type: 'privacy_policy', title: 'Privacy policy', url: view.links.privacy },
    ],
    created_at: view.createdAt,
    updated_at: view.updatedAt,
    expires_at: view.expiresAt,
  };
}

const PARAMS: Record<string, string> = {
  '$.fulfillment_option_id': '$.selected_fulfillment_options[0].option_id',
  '$.fulfillment_address': '$.fulfillment_details.address',
};

/** Its requests in, its sessions out. */
export const wire2026: Pick<
  AcpVersionModule,
  'schemas' | 'toCreate' | 'toUpdate' | 'toComplete' | 'render' | 'param'
> = {
  schemas: {
    create: wire.createRequest,
    update: wire.updateRequest,
    complete: wire.completeRequest,
    // The body itself may be left out (a cancel without a reason).
    cancel: wire.cancelRequest.unwrap(),
    session: wire.checkoutSession,
    sessionWithOrder: wire.checkoutSessionWithOrder,
    order: wire.order,
    components: { PaymentHandler: wire.paymentHandler },
  },
  toCreate(body) {
    const b = body as z.infer<typeof wire.createRequest>;
    return {
      items: toItems((b.line_items ?? b.items)!),
      ...(b.buyer ? { buyer: toBuyer(b.buyer) } : {}),
      ...(b.fulfillment_details ? { fulfillment: toFulfillment(b.fulfillment_details) } : {}),
      ...(b.currency ? { currency: b.currency } : {}),
      ...(b.locale ? { locale: b.locale } : {}),
      ...(b.metadata ? { metadata: b.metadata } : {}),
    };
  },
  toUpdate(body) {
    const b = body as z.infer<typeof wire.updateRequest>;
    const shipping = b.selected_fulfillment_options?.find((o) => o.type === 'shipping');
    return {
      ...((b.line_items ?? b.items) ? { items: toItems((b.line_items ?? b.items)!) } : {}),
      ...(b.buyer ? { buyer: toBuyer(b.buyer) } : {}),
      ...(b.fulfillment_details ? { fulfillment: toFulfillment(b.fulfillment_details) } : {}),
      ...(shipping ? { selectedOptionId: shipping.option_id } : {}),
      ...(shipping?.item_ids ? { fulfillmentItemIds: shipping.item_ids } : {}),
    };
  },
  toComplete(body) {
    const b = body as z.infer<typeof wire.completeRequest>;
    const { handler_id: handler, instrument } = b.payment_data;
    const buyer = b.buyer ? { buyer: toBuyer(b.buyer) } : {};
    if (!handler || !instrument) {
      throw new AcpError(
        400,
        'payment_method_unsupported',
        'Pay with a payment handler and instrument from the session',
        {
          param: '$.payment_data.handler_id',
        },
      );
    }
    if (handler === CARD_HANDLER_ID)
      return { ...buyer, payment: { kind: 'card', token: instrument.credential.token } };
    if (handler === LIGHTNING_HANDLER_ID) {
      return { ...buyer, payment: { kind: 'lightning', invoiceId: instrument.credential.token } };
    }
    throw new AcpError(400, 'payment_method_unsupported', `Unknown payment handler ${handler}`, {
      param: '$.payment_data.handler_id',
    });
  },
  render(view) {
    const session = render(view);
    if (!view.order) return session;
    return {
      ...session,
      order: {
        type: 'order',
        id: view.order.id,
        checkout_session_id: view.id,
        ...(view.order.orderNumber ? { order_number: view.order.orderNumber } : {}),
        permalink_url: view.order.permalink,
        status: orderStatus2026(view.order.facts.order, view.order.facts.payment),
      },
    };
  },
  param: (path) =>
    path.startsWith('$.items[') ? path.replace('$.items', '$.line_items') : (PARAMS[path] ?? path),
};
