import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { insertHistory, type HistoryRow } from '../../test/checkout-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ simulators: false, jobs: false });
});
afterAll(() => t.close());

interface Page {
  payments: { id: string; created_at: string; method: string; status: string }[];
  next_cursor: string | null;
}
const page = async (m: TestMerchant, query: string): Promise<Page> => {
  const res = await dashboardRequest(t, m.cookie, 'GET', `/api/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every page of a query, following next_cursor, as one list of ids. */
async function allPages(m: TestMerchant, query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const p: Page = await page(m, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...p.payments.map((x) => x.id));
    cursor = p.next_cursor;
  } while (cursor);
  return ids;
}
const at = (iso: string) => new Date(iso);

describe('payments pages', () => {
  it('walks every payment once, newest first, through ties and microsecond times', async () => {
    const m = await newMerchant(t);
    // 23 payments: five share one millisecond (the id breaks the tie), the rest a second apart.
    const rows: HistoryRow[] = Array.from({ length: 23 }, (_, i) => ({
      createdAt: at(`2026-11-10T12:00:${String(i < 5 ? 0 : i).padStart(2, '0')}.000Z`),
      method: i % 2 ? 'btc_opennode' : 'stripe_spt',
      status: 'succeeded',
    }));
    const ids = await insertHistory(t.db, m.merchantId, rows);
    // A row written by now() carries microseconds a JavaScript Date cannot hold.
    await t.db
      .update(payments)
      .set({ createdAt: sql`${payments.createdAt} + interval '7 microseconds'` })
      .where(eq(payments.id, ids[10]!));

    const everything = (await page(m, 'limit=100')).payments.map((p) => p.id);
    expect(everything).toHaveLength(23);
    expect(new Set(everything)).toEqual(new Set(ids));
    for (const limit of [1, 4, 5, 7, 23]) {
      expect(await allPages(m, `limit=${limit}`)).toEqual(everything);
    }
    const last = await page(m, 'limit=23');
    expect(last.next_cursor).toBeNull();
    expect((await page(m, 'limit=22')).next_cursor).not.toBeNull();
  });

  it('keeps the next page as it was while new payments arrive', async () => {
    const m = await newMerchant(t);
    const base = Date.UTC(2026, 10, 12, 9);
    await insertHistory(
      t.db,
      m.merchantId,
      Array.from({ length: 12 }, (_, i) => ({
        createdAt: new Date(base + i * 60_000),
        method: 'stripe_spt',
        status: 'succeeded',
      })),
    );
    const before = (await page(m, 'limit=100')).payments.map((p) => p.id);
    const first = await page(m, 'limit=5');
    // Three payments arrive (newer than everything) while the merchant reads page one.
    await insertHistory(
      t.db,
      m.merchantId,
      [1, 2, 3].map((i) => ({
        createdAt: new Date(base + 3_600_000 + i),
        method: 'btc_strike',
        status: 'pending',
      })),
    );
    const second = await page(m, `limit=5&cursor=${first.next_cursor}`);
    const third = await page(m, `limit=5&cursor=${second.next_cursor}`);
    expect([...first.payments, ...second.payments, ...third.payments].map((p) => p.id)).toEqual(before);
    expect(third.next_cursor).toBeNull();
    expect((await page(m, 'limit=100')).payments).toHaveLength(15);
  });

  it('filters by inclusive UTC days, combined with method and status', async () => {
    const m = await newMerchant(t);
    const [, onFirst, onSecond, onSecondLate, failedOnSecond] = await insertHistory(t.db, m.merchantId, [
      { createdAt: at('2026-11-01T23:59:59.999Z'), method: 'stripe_spt', status: 'succeeded' },
      { createdAt: at('2026-11-02T00:00:00.000Z'), method: 'stripe_spt', status: 'succeeded' },
      { createdAt: at('2026-11-03T12:00:00.000Z'), method: 'btc_opennode', status: 'succeeded' },
      { createdAt: at('2026-11-03T23:59:59.999Z'), method: 'stripe_spt', status: 'succeeded' },
      { createdAt: at('2026-11-03T10:00:00.000Z'), method: 'stripe_spt', status: 'failed' },
      { createdAt: at('2026-11-04T00:00:00.000Z'), method: 'stripe_spt', status: 'succeeded' },
    ]);
    const ids = async (q: string) => (await page(m, q)).payments.map((p) => p.id);
    expect(await ids('from=2026-11-02&to=2026-11-03')).toEqual([
      onSecondLate,
      onSecond,
      failedOnSecond,
      onFirst,
    ]);
    expect(await ids('from=2026-11-03&to=2026-11-03&status=PAID&method=stripe_spt')).toEqual([onSecondLate]);
    expect(await ids('to=2026-11-01')).toHaveLength(1);
    expect(await ids('from=2026-11-04')).toHaveLength(1);
    expect(await ids('from=2026-11-05')).toEqual([]);
  });

  it('refuses dates, ranges and cursors it did not make with a 400', async () => {
    const m = await newMerchant(t);
    const forged = Buffer.from("2026-11-01T00:00:00.000000Z|1' or '1'='1").toString('base64url');
    for (const query of [
      'from=2026-02-30',
      'from=25-11-2026',
      'from=2026-11-05&to=2026-11-04',
      'cursor=not-a-cursor',
      `cursor=${forged}`,
      `cursor=${'a'.repeat(201)}`,
    ]) {
      const res = await dashboardRequest(t, m.cookie, 'GET', `/api/payments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBeTypeOf('string');
    }
  });
});

