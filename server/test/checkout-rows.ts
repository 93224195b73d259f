import { randomUUID } from 'node:crypto';
import { AGENT_API_CHANNEL } from '#common/domain/sales-channel';
import type { Db } from '../db/client';
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
    channel?: string;
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
      channel: opts.channel ?? AGENT_API_CHANNEL,
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

/** One checkout of a bulk history: its time, how it was paid, and its order when it was paid. */
export interface HistoryRow {
  createdAt: Date;
  method: string;
  status: string;
  amountMinor?: number;
  invoiceId?: string | null;
  payload?: Record<string, unknown>;
  /** When the payment succeeded (Lightning's time to pay is paid_at - created_at). */
  paidAt?: Date;
  order?: { status: string };
  /** The currency of the whole checkout; GBP by default. */
  currency?: string;
  /** Where the agent asked (common/domain/sales-channel); agent_api by default. */
  channel?: string;
  agent?: string | null;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const HISTORY_CHUNK = 1000;

/**
 * Writes many checkouts (each with its offer, payment and optional order) in a few statements, for
 * tests and the bench that need thousands of rows. Returns the payment ids in the rows' order.
 */
export async function insertHistory(db: Db, merchantId: string, rows: HistoryRow[]): Promise<string[]> {
  const paymentIds: string[] = [];
  for (let start = 0; start < rows.length; start += HISTORY_CHUNK) {
    const chunk = rows.slice(start, start + HISTORY_CHUNK).map((row) => ({
      row,
      offerId: `ofr_${randomUUID()}`,
      checkoutId: `chk_${randomUUID()}`,
      paymentId: randomUUID(),
      amountMinor: row.amountMinor ?? 2398,
      currency: row.currency ?? 'GBP',
      channel: row.channel ?? AGENT_API_CHANNEL,
      agent: row.agent ?? null,
      btc: row.method.startsWith('btc_'),
      provider: row.method.replace(/^btc_|_spt$/g, ''),
    }));
    await db.insert(offers).values(
      chunk.map((c) => ({
        id: c.offerId,
        merchantId,
        items: [],
        currency: c.currency,
        subtotalMinor: c.amountMinor,
        shippingOptions: [],
        destination: { country: 'GB', postalCode: 'N1 9GU' },
        expiresAt: c.row.createdAt,
        channel: c.channel,
        agent: c.agent,
        createdAt: c.row.createdAt,
      })),
    );
    await db.insert(checkouts).values(
      chunk.map((c) => ({
        id: c.checkoutId,
        merchantId,
        offerId: c.offerId,
        status: c.row.order ? 'ACCEPTED' : 'PENDING',
        method: c.btc ? 'btc' : 'stripe',
        provider: c.provider,
        items: [],
        shippingOption: { id: 'standard', label: 'Standard', priceMinor: 0, eta: '3-5 days' },
        buyer: {
          name: 'Ada',
          email: 'ada@example.com',
          address: { line1: '1 Way', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
        },
        amountMinor: c.amountMinor,
        currency: c.currency,
        expiresAt: c.row.createdAt,
        // What the sales-channel trigger copies from the offer; written here too for loads that run
        // with triggers off (the bench's history).
        channel: c.channel,
        agent: c.agent,
        createdAt: c.row.createdAt,
      })),
    );
    await db.insert(payments).values(
      chunk.map((c) => ({
        id: c.paymentId,
        checkoutId: c.checkoutId,
        merchantId,
        method: c.row.method,
        provider: c.provider,
        status: c.row.status,
        amountMinor: c.amountMinor,
        currency: c.currency,
        providerInvoiceId: c.row.invoiceId ?? null,
        providerPayload: c.row.payload ?? {},
        paidAt: c.row.paidAt ?? null,
        createdAt: c.row.createdAt,
      })),
    );
    const paid = chunk.filter((c) => c.row.order);
    if (paid.length > 0) {
      await db.insert(orders).values(
        paid.map((c) => ({
          merchantId,
          checkoutId: c.checkoutId,
          status: c.row.order!.status,
          // History: the store wrote these long ago. Unwritten, reconciliation would keep retrying
          // (and failing: history checkouts have no lines) every one of them, starving live orders.
          platform: 'woocommerce',
          storeOrderId: `hist_${c.checkoutId}`,
          totalMinor: c.amountMinor,
          currency: c.currency,
          channel: c.channel,
          agent: c.agent,
          createdAt: c.row.createdAt,
        })),
      );
    }
    paymentIds.push(...chunk.map((c) => c.paymentId));
  }
  return paymentIds;
}
