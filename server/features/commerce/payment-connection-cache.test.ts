import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchants, paymentConnections } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { connectStripeThroughOAuth, newMerchant } from '../../test/merchant-kit';
import { statementsDuring } from '../../test/sql-statements';
import { merchantCardAccount } from './merchant-accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deps = () => ({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });
/** The merchant row as an agent request reads it: fresh (docs/decisions/006). */
const freshMerchant = async (id: string) =>
  (await t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
const connectionReads = async (run: () => Promise<unknown>) =>
  (await statementsDuring(t, run)).filter((s) => s.text.includes('"payment_connections"')).length;

it('opens a merchant’s card account once, and never again after its connection is replaced', async () => {
  const { merchantId, cookie } = await newMerchant(t, { connect: true });
  const merchant = await freshMerchant(merchantId);
  expect(await connectionReads(() => merchantCardAccount(deps(), merchant))).toBe(1);
  expect(await connectionReads(() => merchantCardAccount(deps(), merchant))).toBe(0);
  expect((await merchantCardAccount(deps(), merchant)).viaConnect).toBe(false);

  // The merchant moves from its own key to Stripe Connect: the next request charges through Connect.
  await connectStripeThroughOAuth(t, cookie);
  expect((await merchantCardAccount(deps(), await freshMerchant(merchantId))).viaConnect).toBe(true);
});

it('drops a connection another instance replaced, though this instance was never told', async () => {
  const { merchantId } = await newMerchant(t, { connect: true });
  expect((await merchantCardAccount(deps(), await freshMerchant(merchantId))).viaConnect).toBe(false);

  // As saving it anywhere does: the connection and the merchant's updatedAt in one transaction.
  await t.db.transaction(async (tx) => {
    await tx
      .update(paymentConnections)
      .set({ credentialsEncrypted: null, accountId: 'acct_elsewhere' })
      .where(eq(paymentConnections.merchantId, merchantId));
    await tx.update(merchants).set({ updatedAt: new Date() }).where(eq(merchants.id, merchantId));
  });
  const card = await merchantCardAccount(deps(), await freshMerchant(merchantId));
  expect(card.viaConnect).toBe(true);
  expect(card.ctx.credentials).toMatchObject({ accountId: 'acct_elsewhere' });
});