describe('payments CSV export', () => {
  const csv = async (m: TestMerchant, query = '') => {
    const res = await dashboardRequest(t, m.cookie, 'GET', `/api/payments/export.csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const lines = (body: string) => body.split('\r\n').filter(Boolean);

  it('streams the filtered rows, every cell quoted and formulas made inert', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const [, lightning] = await insertHistory(t.db, m.merchantId, [
      { createdAt: at('2026-11-05T10:00:00.000Z'), method: 'stripe_spt', status: 'failed' },
      {
        createdAt: at('2026-11-05T11:00:00.000Z'),
        method: 'btc_opennode',
        status: 'succeeded',
        amountMinor: 1999,
        invoiceId: '=HYPERLINK("http://evil.example","x")',
        payload: { payment_request: '+lntb1"quoted"' },
      },
      { createdAt: at('2026-11-06T11:00:00.000Z'), method: 'stripe_spt', status: 'succeeded' },
    ]);
    await insertHistory(t.db, other.merchantId, [
      {
        createdAt: at('2026-11-05T12:00:00.000Z'),
        method: 'stripe_spt',
        status: 'succeeded',
        invoiceId: 'pi_other',
      },
    ]);

    const res = await csv(m, '?status=PAID&from=2026-11-05&to=2026-11-05');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines(res.body)).toEqual([
      'created_at,payment_id,checkout_id,method,status,raw_status,amount,currency,provider_invoice_id,payment_request,test,refunded,refundable',
      expect.stringMatching(
        new RegExp(
          `^"2026-11-05T11:00:00.000Z","${lightning}","chk_[^"]+","btc_opennode","PAID","succeeded","19.99","GBP",` +
            `"'=HYPERLINK\\(""http://evil.example"",""x""\\)","'\\+lntb1""quoted""","false","0.00","19.99"$`,
        ),
      ),
    ]);
    const all = lines((await csv(m)).body);
    expect(all).toHaveLength(4);
    expect(all.join('\n')).not.toContain('pi_other');
    expect(lines((await csv(other)).body)).toHaveLength(2);
  });

  it('exports past one read page without recording a checkout access (the rows hold no buyer data)', async () => {
    const m = await newMerchant(t);
    const base = Date.UTC(2026, 10, 1);
    const ids = await insertHistory(
      t.db,
      m.merchantId,
      Array.from({ length: 1203 }, (_, i) => ({
        createdAt: new Date(base + i * 1000),
        method: 'stripe_spt',
        status: 'succeeded',
      })),
    );
    const exported = lines((await csv(m)).body).slice(1);
    expect(exported).toHaveLength(1203);
    expect(exported.map((line) => line.split(',')[1]!.slice(1, -1))).toEqual([...ids].reverse());
    // Accesses are written in batches off the request's path; this instance's would all be in after a flush.
    await t.services.checkoutAccess.flush();
    const [accessed] = await t.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.merchantId, m.merchantId), eq(events.kind, 'checkout_data_accessed')));
    expect(accessed!.n).toBe(0);
  });

  it('needs a session and refuses bad filters with a 400', async () => {
    const m = await newMerchant(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/export.csv' })).statusCode).toBe(401);
    for (const query of ['?method=paypal', '?status=paid', '?from=2026-11-05&to=2026-11-01']) {
      const res = await dashboardRequest(t, m.cookie, 'GET', `/api/payments/export.csv${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
