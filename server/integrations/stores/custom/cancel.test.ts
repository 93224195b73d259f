import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { CUSTOM_SANDBOX_API_KEY, createCustomStoreSimulator } from '#sandbox/stores/custom/simulator';
import { contextFor, expectProviderError } from '../../contract-kit';
import { orderFor } from '../contract';
import { custom } from './index';

/**
 * The contract's cancel endpoint (docs/custom-store.md, `POST /orders/{id}/cancel`, ADR 056) through the
 * adapter against the reference simulator: an order not fulfilled is cancelled with its items back in
 * stock, a repeat answers it as it is, a refunded order can be closed, a fulfilled one is refused.
 */
describe('custom store cancellations', () => {
  let running: RunningSimulator;
  const ctx = () => contextFor(running, { endpoint: running.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY });

  beforeAll(async () => {
    running = await startSimulator('custom', createCustomStoreSimulator().app);
  });
  afterAll(() => running.close());

  async function paidOrder() {
    const product = (await custom.findProductBySku(ctx(), 'KC-FILT-100'))!;
    return custom.createOrder(
      ctx(),
      orderFor(product, { quantity: 2, shipping: null, transactionId: 'pi_1' }),
    );
  }
  const stock = async () => (await custom.findProductBySku(ctx(), 'KC-FILT-100'))!.stockQuantity!;

  it('cancels a paid order once, restocking it, and answers a repeat as it is', async () => {
    const order = await paidOrder();
    const before = await stock();
    const cancelled = await custom.cancelOrder!(ctx(), order.id, { reference: 'ord-1', reason: 'Requested' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.raw).toMatchObject({ cancellation: { reference: 'ord-1', reason: 'Requested' } });
    expect(await stock()).toBe(before + 2);
    const again = await custom.cancelOrder!(ctx(), order.id, { reference: 'ord-1', reason: 'Requested' });
    expect(again.status).toBe('cancelled');
    expect(await stock()).toBe(before + 2);
  });

  it('closes a refunded order, and refuses a fulfilled one', async () => {
    const refunded = await paidOrder();
    await custom.refundOrder!(ctx(), refunded.id, {
      reference: 'ref-1',
      amountMinor: refunded.totalMinor!,
      currency: 'GBP',
      reason: 'Cancelled',
      lines: [],
      restock: false,
    });
    expect((await custom.getOrder(ctx(), refunded.id)).status).toBe('refunded');
    const closed = await custom.cancelOrder!(ctx(), refunded.id, { reference: 'ord-2', reason: 'Cancelled' });
    expect(closed.status).toBe('cancelled');

    const fulfilled = await paidOrder();
    await custom.updateOrderStatus(ctx(), fulfilled.id, 'fulfilled');
    const refused = await expectProviderError(
      custom.cancelOrder!(ctx(), fulfilled.id, { reference: 'ord-3', reason: 'Cancelled' }),
    );
    expect(refused).toMatchObject({ providerCode: 'invalid_transition' });
  });
});
