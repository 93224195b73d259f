import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { findPlan, isPlanId, transactionFeeMinor } from '#common/domain/plans';
import { monthStart } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { param, preparedQuery } from '../../db/prepared-query';
import {
  billingAccounts,
  billingOrderCharges,
  checkouts,
  merchants,
  orders,
  payments,
  type BillingAccount,
  type BillingOrderCharge,
} from '../../db/schema/index';
import { isSubscribed, planOf } from './plan';
import { billingCurrency, OVERAGE_PER_ORDER_MINOR } from './usage';

/** The application fee Stripe took from the order's charge, when it was a Connect charge that carried one. */
function applicationFeeTaken(providerPayload: Record<string, unknown> | undefined): number | null {
  const raw = providerPayload?.raw as { application_fee_amount?: unknown } | undefined;
  return typeof raw?.application_fee_amount === 'number' ? raw.application_fee_amount : null;
}

/**
 * How an order beyond the allowance is billed: as metered usage on the merchant's subscription (which
 * carries the metered overage price), or, for a merchant without one (Starter, a trial, a subscription
 * that ended), as an invoice item on its Stripe Billing customer with the month's accrued fees. A meter
 * event on a customer without the metered price would be counted by the meter and billed by nothing.
 */
function overageCollectionOf(account: BillingAccount | undefined): 'meter' | 'invoice' {
  return isSubscribed(account) && account!.stripeSubscriptionId ? 'meter' : 'invoice';
}

// The ledger's two statements, built once per connection (ADR 061): every paid order runs them.
const orderToCharge = preparedQuery((db) =>
  db
    .select({
      order: orders,
      payload: payments.providerPayload,
      defaultCurrency: merchants.defaultCurrency,
      fixedFee: { minor: checkouts.platformFeeMinor, plan: checkouts.platformFeePlan },
      account: billingAccounts,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .leftJoin(billingAccounts, eq(billingAccounts.merchantId, orders.merchantId))
    .where(eq(orders.id, sql.placeholder('orderId'))),
);

const CHARGE_ARGUMENTS = [
  'orderId',
  'merchantId',
  'month',
  'planId',
  'orderTotalMinor',
  'currency',
  'feeBasisPoints',
  'feeMinor',
  'feeCollection',
  'includedOrders',
  'overageMinor',
  'overageCurrency',
  'overageCollection',
] as const;

/** The line's columns as the function returns them, each read as its table column is. */
const lineColumns = Object.fromEntries(
  Object.entries(getTableColumns(billingOrderCharges)).map(([key, column]) => [
    key,
    sql`${sql.identifier(column.name)}`.mapWith(column),
  ]),
) as { [Key in keyof BillingOrderCharge]: SQL<BillingOrderCharge[Key]> };

/**
 * The month's place and the line, in one call of the database's `record_order_charge` (migration 0047):
 * the place is counted and its month's row locked, then the line is written unless the order has one.
 */
const takePlaceAndWriteLine = preparedQuery((db) =>
  db.select(lineColumns).from(sql`record_order_charge(${sql.join(CHARGE_ARGUMENTS.map(param), sql`, `)})`),
);

/**
 * Writes the order's line in the platform's ledger, once however often it is called: its place in the
 * month's count, the transaction fee its merchant's plan owes (what Stripe Connect took at the charge,
 * else the fee the checkout fixed at its first charge attempt, else the plan's rate; accrued for the
 * monthly invoice when not taken), and the overage when the order is beyond the plan's monthly allowance.
 * An order beyond the allowance is never refused: it has been paid already.
 *
 * The month's counter row is counted and locked before the line is inserted, so two deliveries of one
 * order, or two orders of one merchant, take their places one at a time; a delivery that finds the
 * order's line taken gives its place back (migration 0047). Returns the ledger row (new or existing), or
 * null when the order no longer exists or is a test.
 */
export async function recordOrderCharge(db: Db, orderId: string): Promise<BillingOrderCharge | null> {
  const [found] = await orderToCharge(db).execute({ orderId });
  // A merchant's own test order is not business: no place in the month, no fee (ADR 043).
  if (!found || found.order.test) return null;
  const { order, fixedFee } = found;
  const account = found.account ?? undefined;
  // The plan the charge was first attempted under, when the engine fixed it; else the plan now.
  const plan = findPlan(isPlanId(fixedFee?.plan) ? fixedFee.plan : planOf(account));
  const taken = applicationFeeTaken(found.payload ?? undefined);
  const [line] = await takePlaceAndWriteLine(db).execute({
    orderId,
    merchantId: order.merchantId,
    month: monthStart(order.createdAt).toISOString().slice(0, 10),
    planId: plan.id,
    orderTotalMinor: order.totalMinor,
    currency: order.currency,
    feeBasisPoints: plan.feeBasisPoints,
    feeMinor: taken ?? fixedFee?.minor ?? transactionFeeMinor(order.totalMinor, plan),
    feeCollection: taken === null ? 'invoice' : 'application_fee',
    includedOrders: plan.includedOrdersPerMonth,
    overageMinor: OVERAGE_PER_ORDER_MINOR,
    overageCurrency: billingCurrency(account, found.defaultCurrency),
    overageCollection: overageCollectionOf(account),
  } satisfies Record<(typeof CHARGE_ARGUMENTS)[number], unknown>);
  return line ?? null;
}
