import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchants, offers } from '../../db/schema/index';
import { saveOffer } from '../commerce';
import { storePlatform } from '../../integrations/stores/registry';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { statementsDuring as sentDuring } from '../../test/sql-statements';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const BASKET = {
  items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
  shipping_to: { country: 'GB', postcode: 'N1 9GU' },
};
const offer = (key: string) => agentRequest(t, key, 'POST', '/api/agent/offer', BASKET);

/** The SQL text the app sends while `run` runs. */
const statementsDuring = async (run: () => Promise<unknown>) =>
  (await sentDuring(t, run)).map((statement) => statement.text);

describe('the offer hot path', () => {
  it('stops accepting a rotated or revoked key at once, although offers remember recent keys', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    expect((await offer(merchant.apiKey)).statusCode).toBe(200);

    const rotated = await dashboardRequest(t, merchant.cookie, 'POST', '/api/developers/api-key');
    const newKey = rotated.json().apiKey as string;
    const refused = await offer(merchant.apiKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'Invalid API key', error_code: 'UNAUTHORIZED' });
    expect((await offer(newKey)).statusCode).toBe(200);

    const revoked = await dashboardRequest(t, merchant.cookie, 'DELETE', '/api/developers/api-key');
    expect(revoked.statusCode).toBe(204);
    expect((await offer(newKey)).statusCode).toBe(401);
  });

  it('looks up the key, the store connection and the product once for many agents arriving together', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    const productLookups = vi.spyOn(storePlatform('woocommerce'), 'findProductBySku');
    const statements = await statementsDuring(async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => offer(merchant.apiKey)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    });
    expect(productLookups).toHaveBeenCalledTimes(1);
    productLookups.mockRestore();
    const count = (pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;
    expect(count(/from "merchants" where "merchants"."api_key_hash"/)).toBe(1);
    expect(count(/from "merchant_integrations"/)).toBe(1);
    // Every offer is still its own row (checkouts are made from offer rows), stored by a group commit.
    expect(count(/^insert into "offers"/)).toBeLessThan(8);
    const rows = await t.db.select().from(offers).where(eq(offers.merchantId, merchant.merchantId));
    expect(rows).toHaveLength(8);
  });

  it('stores each offer of a group exactly as it answers it', async () => {
    const { merchantId } = await newMerchant(t);
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const item = {
      sku: 'A-1',
      productId: '7',
      variantId: null,
      name: 'Mug “Ñ”',
      quantity: 2,
      unitPriceMinor: 1250,
    };
    const answered = await Promise.all(
      [undefined, 'Claude-User'].flatMap((agent) =>
        [false, true].map((test) =>
          saveOffer(t.services.engine, merchant!, {
            items: [item],
            currency: 'GBP',
            destination: { country: 'GB', postalCode: 'N1 9GU' },
            origin: { channel: 'agent_api', agent: agent ?? null, test },
          }),
        ),
      ),
    );
    const stored = await t.db.select().from(offers).where(eq(offers.merchantId, merchantId));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(stored.sort(byId)).toEqual(answered.sort(byId));
  });

  it('keeps looking up keys afresh for requests that move money', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    expect((await offer(merchant.apiKey)).statusCode).toBe(200);
    const statements = await statementsDuring(() =>
      agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', { checkout_id: 'chk_unknown' }),
    );
    expect(statements.filter((s) => /"merchants"."api_key_hash"/.test(s))).toHaveLength(1);
  });
});
