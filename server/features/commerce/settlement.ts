import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { param, preparedQuery } from '../../db/prepared-query';
import { checkouts, orders, payments, type Order } from '../../db/schema/index';
import type { ProviderPayment } from '../../integrations/payments/payment-provider';
import { failpoint } from '../../lib/failpoint';
import { statusesThatMayBecome, type PaymentStatus } from '#common/domain/payment-status';
import type { CommerceDeps } from './merchant-accounts';

const columnNames = (...columns: PgColumn[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** What one confirm/notification/poll decided; the database decides whether it was the first. */
function providerPayload(payment: ProviderPayment) {
  return sql`${payments.providerPayload} || ${JSON.stringify({ provider_status: payment.providerStatus, raw: payment.raw })}::jsonb`;
}

/**
 * Records a successful payment and creates its order, exactly once: the checkout moves to ACCEPTED by
 * compare-and-set from one of `from`, and only the caller that wins creates the order (the outbox row
 * that the store write then delivers). One statement (data-modifying CTEs), so checkout, payment and
 * order commit together or not at all, with no moment in between a crash could stop at. The order is
 * created under this instance's store-write lease: the settler makes the first attempt (deliverOrder),
 * and if this instance dies first, reconciliation takes the order over at once (holderGone).
 * Returns the new order, or null when someone else settled it. `accountId` is the provider account that
 * took a card payment, recorded on it so its refunds go there (ADR 059).
 */
export async function recordPaymentSuccess(
  deps: CommerceDeps,
  checkoutId: string,
  from: string[],
  payment: ProviderPayment,
  opts: { accountId?: string | null } = {},
): Promise<Order | null> {
  const now = deps.clock.now();
  const [order] = await settleStatement(deps.db).execute({
    checkoutId,
    from,
    now,
    paymentId: payment.id,
    providerPayload: JSON.stringify({ provider_status: payment.providerStatus, raw: payment.raw }),
    accountId: opts.accountId ?? null,
    instanceId: deps.instance.id,
    leaseUntil: new Date(now.getTime() + deps.instance.leases.storeWriteLeaseMs),
  });
  if (order) failpoint('settlement.after-commit');
  return order ?? null;
}

/** recordPaymentSuccess's one statement, built once (ADR 061); an account given replaces none held. */
const settleStatement = preparedQuery((db) => {
  const settled = db.$with('settled').as(
    db
      .update(checkouts)
      .set({ status: 'ACCEPTED', updatedAt: param('now'), paymentTokenSealed: null })
      .where(
        and(
          eq(checkouts.id, sql.placeholder('checkoutId')),
          sql`${checkouts.status} = any(${param('from')})`,
        ),
      )
      .returning({
        id: checkouts.id,
        merchantId: checkouts.merchantId,
        amountMinor: checkouts.amountMinor,
        currency: checkouts.currency,
      }),
  );
  const paid = db.$with('paid').as(
    db
      .update(payments)
      .set({
        status: 'succeeded',
        providerInvoiceId: param('paymentId'),
        providerPayload: sql`${payments.providerPayload} || ${param('providerPayload')}::jsonb`,
        providerAccountId: sql`coalesce(${param('accountId')}, ${payments.providerAccountId})`,
        paidAt: param('now'),
        updatedAt: param('now'),
      })
      .where(
        and(
          inArray(payments.checkoutId, db.select({ id: settled.id }).from(settled)),
          inArray(payments.status, statusesThatMayBecome('succeeded')),
        ),
      )
      .returning({ id: payments.id }),
  );
  // Raw, as Drizzle's insert … select names every column of the table.
  const created = db.$with('created', getTableColumns(orders)).as(
    sql`insert into ${orders} (${columnNames(
      orders.merchantId,
      orders.checkoutId,
      orders.status,
      orders.totalMinor,
      orders.currency,
      orders.storeWriteClaimedBy,
      orders.storeWriteLeaseUntil,
      orders.storeWriteAttempts,
      orders.createdAt,
      orders.updatedAt,
    )})
    select ${settled.merchantId}, ${settled.id}, 'IN_PROGRESS', ${settled.amountMinor}, ${settled.currency},
      ${param('instanceId')}, ${param('leaseUntil')}, 1, ${param('now')}, ${param('now')}
    from ${settled} returning *`,
  );
  return db.with(settled, paid, created).select().from(created);
});

/**
 * Gives a claimed card checkout back (PROCESSING -> PENDING) so the agent can confirm again; the retry
 * charges with the same idempotency key, so the provider answers with any earlier attempt instead of
 * charging twice. Only the claim meant: the one this instance holds (`claimedBy`, a confirm giving up),
 * or one made before `claimedBefore` (recovery past the lease), never a fresh one someone else took.
 */
export async function releaseClaim(
  deps: CommerceDeps,
  checkoutId: string,
  claim: { claimedBy: string } | { claimedBefore: Date },
): Promise<boolean> {
  const released = await deps.db
    .update(checkouts)
    .set({ status: 'PENDING' })
    .where(
      and(
        eq(checkouts.id, checkoutId),
        eq(checkouts.status, 'PROCESSING'),
        'claimedBy' in claim
          ? eq(checkouts.claimedBy, claim.claimedBy)
          : lt(checkouts.updatedAt, claim.claimedBefore),
      ),
    )
    .returning({ id: checkouts.id });
  return released.length > 0;
}

/** Ends a checkout without payment (declined, expired, failed), once, recording the payment's status. */
export async function recordPaymentFailure(
  deps: CommerceDeps,
  checkoutId: string,
  from: string[],
  outcome: {
    checkoutStatus: 'DECLINED' | 'EXPIRED';
    paymentStatus: PaymentStatus;
    reason: string;
    payment?: ProviderPayment;
  },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [checkout] = await tx
      .update(checkouts)
      .set({
        status: outcome.checkoutStatus,
        declineReason: outcome.reason,
        paymentTokenSealed: null,
        updatedAt: now,
      })
      .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, from)))
      .returning({ id: checkouts.id });
    if (!checkout) return false;
    await tx
      .update(payments)
      .set({
        status: outcome.paymentStatus,
        updatedAt: now,
        ...(outcome.payment
          ? { providerInvoiceId: outcome.payment.id, providerPayload: providerPayload(outcome.payment) }
          : {}),
      })
      .where(
        and(
          eq(payments.checkoutId, checkoutId),
          inArray(payments.status, statusesThatMayBecome(outcome.paymentStatus)),
        ),
      );
    return true;
  });
}

/**
 * Records a non-terminal provider status on the payment (processing, needs_review) for the history, only
 * when it moves the payment forward: a report of `processing` after the payment went to review for a
 * wrong amount is stale, and recording it would hide the payment from the person who must look.
 */
export async function recordPaymentProgress(
  deps: CommerceDeps,
  checkoutId: string,
  payment: ProviderPayment,
) {
  await deps.db
    .update(payments)
    .set({
      status: payment.status,
      providerPayload: providerPayload(payment),
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        inArray(payments.status, statusesThatMayBecome(payment.status)),
      ),
    );
}
