import { z } from 'zod';
import { minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import type { StoreRefund, StoreRefundInput } from '../store-platform';
import { idSchema, moneySchema, priceToMinor } from '../store-kit';
import { customRequest } from './api';
import type { CustomCredentials } from './credentials';

type Ctx = AdapterContext<CustomCredentials>;

/** A refund as the contract's `POST /orders/{id}/refunds` answers it (docs/custom-store.md). */
export const customRefund = z.looseObject({
  id: idSchema,
  reference: z.string().nullish(),
  amount: moneySchema,
});

const customRefundList = z.object({ data: z.array(customRefund) });

const toStoreRefund = (refund: z.infer<typeof customRefund>): StoreRefund => ({
  id: refund.id,
  amountMinor: priceToMinor(refund.amount),
  raw: refund,
});

const refundsPath = (storeOrderId: string) => `/orders/${encodeURIComponent(storeOrderId)}/refunds`;

/**
 * The contract's refund endpoint: the money went back through AgentCart, the store records it (and puts
 * the lines back in stock when `restock`). Idempotent by our refund id, sent as the Idempotency-Key and
 * the body's `reference`, so a retry after a lost answer replays the first refund.
 */
export async function refundCustomOrder(
  ctx: Ctx,
  storeOrderId: string,
  input: StoreRefundInput,
): Promise<StoreRefund> {
  const { data } = await customRequest(
    ctx,
    {
      method: 'POST',
      path: refundsPath(storeOrderId),
      headers: { 'idempotency-key': input.reference },
      json: {
        reference: input.reference,
        amount: minorToDecimal(input.amountMinor),
        currency: input.currency.toUpperCase(),
        reason: input.reason,
        items: input.lines.map((line) => ({
          sku: line.sku,
          quantity: line.quantity,
          amount: minorToDecimal(line.amountMinor),
        })),
        restock: input.restock,
      },
    },
    customRefund,
  );
  return toStoreRefund(data);
}

/**
 * `GET /orders/{id}/refunds`, the refund carrying our reference. Optional in the contract, as the POST
 * is idempotent: an API without the list answers "none found" and the POST's replay does the rest.
 */
export async function findCustomRefund(
  ctx: Ctx,
  storeOrderId: string,
  reference: string,
): Promise<StoreRefund | null> {
  try {
    const { data } = await customRequest(ctx, { path: refundsPath(storeOrderId) }, customRefundList);
    const match = data.data.find((refund) => refund.reference === reference);
    return match ? toStoreRefund(match) : null;
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'not_found' && err.providerCode !== 'not_found') {
      return null;
    }
    throw err;
  }
}
