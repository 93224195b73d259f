import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, mintSharedPaymentToken, newMerchant, sampleBuyer } from '../../test/merchant-kit';
import { statementsDuring } from '../../test/sql-statements';

/**
 * The SQL statement budget of the agent's card flow (issue 22): what one offer, one checkout and one
 * confirm send on their request path, and the rows the database's triggers write for them. Counts, not
 * times, so the figures are the same on every machine and either engine.
 *
 * These are the figures measured when the budget was introduced. A budget only ever goes down: when a
 * change sends fewer statements or writes fewer rows, lower it to the new figure in the same change, so
 * that nothing can quietly spend the saving again.
 */
const STATEMENT_BUDGET = { offer: 1, checkout: 3, confirm: 7 };
/**
 * Rows written into each table by the triggers (inserts and updates, an upsert counting once) per flow.
 * The offer's event and its count are not among them: the relay writes those (migration 0028).
 */
const TRIGGER_ROW_BUDGET = { engine_events: 5, analytics_daily: 3, order_months: 1 };
const WATCHED_TABLES = Object.keys(TRIGGER_ROW_BUDGET) as (keyof typeof TRIGGER_ROW_BUDGET)[];

// The queues exist but are not worked and the relay does not run, so nothing moves the watched tables
// except the requests; statements are counted per request anyway (server/test/sql-statements.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  await countRowWrites();
});
afterAll(() => t.close());

/** A test-only trigger on each watched table notes every row written into it, whatever wrote it. */
async function countRowWrites() {
  await t.db.execute(sql`CREATE TABLE zz_budget_row_writes (table_name text NOT NULL)`);
  await t.db.execute(
    sql.raw(`CREATE FUNCTION zz_budget_note_row_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO zz_budget_row_writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$`),
  );
  for (const table of WATCHED_TABLES)
    await t.db.execute(
      sql.raw(`CREATE TRIGGER zz_budget_row_writes AFTER INSERT OR UPDATE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION zz_budget_note_row_write()`),
    );
}

async function rowWritesSoFar(): Promise<Record<string, number>> {
  const { rows } = await t.db.execute<{ table_name: string; n: number }>(
    sql`SELECT table_name, count(*)::int AS n FROM zz_budget_row_writes GROUP BY table_name`,
  );
  return Object.fromEntries(
    WATCHED_TABLES.map((table) => [table, rows.find((r) => r.table_name === table)?.n ?? 0]),
  );
}

type Step = 'offer' | 'checkout' | 'confirm';
interface Measured {
  body: Record<string, unknown>;
  statements: string[];
  rowWrites: Record<string, number>;
}

/** One agent request, with the statements sent on its behalf and the rows the triggers wrote for it. */
async function measure(key: string, step: Step, body: object, expectedStatus: number): Promise<Measured> {
  const before = await rowWritesSoFar();
  let answer!: Awaited<ReturnType<typeof agentRequest>>;
  const sent = await statementsDuring(t, async () => {
    answer = await agentRequest(t, key, 'POST', `/api/agent/${step}`, body);
  });
  expect(answer.statusCode, answer.body).toBe(expectedStatus);
  const after = await rowWritesSoFar();
  return {
    body: answer.json(),
    statements: sent.map((s) => s.text),
    rowWrites: Object.fromEntries(WATCHED_TABLES.map((table) => [table, after[table]! - before[table]!])),
  };
}

/** The bench's card flow (scripts/bench.ts cardFlow): offer, checkout paying with a Shared Payment Token, confirm. */
async function cardFlow(key: string): Promise<Record<Step, Measured>> {
  const { country, postcode } = sampleBuyer.address;
  const offer = await measure(
    key,
    'offer',
    { items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }], shipping_to: { country, postcode } },
    200,
  );
  const total = offer.body.total as number;
  const token = await mintSharedPaymentToken(t, total);
  const checkout = await measure(
    key,
    'checkout',
    {
      offer_id: offer.body.offer_id,
      shipping_option_id: 'standard',
      buyer: sampleBuyer,
      payment: {
        method: 'stripe',
        shared_payment_token: token,
        amount: total,
        currency: offer.body.currency,
      },
    },
    201,
  );
  const confirm = await measure(
    key,
    'confirm',
    { checkout_id: checkout.body.checkout_id, commit: true },
    200,
  );
  expect(confirm.body.status).toBe('ACCEPTED');
  return { offer, checkout, confirm };
}

describe('the card flow stays within its SQL budget', () => {
  let flow: Record<Step, Measured>;
  beforeAll(async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    // A first flow warms what the app caches (the offer's key and store connection, pg-boss's queue
    // lookups), so the figures are those of a merchant's steady traffic: the warm offer is 1 statement.
    await cardFlow(merchant.apiKey);
    flow = await cardFlow(merchant.apiKey);
    const figures = (['offer', 'checkout', 'confirm'] as const).map(
      (step) => `${step} ${flow[step].statements.length} (rows ${JSON.stringify(flow[step].rowWrites)})`,
    );
    console.info(`SQL per step on the request path: ${figures.join('; ')}`);
  });

  it.each(['offer', 'checkout', 'confirm'] as const)('%s: statements on the request path', (step) => {
    const { statements } = flow[step];
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(STATEMENT_BUDGET[step]);
  });

  it.each(WATCHED_TABLES)('rows the triggers write into %s per flow', (table) => {
    const written =
      flow.offer.rowWrites[table]! + flow.checkout.rowWrites[table]! + flow.confirm.rowWrites[table]!;
    expect(written).toBeLessThanOrEqual(TRIGGER_ROW_BUDGET[table]);
  });
});
