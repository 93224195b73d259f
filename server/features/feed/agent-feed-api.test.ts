import { afterAll, describe, expect, it } from 'vitest';
import { acpSpecAvailable, officialFeedValidator, readAcpSpec } from '../../test/acp-official-schemas';
import { ruleProblem, FEED_PRODUCT } from '#sandbox/agents/feed-rules';
import { createAgentSimulator } from '#sandbox/agents/simulator';

const official = officialFeedValidator();
const sim = createAgentSimulator({ now: () => new Date('2026-03-01T00:00:00Z') });
afterAll(() => sim.app.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token: string | null = 'tok_a',
) =>
  sim.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** Every answer of the feed API is its documented shape: FeedMetadata, ProductsResponse or Error. */
function expectOfficial(def: string, body: unknown) {
  if (acpSpecAvailable) expect(official(def, body).errors).toEqual([]);
}

describe('agent simulator: Product Feed API', () => {
  const examples = acpSpecAvailable
    ? (readAcpSpec('2026-04-17/examples/examples.feed.json') as Record<string, unknown>)
    : null;

  it('creates a feed, upserts products by id and reads them back, as the spec examples do', async () => {
    const created = await call('POST', '/feeds', { target_country: 'US' });
    expect(created.statusCode).toBe(201);
    expectOfficial('FeedMetadata', created.json());
    const id = created.json().id as string;
    const upsert = examples?.upsert_products_request_single_product ?? {
      products: [{ id: 'prod_classic_tee', variants: [{ id: 'sku', title: 'Tee' }] }],
    };
    expectOfficial('UpsertProductsRequest', upsert);
    const patched = await call('PATCH', `/feeds/${id}/products`, upsert);
    expect(patched.json()).toEqual({ id, accepted: true });
    const again = await call('PATCH', `/feeds/${id}/products`, upsert);
    expect(again.statusCode).toBe(200);
    const read = await call('GET', `/feeds/${id}/products`);
    expectOfficial('ProductsResponse', read.json());
    expect(read.json().products).toHaveLength(1);
    expect((await call('GET', `/feeds/${id}`)).json()).toMatchObject({ id, target_country: 'US' });
  });

  it("answers the spec's errors: bad country, bad product, unknown feed, another token's feed, no token", async () => {
    const badCountry = await call('POST', '/feeds', { target_country: 'usa' });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json()).toMatchObject({ code: 'invalid_target_country', param: 'target_country' });
    expectOfficial('Error', badCountry.json());
    const id = (await call('POST', '/feeds', {})).json().id as string;
    for (const body of [
      { products: [] },
      {
        products: [{ id: 'p', variants: [{ id: 'v', title: 'V', price: { amount: 1.5, currency: 'GBP' } }] }],
      },
      { products: [{ id: 'p', variants: [], colour: 'red' }] },
    ]) {
      const refused = await call('PATCH', `/feeds/${id}/products`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_product_payload', param: 'products' });
      expectOfficial('Error', refused.json());
      if (acpSpecAvailable && body.products.length)
        expect(official('UpsertProductsRequest', body).valid).toBe(false);
    }
    for (const [url, token] of [
      ['/feeds/feed_nope', 'tok_a'],
      [`/feeds/${id}`, 'tok_b'],
      [`/feeds/${id}/products`, 'tok_b'],
    ] as const) {
      const missing = await call('GET', url, undefined, token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        type: 'invalid_request',
        code: 'feed_not_found',
        message: 'Feed not found',
        param: 'id',
      });
    }
    expect((await call('GET', `/feeds/${id}`, undefined, null)).statusCode).toBe(401);
  });

  it('its field rules agree with the official schema on the spec examples', () => {
    if (!examples) return;
    const product = (examples.upsert_products_request_single_product as { products: unknown[] }).products[0];
    expect(ruleProblem(FEED_PRODUCT, product)).toBeNull();
    expect(official('Product', product).valid).toBe(true);
  });
});
