import type { RefundableItemView } from '#common/api/refunds';
import type { OfferItem, Refund } from '../../db/schema/index';

/**
 * The lines the buyer paid for, each with how many are still refundable: bought less what refunds not
 * failed gave back for that item (a pending refund holds its items as it holds its amount).
 */
export function refundableItems(
  bought: OfferItem[],
  refunds: Pick<Refund, 'status' | 'lineItems'>[],
): RefundableItemView[] {
  const given = new Map<string, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lineItems ?? [])
      given.set(line.sku, (given.get(line.sku) ?? 0) + line.quantity);
  }
  return bought.map((item) => ({
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    unit_amount: item.unitPriceMinor,
    refundable_quantity: Math.max(0, item.quantity - (given.get(item.sku) ?? 0)),
  }));
}
