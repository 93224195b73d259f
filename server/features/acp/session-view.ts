import { addBusinessDays } from '#common/domain/shipping';
import type {
  AcpAddress,
  AcpBuyer,
  AcpFulfillment,
  AcpItemIssue,
  AcpNotice,
  Merchant,
  Order,
  Payment,
} from '../../db/schema/index';
import { showsOnchainAddress } from '../../integrations/payments/registry';
import { sessionTotals } from './session-pricing';
import type { SessionState } from './sessions';
import { acpOrderPermalink } from './versions/order-facts';

/** The path under which the payment handlers' JSON Schemas are served (discovery routes). */
export const ACP_HANDLER_SCHEMAS_PATH = '/schemas/acp';

/** A session's line item id: one line per item the agent asked for, so the item's id names it. */
export const lineItemId = (itemId: string) => `li_${itemId}`;

/** A message on the session, version-neutral; each wire module words it in its version's codes and paths. */
export interface ViewMessage {
  kind: 'error' | 'info';
  code: AcpItemIssue['problem'] | AcpNotice['code'] | 'missing_address';
  target: { item: number } | 'address' | 'payment';
  content: string;
}

export interface SessionView {
  id: string;
  status:
    'not_ready_for_payment' | 'ready_for_payment' | 'in_progress' | 'completed' | 'canceled' | 'expired';
  /** Lower-case ISO 4217, as ACP writes it. */
  currency: string;
  lines: {
    id: string;
    sku: string;
    productId: string;
    name: string;
    quantity: number;
    unitAmount: number;
    total: number;
  }[];
  buyer: AcpBuyer | null;
  fulfillment: AcpFulfillment | null;
  address: AcpAddress | null;
  options: {
    id: string;
    title: string;
    description: string;
    earliest: string | null;
    latest: string | null;
    amount: number;
  }[];
  selectedOptionId: string | null;
  totals: ReturnType<typeof sessionTotals>;
  messages: ViewMessage[];
  links: { terms: string; privacy: string };
  /** Where this platform documents its payment handlers. */
  docsUrl: string;
  /** Where this platform serves its payment handlers' JSON Schemas (`/lightning/config.json`, …). */
  schemasUrl: string;
  payment: {
    /** The merchant's Stripe account, when cards are accepted. */
    card: { accountId: string } | null;
    lightning: {
      provider: string;
      invoice: {
        id: string;
        paymentRequest: string | null;
        paymentUrl: string | null;
        amountSats: number | null;
        expiresAt: string | null;
        onchainAddress: string | null;
      } | null;
    } | null;
  };
  order: {
    id: string;
    orderNumber: string | null;
    permalink: string;
    /** What the order status is derived from, per version (each version module's orderStatus). */
    facts: { order: Pick<Order, 'status' | 'tracking'>; payment: Pick<Payment, 'status'> | null };
  } | null;
  locale: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

const ISSUE_TEXT: Record<AcpItemIssue['problem'], string> = {
  unknown_item: 'This item is not in the store catalogue.',
  not_for_sale: 'This item is not for sale.',
  out_of_stock: 'This item is out of stock in the requested quantity.',
  invalid_quantity: 'Quantities must be whole numbers of at least 1.',
};

/**
 * A session whose Lightning invoice the agent reported paid, and the provider not yet, reads in_progress
 * (the docs: "a Lightning invoice is waiting to be paid") though it stays payable: the agent may still
 * switch to a card, which withdraws the invoice.
 */
function viewStatus(session: SessionState['session']): SessionView['status'] {
  const waitingOnLightning =
    session.status === 'ready_for_payment' && session.notices.some((n) => n.code === 'payment_pending');
  return waitingOnLightning ? 'in_progress' : (session.status as SessionView['status']);
}

/** Builds the authoritative cart state both versions render. */
export function viewSession(
  state: SessionState,
  merchant: Merchant,
  publicUrl: string,
  now: Date,
): SessionView {
  const { session, offer, checkout, payment, order } = state;
  const totals = sessionTotals(session.pricedItems, offer, session.selectedOptionId);
  const expired =
    session.expiresAt <= now &&
    (session.status === 'not_ready_for_payment' || session.status === 'ready_for_payment');
  const messages: ViewMessage[] = session.itemIssues.map((issue) => ({
    kind: 'error',
    code: issue.problem,
    target: { item: issue.index },
    content: ISSUE_TEXT[issue.problem],
  }));
  if (!session.fulfillment?.address && session.status !== 'canceled') {
    messages.push({
      kind: 'error',
      code: 'missing_address',
      target: 'address',
      content: 'A shipping address is needed to offer delivery options and take payment.',
    });
  }
  for (const notice of session.notices) {
    messages.push({
      kind: notice.code === 'prices_changed' || notice.code === 'payment_pending' ? 'info' : 'error',
      code: notice.code,
      target: 'payment',
      content: notice.content,
    });
  }
  const stripeAccount =
    merchant.stripeAccountId && merchant.stripeAccountId !== 'pending_setup'
      ? merchant.stripeAccountId
      : null;
  const lightningPending =
    checkout?.method === 'btc' && checkout.status === 'PENDING_PAYMENT' && payment?.providerInvoiceId;
  const invoice = payment?.providerPayload as Record<string, unknown> | undefined;
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: session.id,
    status: expired ? 'expired' : viewStatus(session),
    currency: session.currency.toLowerCase(),
    lines: session.pricedItems.map((item) => ({
      id: lineItemId(item.sku),
      sku: item.sku,
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      unitAmount: item.unitPriceMinor,
      total: item.unitPriceMinor * item.quantity,
    })),
    buyer: session.buyer,
    fulfillment: session.fulfillment,
    address: session.fulfillment?.address ?? null,
    options: (offer?.shippingOptions ?? []).map((o) => ({
      id: o.id,
      title: o.label,
      description: `Arrives in ${o.eta}`,
      earliest: o.minDays === undefined ? null : addBusinessDays(now, o.minDays).toISOString(),
      latest: o.maxDays === undefined ? null : addBusinessDays(now, o.maxDays).toISOString(),
      amount: o.priceMinor,
    })),
    selectedOptionId: session.selectedOptionId,
    totals,
    messages,
    links: { terms: `${publicUrl}/terms`, privacy: `${publicUrl}/privacy` },
    docsUrl: `${publicUrl}/docs`,
    schemasUrl: `${publicUrl}${ACP_HANDLER_SCHEMAS_PATH}`,
    payment: {
      card: stripeAccount ? { accountId: stripeAccount } : null,
      lightning:
        merchant.btcEnabled && merchant.btcProvider
          ? {
              provider: merchant.btcProvider,
              invoice: lightningPending
                ? {
                    id: payment.providerInvoiceId!,
                    paymentRequest: str(invoice?.payment_request),
                    paymentUrl: str(invoice?.payment_url),
                    amountSats: typeof invoice?.amount_sats === 'number' ? invoice.amount_sats : null,
                    expiresAt: str(invoice?.expires_at),
                    onchainAddress: showsOnchainAddress(merchant.btcProvider)
                      ? str(invoice?.onchain_address)
                      : null,
                  }
                : null,
            }
          : null,
    },
    order:
      order && session.status === 'completed'
        ? {
            id: order.id,
            orderNumber: order.storeOrderNumber ?? order.storeOrderId,
            permalink: acpOrderPermalink(publicUrl, session.orderPageToken),
            facts: { order, payment },
          }
        : null,
    locale: session.locale,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}
