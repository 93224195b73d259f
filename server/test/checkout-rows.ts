import { randomUUID } from 'node:crypto';
import { checkouts, offers, orders, payments } from '../db/schema/index';
import type { TestApp } from './create-test-app';

/**
 * Writes a checkout with its payment (and, with `order`, its order) straight to the database, for tests
 * that need rows with given statuses and times rather than a real checkout.
 */
export async function insertCheckout(
  t: TestApp,
  merchantId: string,
  opts: {
    createdAt: Date;
    payment?: { method: string; status: string; invoiceId?: string; payload?: Record<string, unknown> };
    order?: { status: string };
    amountMinor?: number;
  },
) {
  const amountMinor = opts.amountMinor ?? 2398;
  const btc = opts.payment?.method.startsWith('btc_') ?? false;
  const [offer] = await t.db
    .insert(offers)
    .values({
      id: `ofr_${randomUUID()}`,
      merchantId,
      items: [],
      currency: 'GBP',
      subtotalMinor: amountMinor,
      shippingOptions: [],
      destination: { country: 'GB', postalCode: 'N1 9GU' },
      expiresAt: opts.createdAt,
      createdAt: opts.createdAt,
    })
    .returning();
  const [checkout] = await t.db
    .insert(checkouts)
    .values({
      id: `chk_${randomUUID()}`,
      merchantId,
      offerId: offer!.id,
      status: 'ACCEPTED',
      method: btc ? 'btc' : 'stripe',
      provider: opts.payment?.method.replace(/^btc_|_spt$/g, '') ?? 'stripe',
      items: [],
      shippingOption: { id: 'standard', label: 'Standard', priceMinor: 0, eta: '3-5 days' },
      buyer: {
        name: 'Ada',
        email: 'ada@example.com',
        address: { line1: '1 Way', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      },
      amountMinor,
      currency: 'GBP',
      expiresAt: opts.createdAt,
      createdAt: opts.createdAt,
    })
    .returning();
  if (opts.payment) {
    await t.db.insert(payments).values({
      checkoutId: checkout!.id,
      merchantId,
      method: opts.payment.method,
      provider: checkout!.provider,
      status: opts.payment.status,
      amountMinor,
      currency: 'GBP',
      providerInvoiceId: opts.payment.invoiceId ?? null,
      providerPayload: opts.payment.payload ?? {},
      createdAt: opts.createdAt,
    });
  }
  const [order] = opts.order
    ? await t.db
        .insert(orders)
        .values({
          merchantId,
          checkoutId: checkout!.id,
          status: opts.order.status,
          totalMinor: amountMinor,
          currency: 'GBP',
          createdAt: opts.createdAt,
        })
        .returning()
    : [];
  return { checkoutId: checkout!.id, orderId: order?.id };
}
