/**
 * The sandbox BigCommerce store: Ridgeway Tea Co., a UK tea merchant selling in GBP. Covers products
 * with size options (stock tracked per variant), stock tracked per product, untracked stock, a sale
 * price, a sold-out tea, a hidden product, one whose purchasing is disabled, and the onboarding test
 * product (default SKU TEST-PRODUCT-001 at 19.99).
 */
export interface TeaVariant {
  sku: string;
  /** The size option's label. */
  size: string;
  price: number;
  inventory_level: number;
}

/** A seeded product; `sizes` become variants with a Size option. */
export interface TeaProduct {
  name: string;
  sku: string;
  slug: string;
  description: string;
  price: number;
  sale_price?: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  inventory_level: number;
  availability?: 'available' | 'disabled' | 'preorder';
  is_visible?: boolean;
  sizes?: TeaVariant[];
}

/** What `/v2/store` says about the sandbox store. */
export const TEA_STORE = {
  name: 'Ridgeway Tea Co.',
  domain: 'ridgeway-tea.example',
  currency: 'GBP',
  currency_symbol: '£',
  country: 'United Kingdom',
  country_code: 'GB',
  admin_email: 'owner@ridgeway-tea.example',
  order_email: 'orders@ridgeway-tea.example',
};

/** A fresh copy of the catalogue (simulators change stock). */
export function teaCatalogue(): TeaProduct[] {
  const tracked = (p: Omit<TeaProduct, 'inventory_tracking'>): TeaProduct => ({
    inventory_tracking: 'product',
    ...p,
  });
  return [
    tracked({
      name: 'Test Product',
      sku: 'TEST-PRODUCT-001',
      slug: 'test-product',
      description: '<p>Used by onboarding test orders.</p>',
      price: 19.99,
      inventory_level: 100,
    }),
    {
      name: 'Earl Grey Blue Flower',
      sku: 'RT-EARL',
      slug: 'earl-grey-blue-flower',
      description: '<p>Ceylon black tea with bergamot and cornflower petals.</p>',
      price: 6.5,
      inventory_tracking: 'variant',
      inventory_level: 0,
      sizes: [
        { sku: 'RT-EARL-50', size: '50 g', price: 6.5, inventory_level: 30 },
        { sku: 'RT-EARL-250', size: '250 g', price: 24, inventory_level: 8 },
      ],
    },
    tracked({
      name: 'Assam Breakfast',
      sku: 'RT-ASSAM',
      slug: 'assam-breakfast',
      description: '<p>Malty second-flush Assam that takes milk well.</p>',
      price: 5.95,
      inventory_level: 50,
    }),
    tracked({
      name: 'Japanese Sencha',
      sku: 'RT-SENCHA',
      slug: 'japanese-sencha',
      description: '<p>Steamed green tea from Shizuoka; grassy and sweet.</p>',
      price: 9.8,
      inventory_level: 20,
    }),
    tracked({
      name: 'Darjeeling First Flush',
      sku: 'RT-DARJ-FF',
      slug: 'darjeeling-first-flush',
      description: '<p>Spring-picked Darjeeling, muscatel and floral. Sold out until next spring.</p>',
      price: 14.5,
      inventory_level: 0,
    }),
    {
      name: 'Rooibos Vanilla',
      sku: 'RT-ROOIBOS',
      slug: 'rooibos-vanilla',
      description: '<p>Caffeine-free red bush with Madagascan vanilla.</p>',
      price: 5.5,
      inventory_tracking: 'none',
      inventory_level: 0,
    },
    {
      name: 'Ceremonial Matcha',
      sku: 'RT-MATCHA',
      slug: 'ceremonial-matcha',
      description: '<p>Stone-ground tencha from Uji.</p>',
      price: 18,
      inventory_tracking: 'variant',
      inventory_level: 0,
      sizes: [
        { sku: 'RT-MATCHA-30', size: '30 g', price: 18, inventory_level: 10 },
        { sku: 'RT-MATCHA-100', size: '100 g', price: 48, inventory_level: 3 },
      ],
    },
    tracked({
      name: 'Masala Chai',
      sku: 'RT-CHAI',
      slug: 'masala-chai',
      description: '<p>Assam with cardamom, cinnamon, ginger and clove. On sale.</p>',
      price: 6.25,
      sale_price: 5,
      inventory_level: 40,
    }),
    tracked({
      name: 'Cast Iron Teapot 800 ml',
      sku: 'RT-TEAPOT',
      slug: 'cast-iron-teapot',
      description: '<p>Enamelled inside, with a removable infuser.</p>',
      price: 39,
      inventory_level: 7,
    }),
    tracked({
      name: 'Stainless Steel Infuser',
      sku: 'RT-INFUSER',
      slug: 'stainless-infuser',
      description: '<p>Fine mesh basket that fits most mugs.</p>',
      price: 7.5,
      inventory_level: 60,
    }),
    tracked({
      name: 'Tea Caddy',
      sku: 'RT-CADDY',
      slug: 'tea-caddy',
      description: '<p>Airtight tin for 100 g of leaf.</p>',
      price: 12,
      inventory_level: 15,
    }),
    {
      name: 'Discovery Sampler',
      sku: 'RT-SAMPLER',
      slug: 'discovery-sampler',
      description: '<p>Eight 10 g pouches, packed to order.</p>',
      price: 22,
      inventory_tracking: 'none',
      inventory_level: 0,
    },
    {
      name: 'Gift Certificate £20',
      sku: 'RT-GIFT-20',
      slug: 'gift-certificate-20',
      description: '<p>Sent by e-mail.</p>',
      price: 20,
      inventory_tracking: 'none',
      inventory_level: 0,
    },
    tracked({
      name: 'Tie Guan Yin Oolong',
      sku: 'RT-OOLONG',
      slug: 'tie-guan-yin',
      description: '<p>Temporarily unavailable while we re-source it.</p>',
      price: 11.2,
      inventory_level: 12,
      availability: 'disabled',
    }),
    tracked({
      name: 'Staff Blend',
      sku: 'RT-STAFF',
      slug: 'staff-blend',
      description: '<p>Not for sale.</p>',
      price: 4,
      inventory_level: 5,
      is_visible: false,
    }),
  ];
}
