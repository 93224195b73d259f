/**
 * The sandbox Magento store: Harbour & Home, a UK homeware shop selling in GBP. Covers a configurable
 * apron sold through its two simple children (not visible on their own), a virtual gift card without
 * stock management, an out-of-stock cushion, a disabled lamp, and the onboarding test product (default
 * SKU TEST-PRODUCT-001 at 19.99).
 */
export interface HomewareProduct {
  sku: string;
  name: string;
  urlKey: string;
  description: string;
  price: number;
  type: 'simple' | 'virtual' | 'configurable';
  /** 1 enabled, 2 disabled. */
  status?: 1 | 2;
  /** 1 not visible individually, 4 catalogue and search. */
  visibility?: 1 | 4;
  qty: number;
  manageStock?: boolean;
}

/** What the store configuration says about the sandbox store. */
export const HOMEWARE_STORE = {
  name: 'Harbour & Home',
  currency: 'GBP',
  locale: 'en_GB',
  timezone: 'Europe/London',
  /** Flat rate per order, as configured in Stores › Configuration › Sales › Delivery Methods. */
  flatRate: 4.99,
};

/** A fresh copy of the catalogue (simulators change stock). */
export function homewareCatalogue(): HomewareProduct[] {
  const simple = (p: Omit<HomewareProduct, 'type'>): HomewareProduct => ({ type: 'simple', ...p });
  return [
    simple({
      sku: 'TEST-PRODUCT-001',
      name: 'Test Product',
      urlKey: 'test-product',
      description: '<p>Used by onboarding test orders.</p>',
      price: 19.99,
      qty: 100,
    }),
    simple({
      sku: 'HH-MUG-SET',
      name: 'Stoneware Mug Set (4)',
      urlKey: 'stoneware-mug-set',
      description: '<p>Reactive glaze, dishwasher safe.</p>',
      price: 32,
      qty: 15,
    }),
    simple({
      sku: 'HH-TEA-TOWEL',
      name: 'Linen Tea Towel',
      urlKey: 'linen-tea-towel',
      description: '<p>Stonewashed Lithuanian linen.</p>',
      price: 9.5,
      qty: 40,
    }),
    simple({
      sku: 'HH-CANDLE-SEA',
      name: 'Sea Salt Candle',
      urlKey: 'sea-salt-candle',
      description: '<p>Soy wax, 40-hour burn.</p>',
      price: 18,
      qty: 22,
    }),
    simple({
      sku: 'HH-THROW-WOOL',
      name: 'Wool Throw',
      urlKey: 'wool-throw',
      description: '<p>Woven in Wales from British wool.</p>',
      price: 85,
      qty: 6,
    }),
    simple({
      sku: 'HH-CUSH-NAVY',
      name: 'Navy Stripe Cushion',
      urlKey: 'navy-stripe-cushion',
      description: '<p>Feather pad included. Out of stock.</p>',
      price: 28,
      qty: 0,
    }),
    simple({
      sku: 'HH-BOARD-OAK',
      name: 'Oak Serving Board',
      urlKey: 'oak-serving-board',
      description: '<p>Oiled English oak.</p>',
      price: 36,
      qty: 9,
    }),
    simple({
      sku: 'HH-VASE-GLASS',
      name: 'Recycled Glass Vase',
      urlKey: 'recycled-glass-vase',
      description: '<p>Hand-blown, 25 cm.</p>',
      price: 24,
      qty: 12,
    }),
    simple({
      sku: 'HH-DOORMAT',
      name: 'Coir Doormat',
      urlKey: 'coir-doormat',
      description: '<p>Natural coconut fibre.</p>',
      price: 22,
      qty: 18,
    }),
    {
      sku: 'HH-APRON',
      name: 'Linen Apron',
      urlKey: 'linen-apron',
      description: '<p>Cross-back linen apron.</p>',
      price: 30,
      type: 'configurable',
      qty: 0,
    },
    simple({
      sku: 'HH-APRON-SAGE',
      name: 'Linen Apron - Sage',
      urlKey: 'linen-apron-sage',
      description: '<p>Cross-back linen apron in sage.</p>',
      price: 30,
      qty: 8,
      visibility: 1,
    }),
    simple({
      sku: 'HH-APRON-RUST',
      name: 'Linen Apron - Rust',
      urlKey: 'linen-apron-rust',
      description: '<p>Cross-back linen apron in rust.</p>',
      price: 30,
      qty: 5,
      visibility: 1,
    }),
    {
      sku: 'HH-GIFT-30',
      name: 'E-Gift Card £30',
      urlKey: 'e-gift-card-30',
      description: '<p>Sent by e-mail.</p>',
      price: 30,
      type: 'virtual',
      qty: 0,
      manageStock: false,
    },
    simple({
      sku: 'HH-LAMP-OLD',
      name: 'Brass Table Lamp',
      urlKey: 'brass-table-lamp',
      description: '<p>Discontinued.</p>',
      price: 60,
      qty: 3,
      status: 2,
    }),
    simple({
      sku: 'HH-BASKET',
      name: 'Seagrass Basket',
      urlKey: 'seagrass-basket',
      description: '<p>Handwoven, with leather handles.</p>',
      price: 26.5,
      qty: 14,
    }),
    simple({
      sku: 'HH-PLANTER',
      name: 'Terracotta Planter',
      urlKey: 'terracotta-planter',
      description: '<p>Frost-proof, 20 cm.</p>',
      price: 15,
      qty: 30,
    }),
  ];
}
