import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  checkouts,
  merchants,
  orders,
  payments,
  type Checkout,
  type Merchant,
  type Order,
} from '../../db/schema/index';
import { param, preparedQuery } from '../../db/prepared-query';
import { ProviderError } from '../../integrations/http';
import { holderGone } from '../../jobs/instances';
import type { StoreOrderInput, StoreOrderStatus } from '../../integrations/stores/store-platform';
import { failpoint } from '../../lib/failpoint';
import { merchantStore, type CommerceDeps } from './merchant-accounts';

/** Our order statuses from the store's normalized order status. */
export const ORDER_STATUS_FROM_STORE: Record<StoreOrderStatus, string> = {
  pending: 'ACCEPTED',
  paid: 'ACCEPTED',
  fulfilled: 'FULFILLED',
  cancelled: 'CANCELLED',
  refunded: 'CANCELLED',
  failed: 'REJECTED',
};

/** Another writer holds the order's lease; its attempt may still fail, so the caller tries again later. */
export class StoreWriteInProgress extends Error {
  constructor(orderId: string) {
    super(`another writer is writing order ${orderId} to the store`);
    this.name = 'StoreWriteInProgress';
  }
}

/** What writing an order to the store needs; a settling confirm holds all of it already. */
export interface OrderToWrite {
  /** The order, its store-write lease held by this instance. */
  order: Order;
  checkout: Checkout;
  merchant: Merchant;
  /** The provider's id of the payment (the store records it); null writes the checkout id instead. */
  transactionId: string | null;
  /** The confirm's re-price found every line for sale under its ids (StoreOrderInput.catalogueChecked). */
  catalogueChecked?: boolean;
}

/**
 * Writes a paid order into the merchant's store, at most one writer at a time (a lease on the row, so
 * no database transaction is held open across the HTTP call; it ends at its time, or when its writer's
 * instance dies). Throws when the store refuses or is down, and StoreWriteInProgress while another
 * writer holds the lease, so the job queue retries; a store outage or a slow store delays the order,
 * never loses it. Returns the store's order id, or null when the order is already written.
 */
export async function writeStoreOrder(deps: CommerceDeps, orderId: string): Promise<string | null> {
  const now = deps.clock.now();
  const [order] = await deps.db
    .update(orders)
    .set({
      storeWriteLeaseUntil: new Date(now.getTime() + deps.instance.leases.storeWriteLeaseMs),
      storeWriteClaimedBy: deps.instance.id,
      storeWriteAttempts: sql`${orders.storeWriteAttempts} + 1`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.storeOrderId),
        or(
          isNull(orders.storeWriteLeaseUntil),
          lt(orders.storeWriteLeaseUntil, now),
          // Its writer died mid-write: the lease is free, and the attempt count makes this one ask the
          // store for the order before writing it again (docs/decisions/021).
          holderGone(orders.storeWriteClaimedBy),
        ),
      ),
    )
    .returning();
  if (!order) {
    const [current] = await deps.db
      .select({ storeOrderId: orders.storeOrderId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (current && current.storeOrderId === null) throw new StoreWriteInProgress(orderId);
    return null;
  }
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, order.merchantId));
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
  const written = await writeLeasedOrder(deps, {
    order,
    checkout: checkout!,
    merchant: merchant!,
    transactionId: payment?.providerInvoiceId ?? null,
  });
  return written.storeOrderId;
}

/**
 * Writes an order whose store-write lease this instance holds, and returns it as recorded. On failure
 * the error is recorded and the lease given up before the error is thrown on.
 */
export async function writeLeasedOrder(deps: CommerceDeps, held: OrderToWrite): Promise<Order> {
  const { order, checkout, merchant } = held;
  try {
    const store = await merchantStore(deps, merchant);
    failpoint('store-write.before');
    const buyer = checkout.buyer;
    const address = {
      name: buyer.name,
      line1: buyer.address.line1,
      line2: buyer.address.line2 ?? null,
      city: buyer.address.city,
      region: buyer.address.region ?? null,
      postalCode: buyer.address.postalCode,
      country: buyer.address.country,
      phone: buyer.phone ?? null,
    };
    const input: StoreOrderInput = {
      reference: checkout.id,
      currency: checkout.currency,
      lines: checkout.items.map((i) => ({
        productId: i.productId,
        variantId: i.variantId,
        sku: i.sku,
        name: i.name,
        quantity: i.quantity,
        unitPriceMinor: i.unitPriceMinor,
      })),
      shipping: {
        methodId: checkout.shippingOption.id,
        label: checkout.shippingOption.label,
        amountMinor: checkout.shippingOption.priceMinor,
      },
      buyer: { name: buyer.name, email: buyer.email, phone: buyer.phone ?? null },
      billingAddress: address,
      shippingAddress: address,
      payment: {
        provider: checkout.provider,
        method: checkout.method === 'btc' ? 'lightning' : 'card',
        transactionId: held.transactionId ?? checkout.id,
        paid: true,
      },
      catalogueChecked: held.catalogueChecked === true && order.storeWriteAttempts <= 1,
    };
    // An earlier attempt may have been written by a store whose answer never reached us (a timeout):
    // ask for it before writing again. The first attempt has nothing to find.
    const earlier =
      order.storeWriteAttempts > 1 && store.adapter.findWrittenOrder
        ? await store.adapter.findWrittenOrder(store.ctx, input)
        : null;
    const written = earlier ?? (await store.adapter.createOrder(store.ctx, input));
    const [recorded] = await recordWrittenStatement(deps.db).execute({
      orderId: order.id,
      storeOrderId: written.id,
      storeOrderNumber: written.number,
      platform: store.platform,
      status: ORDER_STATUS_FROM_STORE[written.status] ?? 'ACCEPTED',
      now: deps.clock.now(),
    });
    return recorded!;
  } catch (err) {
    const message =
      err instanceof ProviderError
        ? `${err.kind}: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err);
    await deps.db
      .update(orders)
      .set({
        storeWriteError: message.slice(0, 500),
        storeWriteLeaseUntil: null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(orders.id, order.id));
    throw err;
  }
}

/** Records the store's order on ours and gives the lease up, built once (ADR 061). */
const recordWrittenStatement = preparedQuery((db) =>
  db
    .update(orders)
    .set({
      storeOrderId: param('storeOrderId'),
      storeOrderNumber: param('storeOrderNumber'),
      platform: param('platform'),
      // An order the merchant cancelled while it was being written stays cancelled (ADR 056); the
      // store is told by the cancel write once its order id is known.
      status: sql`CASE WHEN ${orders.cancelledBy} = 'merchant' THEN ${orders.status} ELSE ${param('status')} END`,
      storeWriteError: null,
      storeWriteLeaseUntil: null,
      updatedAt: param('now'),
    })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .returning(),
);
