import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { CUSTOM_SANDBOX_API_KEY, createCustomStoreSimulator } from '#sandbox/stores/custom/simulator';
import { contextFor, expectProviderError } from '../../contract-kit';
import { orderFor } from '../contract';
import type { StoreRefundInput } from '../store-platform';
import { custom } from './index';

/**
 * The contract's refund endpoint (docs/custom-store.md, `POST /orders/{id}/refunds`) through the adapter
 * against the reference simulator: recorded with its lines and restock, idempotent by our refund id,
 * never more than is left, and found again by reference after a lost answer.
 */
describe('custom store refunds', () => {
  let running: RunningSimulator;
  const ctx = () => contextFor(running, { endpoint: running.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY });

  beforeAll(async () => {
    running = await startSimulator('custom', createCustomStoreSimulator().app);
  });
  afterAll(() => running.close());

  /** A paid order of 3 × V60 filters (5.50 each, no shipping): 16.50. */
  async function paidOrder() {
    const product = (await custom.findProductBySku(ctx(), 'KC-FILT-100'))!;
    const order = await custom.createOrder(
      ctx(),
      orderFor(product, { quantity: 3, shipping: null, transactionId: 'pi_1' }),
    );
    return { order, product };
  }
  const refundOf = (reference: string, over: Partial<StoreRefundInput> = {}): StoreRefundInput => ({
    reference,
    amountMinor: 1100,
    currency: 'GBP',
    reason: 'Requested by the customer',
    lines: [{ sku: 'KC-FILT-100', quantity: 2, amountMinor: 1100 }],
    restock: true,
    ...over,
  });

  it('records a partial refund with its lines, puts them back in stock, and replays a retry', async () => {
    const { order } = await paidOrder();
    const stockBefore = (await custom.findProductBySku(ctx(), 'KC-FILT-100'))!.stockQuantity!;
    const first = await custom.refundOrder!(ctx(), order.id, refundOf('ref-a'));
    expect(first).toMatchObject({ id: expect.stringMatching(/^ref_/), amountMinor: 1100 });
    expect((await custom.findProductBySku(ctx(), 'KC-FILT-100'))!.stockQuantity).toBe(stockBefore + 2);

    // The same refund again (an answer lost on the way back): the first, not a second.
    const again = await custom.refundOrder!(ctx(), order.id, refundOf('ref-a'));
    expect(again.id).toBe(first.id);
    expect((await custom.findProductBySku(ctx(), 'KC-FILT-100'))!.stockQuantity).toBe(stockBefore + 2);
    expect(await custom.findRefund!(ctx(), order.id, 'ref-a')).toMatchObject({ id: first.id });
    expect(await custom.findRefund!(ctx(), order.id, 'ref-none')).toBeNull();

    const stored = await custom.getOrder(ctx(), order.id);
    expect(stored.status).toBe('paid');
    expect(stored.raw).toMatchObject({
      refunded_total: '11.00',
      refunds: [{ id: first.id, reference: 'ref-a', amount: '11.00', restock: true }],
    });
  });

  it('refuses more than is left, and marks the order refunded when nothing is left', async () => {
    const { order } = await paidOrder();
    await custom.refundOrder!(ctx(), order.id, refundOf('ref-b1', { lines: [], restock: false }));
    const tooMuch = await expectProviderError(
      custom.refundOrder!(ctx(), order.id, refundOf('ref-b2', { amountMinor: 600, lines: [] })),
    );
    expect(tooMuch).toMatchObject({ kind: 'invalid_request', providerCode: 'amount_exceeds_remaining' });
    const rest = await custom.refundOrder!(
      ctx(),
      order.id,
      refundOf('ref-b3', { amountMinor: 550, lines: [], restock: false }),
    );
    expect(rest.amountMinor).toBe(550);
    expect((await custom.getOrder(ctx(), order.id)).status).toBe('refunded');
  });

  it('refuses a line the order does not have, and an order that does not exist', async () => {
    const { order } = await paidOrder();
    const wrongLine = await expectProviderError(
      custom.refundOrder!(
        ctx(),
        order.id,
        refundOf('ref-c1', { lines: [{ sku: 'KC-ESP-HOUSE-1KG', quantity: 1, amountMinor: 100 }] }),
      ),
    );
    expect(wrongLine.providerCode).toBe('unknown_sku');
    const noOrder = await expectProviderError(custom.refundOrder!(ctx(), 'ord_nope', refundOf('ref-c2')));
    expect(noOrder).toMatchObject({ kind: 'not_found', providerCode: 'not_found' });
    await expect(custom.findRefund!(ctx(), 'ord_nope', 'ref-c2')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
