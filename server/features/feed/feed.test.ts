import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPreview, FeedProductView } from '#common/api/feed';
import { acpRequest } from '../../test/acp-kit';
import { acpSpecAvailable, officialFeedValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { FEED_MESSAGES } from './feed';

const official = officialFeedValidator();

describe('product feed preview', () => {
  let t: TestApp;
  let seller: TestMerchant & { apiKey: string };
  let preview: FeedPreview;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await newMerchant(t, { connect: true, apiKey: true });
    const res = await dashboardRequest(t, seller.cookie, 'GET', '/api/feed');
    expect(res.statusCode, res.body).toBe(200);
    preview = res.json();
  });
  afterAll(() => t.close());

  const productView = async (productId: string): Promise<FeedProductView> => {
    const res = await dashboardRequest(t, seller.cookie, 'GET', `/api/feed/products/${productId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("builds from the selling store's whole catalogue, variants included, and counts every status", async () => {
    expect(preview).toMatchObject({ storeProblem: null, currency: 'GBP', page: 1 });
    const { products, variants } = preview.counts;
    expect(products.ready + products.warning + products.blocked).toBe(preview.total);
    expect(variants.ready + variants.warning).toBeGreaterThan(0);
    // The unpriced hip flask is blocked, in words.
    const flask = preview.products.find((p) => p.variants.some((v) => v.sku === 'FLASK-HIP-ENGR'))!;
    expect(flask.status).toBe('blocked');
    expect(flask.problems.map((p) => p.code)).toContain('no_price');
    // The tent is its three colours, each with its own SKU.
    const tent = preview.products.find((p) => p.title === 'Ridgeline 2-Person Tent')!;
    expect(tent.variants.map((v) => v.sku)).toEqual(['TENT-2P-GRN', 'TENT-2P-ORG', 'TENT-2P-SND']);
  });

  it('every record is a valid feed Product and every variant id is an item id checkout accepts', async () => {
    const tent = preview.products.find((p) => p.title === 'Ridgeline 2-Person Tent')!;
    const view = await productView(tent.productId);
    expect(view.record!.variants.find((v) => v.id === 'TENT-2P-SND')).toMatchObject({
      price: { amount: 16900, currency: 'GBP' },
      variant_options: [{ name: 'Colour', value: 'Sand' }],
      availability: { available: true, status: 'in_stock' },
    });
    for (const product of preview.products) {
      const { record } = await productView(product.productId);
      if (!record) continue;
      if (acpSpecAvailable) expect(official('Product', record).errors).toEqual([]);
      // No buyer data can be in a feed: only the store's catalogue and the seller's name.
      expect(JSON.stringify(record)).not.toMatch(/@|buyer|email/i);
    }
    const res = await acpRequest(t, seller.apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      currency: 'gbp',
      line_items: [{ id: view.record!.variants[0]!.id, quantity: 1 }],
      capabilities: {},
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('filters by status, searches by title or SKU, and pages', async () => {
    const blocked = (await dashboardRequest(t, seller.cookie, 'GET', '/api/feed?status=blocked')).json();
    expect(blocked.products.length).toBeGreaterThan(0);
    for (const p of blocked.products as FeedPreview['products'])
      expect(p.status === 'blocked' || p.variants.some((v) => v.status === 'blocked')).toBe(true);
    const search = (await dashboardRequest(t, seller.cookie, 'GET', '/api/feed?q=tent-2p-snd')).json();
    expect(search.products.map((p: { title: string }) => p.title)).toEqual(['Ridgeline 2-Person Tent']);
    const beyond = (await dashboardRequest(t, seller.cookie, 'GET', '/api/feed?page=99')).json();
    expect(beyond).toMatchObject({ page: 1, pageCount: 1 });
    const bad = await dashboardRequest(t, seller.cookie, 'GET', '/api/feed?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it("says what to do without a store, and never shows another merchant's product", async () => {
    const bare = await newMerchant(t);
    const res = await dashboardRequest(t, bare.cookie, 'GET', '/api/feed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ storeProblem: FEED_MESSAGES.noStore, total: 0 });
    const theirs = preview.products[0]!.productId;
    const peek = await dashboardRequest(t, bare.cookie, 'GET', `/api/feed/products/${theirs}`);
    expect(peek.statusCode).toBe(422);
    const unknown = await dashboardRequest(t, seller.cookie, 'GET', '/api/feed/products/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(FEED_MESSAGES.productNotFound);
  });
});
