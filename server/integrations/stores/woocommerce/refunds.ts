import { z } from 'zod';
import { minorToDecimal } from '#common/domain/money';
import { ProviderError } from '../../http';
import type { StoreRefund, StoreRefundInput } from '../store-platform';
import type { AdapterContext } from '../store-types';
import { headerInt, wooRequest } from './api';
import type { WoocommerceCredentials } from './credentials';
import { priceToMinor } from './mapping';

type Ctx = AdapterContext<WoocommerceCredentials>;

/** The meta key a refund we wrote carries our refund id under, so a retry finds it (ADR 052). */
export const REFUND_META_KEY = '_agentcart_refund_id';

const MAX_PER_PAGE = 100;

/** The parts of an order's line items a refund names: WooCommerce refunds lines by their line item id. */
const wooOrderLines = z.looseObject({
  id: z.number().int(),
  line_items: z
    .array(
      z.looseObject({
        id: z.number().int(),
        sku: z.string().nullish(),
        quantity: z.number(),
      }),
    )
    .default([]),
});

/** The parts of a refund (`shop_order_refund`) we read. */
const wooRefund = z.looseObject({
  id: z.number().int(),
  amount: z.string().nullish(),
  meta_data: z.array(z.looseObject({ key: z.string(), value: z.unknown() })).default([]),
});

function refundsPath(storeOrderId: string): string {
  if (!/^\d+$/.test(storeOrderId)) {
    throw new ProviderError('woocommerce', 'not_found', `WooCommerce has no order ${storeOrderId}`);
  }
  return `orders/${storeOrderId}/refunds`;
}

const toStoreRefund = (refund: z.infer<typeof wooRefund>): StoreRefund => ({
  id: String(refund.id),
  amountMinor: priceToMinor(refund.amount),
  raw: refund,
});

/**
 * Records a refund on the store's order with `api_refund: false`: the money went back through
 * AgentCart's provider, so WooCommerce must not ask its own gateway (which, for an order AgentCart
 * paid, has no such payment). Lines are matched to the order's line items by SKU; `api_restock` is the
 * merchant's restock choice.
 */
export async function refundWoocommerceOrder(
  ctx: Ctx,
  storeOrderId: string,
  input: StoreRefundInput,
): Promise<StoreRefund> {
  const path = refundsPath(storeOrderId);
  const { data: order } = await wooRequest(ctx, { path: `orders/${storeOrderId}` }, wooOrderLines);
  const lineItems = input.lines.map((line) => {
    const match = order.line_items.find((item) => (item.sku ?? '').toLowerCase() === line.sku.toLowerCase());
    if (!match) {
      throw new ProviderError(
        'woocommerce',
        'invalid_request',
        `The store order ${storeOrderId} has no line with SKU ${line.sku}`,
      );
    }
    return { id: match.id, quantity: line.quantity, refund_total: minorToDecimal(line.amountMinor) };
  });
  const { data } = await wooRequest(
    ctx,
    {
      method: 'POST',
      path,
      json: {
        amount: minorToDecimal(input.amountMinor),
        reason: input.reason,
        api_refund: false,
        api_restock: input.restock,
        line_items: lineItems,
        meta_data: [{ key: REFUND_META_KEY, value: input.reference }],
      },
    },
    wooRefund,
  );
  return toStoreRefund(data);
}

/** The refund carrying our reference in its meta, walking the order's refunds (few per order). */
export async function findWoocommerceRefund(
  ctx: Ctx,
  storeOrderId: string,
  reference: string,
): Promise<StoreRefund | null> {
  const path = refundsPath(storeOrderId);
  for (let page = 1; ; page += 1) {
    const { data, headers } = await wooRequest(
      ctx,
      { path, query: { per_page: MAX_PER_PAGE, page } },
      z.array(wooRefund),
    );
    const match = data.find((refund) =>
      refund.meta_data.some((meta) => meta.key === REFUND_META_KEY && meta.value === reference),
    );
    if (match) return toStoreRefund(match);
    const totalPages = headerInt(headers, 'x-wp-totalpages');
    if (!(totalPages !== null ? page < totalPages : data.length === MAX_PER_PAGE)) return null;
  }
}
