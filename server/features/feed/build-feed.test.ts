import { describe, expect, it } from 'vitest';
import { feedProduct } from '#common/api/feed';
import type { StoreProduct } from '../../integrations/stores/store-platform';
import { acpSpecAvailable, officialFeedValidator } from '../../test/acp-official-schemas';
import { buildFeed, DESCRIPTION_LIMIT, type BuiltFeed } from './build-feed';

const official = officialFeedValidator();

/** A sellable item with nothing wrong; each case changes what it is about. */
const item = (overrides: Partial<StoreProduct> = {}): StoreProduct => ({
  id: 'p1',
  variantId: null,
  sku: 'SKU-1',
  name: 'Trail Mug',
  description: 'Enamel mug.',
  priceMinor: 1999,
  currency: 'GBP',
  stockQuantity: 5,
  inStock: true,
  imageUrls: ['https://cdn.example/mug.jpg'],
  url: 'https://shop.example/mug',
  ...overrides,
});

const build = (items: StoreProduct[]) =>
  buildFeed({ items, sellerName: 'Ridgeline Outfitters', fallbackCurrency: 'GBP' });

/** Every record must be a valid feed Product: our own schema always, the official one when present. */
function expectValidRecords(feed: BuiltFeed) {
  for (const { record } of feed.products) {
    if (!record) continue;
    expect(feedProduct.safeParse(record).success).toBe(true);
    if (acpSpecAvailable) expect(official('Product', record).errors).toEqual([]);
  }
}

describe('buildFeed', () => {
  it('groups variants under their product, keyed by SKU (the id checkout accepts), in minor units', async () => {
    const feed = await build([
      item({
        id: 'tent',
        variantId: '11',
        sku: 'TENT-GRN',
        name: 'Tent – Green',
        productName: 'Tent',
        priceMinor: 18900,
        categories: ['Camping', 'Tents'],
        options: [{ name: 'Colour', value: 'Green' }],
        barcode: '05012345678900',
      }),
      item({ id: 'tent', variantId: '12', sku: 'TENT-SND', name: 'Tent – Sand', productName: 'Tent' }),
    ]);
    expectValidRecords(feed);
    expect(feed.currency).toBe('GBP');
    const [tent] = feed.products;
    expect(tent!.check).toMatchObject({ productId: 'tent', title: 'Tent', status: 'ready', problems: [] });
    expect(tent!.record!.variants.map((v) => v.id)).toEqual(['TENT-GRN', 'TENT-SND']);
    expect(tent!.record!.variants[0]).toEqual({
      id: 'TENT-GRN',
      title: 'Tent – Green',
      description: { plain: 'Enamel mug.' },
      url: 'https://shop.example/mug',
      barcodes: [{ type: 'GTIN', value: '05012345678900' }],
      price: { amount: 18900, currency: 'GBP' },
      availability: { available: true, status: 'in_stock' },
      categories: [{ value: 'Camping > Tents', taxonomy: 'merchant' }],
      variant_options: [{ name: 'Colour', value: 'Green' }],
      media: [{ type: 'image', url: 'https://cdn.example/mug.jpg' }],
      seller: { name: 'Ridgeline Outfitters' },
    });
  });

  it('blocks what an agent cannot buy and leaves it out of the record, in words a merchant reads', async () => {
    const feed = await build([
      item({ id: 'a', sku: 'A', priceMinor: null }),
      item({ id: 'b', sku: null }),
      item({ id: 'c', sku: 'DUP' }),
      item({ id: 'd', sku: 'DUP' }),
      item({ id: 'e', sku: 'E', currency: 'EUR' }),
      item({ id: 'f', sku: 'F' }),
    ]);
    expectValidRecords(feed);
    const byId = new Map(feed.products.map((p) => [p.check.productId, p]));
    const codes = (id: string) => byId.get(id)!.check.problems.map((p) => p.code);
    expect(codes('a')).toEqual(['no_price']);
    expect(codes('b')).toEqual(['no_sku']);
    expect(codes('c')).toEqual(['duplicate_variant_id']);
    expect(codes('d')).toEqual(['duplicate_variant_id']);
    expect(codes('e')).toEqual(['currency_not_store']);
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(byId.get(id)!.check.status).toBe('blocked');
      expect(byId.get(id)!.record).toBeNull();
    }
    expect(byId.get('f')!.check.status).toBe('ready');
    expect(byId.get('a')!.check.problems[0]!.message).toBe(
      'No price in your store, so agents cannot sell it. Set a price to include it.',
    );
    expect(byId.get('e')!.check.problems[0]!.message).toContain('Priced in EUR, but your store sells in GBP');
  });

  it('sends warned items as the store has them, corrected where checkout would differ', async () => {
    const feed = await build([
      item({ id: 'noimg', sku: 'N', imageUrls: [] }),
      item({ id: 'http', sku: 'H', imageUrls: ['http://cdn.example/a.jpg'] }),
      item({ id: 'long', sku: 'L', description: 'x'.repeat(DESCRIPTION_LIMIT + 1) }),
      item({ id: 'zero', sku: 'Z', stockQuantity: 0, inStock: true }),
    ]);
    expectValidRecords(feed);
    const byId = new Map(feed.products.map((p) => [p.check.productId, p]));
    for (const [id, code] of [
      ['noimg', 'no_image'],
      ['http', 'image_not_https'],
      ['long', 'description_too_long'],
      ['zero', 'out_of_stock_marked_available'],
    ] as const) {
      expect(byId.get(id)!.check).toMatchObject({ status: 'warning', problems: [{ code }] });
      expect(byId.get(id)!.record).not.toBeNull();
    }
    expect(byId.get('http')!.record!.variants[0]!.media).toBeUndefined();
    expect(byId.get('long')!.record!.variants[0]!.description!.plain).toHaveLength(DESCRIPTION_LIMIT);
    expect(byId.get('zero')!.record!.variants[0]!.availability).toEqual({
      available: false,
      status: 'out_of_stock',
    });
  });

  it('a product with one blocked variant is sent with the others, and shows the worst status', async () => {
    const feed = await build([
      item({ id: 'jacket', variantId: '1', sku: 'J-S' }),
      item({ id: 'jacket', variantId: '2', sku: 'J-M', priceMinor: null }),
    ]);
    expectValidRecords(feed);
    const [jacket] = feed.products;
    expect(jacket!.check.status).toBe('blocked');
    expect(jacket!.check.variants.map((v) => v.status)).toEqual(['ready', 'blocked']);
    expect(jacket!.record!.variants.map((v) => v.id)).toEqual(['J-S']);
  });

  it('builds the same ids from the same catalogue (stable across builds)', async () => {
    const items = [item({ id: 'x', sku: 'X-1' }), item({ id: 'y', sku: 'Y-1' })];
    const ids = async () => (await build(items)).products.flatMap((p) => p.record!.variants.map((v) => v.id));
    expect(await ids()).toEqual(await ids());
  });
});
