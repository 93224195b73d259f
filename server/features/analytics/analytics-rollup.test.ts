import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index';
import { countOffers } from '../../events/count-offers';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { insertHistory } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const HOUR = 3600_000;

/**
 * Each thing analytics report, counted twice: straight from the merchant's rows (as analytics did before
 * the rollup) and from the rollup. Each pair is read in one statement, so both see the same snapshot.
 */
function facets(merchantId: string): Record<string, { direct: SQL; rollup: SQL }> {
  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE 'UTC')::date::text`);
  // As the report reads it: the rollup, plus the offers the relay has not counted yet (migration 0028).
  const rollup = (measure: string, side: 'sales' | 'payments', keys: string) =>
    sql.raw(`SELECT day::text, ${keys}, sum(${measure})::int AS n FROM (
        SELECT * FROM analytics_daily WHERE merchant_id = '${merchantId}'
        UNION ALL
        SELECT c.* FROM offers o, analytics_of(o) c WHERE o.merchant_id = '${merchantId}' AND o.counted_at IS NULL
      ) rollup
      WHERE ${side === 'sales' ? "method = ''" : "channel = ''"}
      GROUP BY day, ${keys} HAVING sum(${measure}) <> 0`);
  return {
    started: {
      direct: sql`SELECT day, channel, count(*)::int AS n FROM (
          SELECT ${day('created_at')} AS day, channel FROM offers
          WHERE merchant_id = ${merchantId} AND channel NOT LIKE 'acp\\_%'
          UNION ALL
          SELECT ${day('created_at')}, 'acp_' || api_version FROM acp_sessions WHERE merchant_id = ${merchantId}
        ) s GROUP BY day, channel`,
      rollup: rollup('started', 'sales', 'channel'),
    },
    checkouts: {
      direct: sql`SELECT ${day('created_at')} AS day, channel, coalesce(agent, '') AS agent, currency,
          count(*)::int AS n
        FROM checkouts WHERE merchant_id = ${merchantId} GROUP BY 1, 2, 3, 4`,
      rollup: rollup('checkouts', 'sales', 'channel, agent, currency'),
    },
    orders: {
      direct: sql`SELECT ${day('created_at')} AS day, channel, coalesce(agent, '') AS agent, currency,
          count(*)::int AS n
        FROM orders WHERE merchant_id = ${merchantId} AND status NOT IN ('CANCELLED', 'REJECTED')
        GROUP BY 1, 2, 3, 4`,
      rollup: rollup('orders', 'sales', 'channel, agent, currency'),
    },
    revenue: {
      direct: sql`SELECT ${day('created_at')} AS day, channel, coalesce(agent, '') AS agent, currency,
          sum(total_minor)::int AS n
        FROM orders WHERE merchant_id = ${merchantId} AND status NOT IN ('CANCELLED', 'REJECTED')
        GROUP BY 1, 2, 3, 4`,
      rollup: rollup('revenue_minor', 'sales', 'channel, agent, currency'),
    },
    paid: {
      direct: sql`SELECT ${day('paid_at')} AS day, method, currency, count(*)::int AS n
        FROM payments WHERE merchant_id = ${merchantId} AND status = 'succeeded' AND paid_at IS NOT NULL
        GROUP BY 1, 2, 3`,
      rollup: rollup('payments_paid', 'payments', 'method, currency'),
    },
    paidAmount: {
      direct: sql`SELECT ${day('paid_at')} AS day, method, currency, sum(amount_minor)::int AS n
        FROM payments WHERE merchant_id = ${merchantId} AND status = 'succeeded' AND paid_at IS NOT NULL
        GROUP BY 1, 2, 3`,
      rollup: rollup('paid_minor', 'payments', 'method, currency'),
    },
    lightningPaid: {
      direct: sql`SELECT ${day('created_at')} AS day, method, count(*)::int AS n
        FROM payments WHERE merchant_id = ${merchantId} AND method LIKE 'btc\\_%' AND status = 'succeeded'
        GROUP BY 1, 2`,
      rollup: rollup('lightning_paid', 'payments', 'method'),
    },
    lightningExpired: {
      direct: sql`SELECT ${day('created_at')} AS day, method, count(*)::int AS n
        FROM payments WHERE merchant_id = ${merchantId} AND method LIKE 'btc\\_%' AND status = 'expired'
        GROUP BY 1, 2`,
      rollup: rollup('lightning_expired', 'payments', 'method'),
    },
    payTimes: {
      direct: sql`SELECT ${day('created_at')} AS day,
          analytics_pay_bucket(extract(epoch FROM paid_at - created_at)::numeric) AS seconds, count(*)::int AS n
        FROM payments
        WHERE merchant_id = ${merchantId} AND method LIKE 'btc\\_%' AND status = 'succeeded' AND paid_at IS NOT NULL
        GROUP BY 1, 2`,
      rollup: sql`SELECT day::text, seconds, sum(payments)::int AS n FROM analytics_pay_times
        WHERE merchant_id = ${merchantId} GROUP BY 1, 2 HAVING sum(payments) <> 0`,
    },
  };
}

/** Every facet's two countings, each pair from one snapshot, as sorted JSON rows. */
async function countings(merchantId: string) {
  const result: Record<string, { direct: string[]; rollup: string[] }> = {};
  for (const [name, { direct, rollup }] of Object.entries(facets(merchantId))) {
    const { rows } = await t.db.execute<{ source: string; row: unknown }>(sql`
      SELECT 'direct' AS source, to_jsonb(d) AS row FROM (${direct}) d
      UNION ALL SELECT 'rollup', to_jsonb(r) FROM (${rollup}) r`);
    const of = (source: string) =>
      rows
        .filter((r) => r.source === source)
        .map((r) => JSON.stringify(r.row))
        .sort();
    result[name] = { direct: of('direct'), rollup: of('rollup') };
  }
  return result;
}

async function expectRollupEqualsRows(merchantId: string) {
  const counted = await countings(merchantId);
  for (const [name, { direct, rollup }] of Object.entries(counted)) {
    expect(rollup, name).toEqual(direct);
  }
  return counted;
}

describe('the analytics rollup', () => {
  it('equals a direct aggregation of the rows after agents buy, fail and retry and providers repeat themselves', async () => {
    const seller = await newMerchant(t, { connect: true, apiKey: true });
    const key = seller.apiKey;
    const confirm = (checkoutId: string) =>
      agentRequest(t, key, 'POST', '/api/agent/confirm', { checkout_id: checkoutId });

    // Two offers no checkout followed.
    for (let i = 0; i < 2; i++) {
      const offer = await agentRequest(t, key, 'POST', '/api/agent/offer', {
        items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
        shipping_to: { country: 'GB', postcode: 'N1 9GU' },
      });
      expect(offer.statusCode, offer.body).toBe(200);
    }

    // A card sale confirmed by two racing requests, then once more by an agent retrying.
    const card = await agentCheckout(t, key, {
      method: 'stripe',
      shared_payment_token: await mintSharedPaymentToken(t, 10_000),
    });
    const raced = await Promise.all([confirm(card.checkout.checkout_id), confirm(card.checkout.checkout_id)]);
    expect(raced.map((r) => r.statusCode)).toContain(200);
    await confirm(card.checkout.checkout_id);

    // A card the issuer declines: a failed payment, no order.
    const declined = await agentCheckout(t, key, {
      method: 'stripe',
      shared_payment_token: await mintSharedPaymentToken(t, 10_000, { decline: true }),
    });
    expect((await confirm(declined.checkout.checkout_id)).statusCode).toBe(402);

    // A Lightning invoice paid, whose notification the provider delivers twice.
    const paidLn = await agentCheckout(t, key, { method: 'btc' });
    const [invoice] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, paidLn.checkout.checkout_id));
    await simControl(t, 'opennode', `charges/${invoice!.providerInvoiceId}/pay`);
    const notice = await simControl(t, 'opennode', `charges/${invoice!.providerInvoiceId}/webhook`);
    for (let i = 0; i < 2; i++) {
      const delivered = await t.app.inject({
        method: 'POST',
        url: `/webhooks/payments/opennode/${seller.merchantId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: String(notice.rawBody),
      });
      expect(delivered.statusCode).toBe(200);
    }
    await confirm(paidLn.checkout.checkout_id);

    // A Lightning invoice that expired, confirmed twice.
    const expiredLn = await agentCheckout(t, key, { method: 'btc' });
    const [expiring] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, expiredLn.checkout.checkout_id));
    await simControl(t, 'opennode', `charges/${expiring!.providerInvoiceId}/expire`);
    for (let i = 0; i < 2; i++) expect((await confirm(expiredLn.checkout.checkout_id)).statusCode).toBe(402);

    // An ACP session, which starts the ACP funnel (its offers do not).
    const session = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      buyer: acpBuyer,
      fulfillment_address: acpAddress,
    });
    expect(session.statusCode, session.body).toBe(201);

    // History over several days: another currency, a payment that settles later, orders the store
    // cancels or fulfils afterwards.
    const now = Date.now();
    const paymentIds = await insertHistory(t.db, seller.merchantId, [
      {
        createdAt: new Date(now - 50 * HOUR),
        paidAt: new Date(now - 50 * HOUR + 42_400),
        method: 'btc_strike',
        status: 'succeeded',
        amountMinor: 1200,
        order: { status: 'ACCEPTED' },
        channel: 'acp_2025-09-29',
        agent: 'Gemini',
      },
      {
        createdAt: new Date(now - 30 * HOUR),
        paidAt: new Date(now - 30 * HOUR),
        method: 'stripe_spt',
        status: 'succeeded',
        amountMinor: 7000,
        currency: 'EUR',
        order: { status: 'ACCEPTED' },
        agent: 'Claude-User',
      },
      { createdAt: new Date(now - 26 * HOUR), method: 'btc_opennode', status: 'pending', amountMinor: 900 },
      {
        createdAt: new Date(now - 25 * HOUR),
        paidAt: new Date(now - 25 * HOUR),
        method: 'stripe_spt',
        status: 'succeeded',
        amountMinor: 5000,
        order: { status: 'ACCEPTED' },
      },
    ]);
    const [, , settling, cancelling] = paymentIds;
    // The invoice settles a day later (paid on another day than it was made), and a retried settlement
    // writes the same again.
    for (let i = 0; i < 2; i++) {
      await t.db
        .update(payments)
        .set({ status: 'succeeded', paidAt: new Date(now - 2 * HOUR) })
        .where(eq(payments.id, settling!));
    }
    const [cancelled] = await t.db.select().from(payments).where(eq(payments.id, cancelling!));
    await t.db
      .update(orders)
      .set({ status: 'CANCELLED' })
      .where(eq(orders.checkoutId, cancelled!.checkoutId));
    await t.db.update(orders).set({ status: 'FULFILLED' }).where(eq(orders.currency, 'EUR'));

    // A write rolled back counts nothing.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'REJECTED' }).where(eq(orders.merchantId, seller.merchantId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const counted = await expectRollupEqualsRows(seller.merchantId);
    // The mix reached every facet, so the equality above compared something.
    for (const [name, { direct }] of Object.entries(counted)) expect(direct.length, name).toBeGreaterThan(0);
    expect(counted.orders!.direct.map((row) => JSON.parse(row).n as number)).not.toContain(0);

    // Once the relay counted the offers, the rollup holds them all.
    expect(await countOffers(t.db)).toBeGreaterThan(0);
    await expectRollupEqualsRows(seller.merchantId);

    // The rebuild (the migration's backfill, and the repair after a load with triggers off) agrees.
    await t.db.execute(sql`DELETE FROM analytics_daily WHERE merchant_id = ${seller.merchantId}`);
    await t.db.execute(sql`DELETE FROM analytics_pay_times WHERE merchant_id = ${seller.merchantId}`);
    await t.db.execute(sql`SELECT analytics_rebuild(${seller.merchantId}::uuid)`);
    await expectRollupEqualsRows(seller.merchantId);
  });

  it('buckets times to pay to the second under a minute, to 10 s under 10 minutes, to the minute under an hour', async () => {
    const seconds = [-3, 0, 59.9, 60, 65, 599, 600, 3599, 3600, 7300];
    const { rows } = await t.db.execute<{ bucket: number }>(sql`
      SELECT analytics_pay_bucket(s) AS bucket FROM unnest(${`{${seconds.join(',')}}`}::numeric[]) s`);
    expect(rows.map((r) => r.bucket)).toEqual([0, 0, 59, 60, 60, 590, 600, 3540, 3600, 7200]);
  });

  it('is dropped with its merchant', async () => {
    const gone = await newMerchant(t);
    await insertHistory(t.db, gone.merchantId, [
      {
        createdAt: new Date(),
        paidAt: new Date(),
        method: 'btc_opennode',
        status: 'succeeded',
        order: { status: 'ACCEPTED' },
      },
    ]);
    await t.db.execute(sql`DELETE FROM merchants WHERE id = ${gone.merchantId}`);
    const left = await t.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM analytics_daily WHERE merchant_id = ${gone.merchantId})
        + (SELECT count(*) FROM analytics_pay_times WHERE merchant_id = ${gone.merchantId}) AS n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
