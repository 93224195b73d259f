/**
 * The sandbox Shopify shop: Kestrel Outdoor, a UK outdoor-gear shop selling in GBP. Every product has at
 * least one variant, as on Shopify; it includes sizes and colours, untracked and back-orderable stock,
 * a sold-out size, a draft and an archived product (neither may be sold), and the onboarding test
 * product (default SKU TEST-PRODUCT-001 at 19.99).
 */
export interface OutdoorVariant {
  title: string;
  sku: string;
  price: string;
  inventory_quantity: number;
  /** "shopify" when Shopify tracks stock, null when it does not. */
  inventory_management: 'shopify' | null;
  /** "continue" sells past zero (back orders). */
  inventory_policy: 'deny' | 'continue';
}

/** A seeded product in the shape of the REST Admin API. */
export interface OutdoorProduct {
  title: string;
  handle: string;
  body_html: string;
  product_type: string;
  status: 'active' | 'draft' | 'archived';
  tags: string;
  variants: OutdoorVariant[];
}

/** What `shop.json` says about the sandbox shop. */
export const OUTDOOR_SHOP = {
  name: 'Kestrel Outdoor',
  email: 'hello@kestrel-outdoor.example',
  domain: 'kestrel-outdoor.example',
  currency: 'GBP',
  country_code: 'GB',
  iana_timezone: 'Europe/London',
  money_format: '£{{amount}}',
};

const tracked = (sku: string, price: string, quantity: number, title = 'Default Title'): OutdoorVariant => ({
  title,
  sku,
  price,
  inventory_quantity: quantity,
  inventory_management: 'shopify',
  inventory_policy: 'deny',
});

/** A fresh copy of the catalogue (each shop on a simulator gets its own). */
export function outdoorCatalogue(): OutdoorProduct[] {
  const product = (p: Omit<OutdoorProduct, 'status' | 'tags'> & Partial<OutdoorProduct>): OutdoorProduct => ({
    status: 'active',
    tags: '',
    ...p,
  });
  return [
    product({
      title: 'Test Product',
      handle: 'test-product',
      body_html: '<p>Used by onboarding test orders.</p>',
      product_type: 'Test',
      variants: [tracked('TEST-PRODUCT-001', '19.99', 100)],
    }),
    product({
      title: 'Merino Base Layer Crew',
      handle: 'merino-base-layer-crew',
      body_html: '<p>200 gsm merino, flatlock seams, odour resistant.</p>',
      product_type: 'Base layers',
      variants: [
        tracked('KO-MBL-S', '55.00', 10, 'Small'),
        tracked('KO-MBL-M', '55.00', 12, 'Medium'),
        tracked('KO-MBL-L', '55.00', 0, 'Large'),
      ],
    }),
    product({
      title: 'Packable Down Jacket',
      handle: 'packable-down-jacket',
      body_html: '<p>750 fill-power responsibly sourced down; packs into its own pocket.</p>',
      product_type: 'Jackets',
      variants: [tracked('KO-PDJ-M', '140.00', 6, 'Medium'), tracked('KO-PDJ-L', '140.00', 4, 'Large')],
    }),
    product({
      title: 'Trail Running Socks (3 pack)',
      handle: 'trail-running-socks',
      body_html: '<p>Cushioned merino blend with a seamless toe.</p>',
      product_type: 'Socks',
      variants: [tracked('KO-TRS-3', '18.00', 40)],
    }),
    product({
      title: 'Carbon Trekking Poles',
      handle: 'carbon-trekking-poles',
      body_html: '<p>A pair of three-section carbon poles, 105–135 cm.</p>',
      product_type: 'Walking',
      variants: [tracked('KO-TP-PAIR', '64.00', 15)],
    }),
    product({
      title: 'Two-Person Backpacking Tent',
      handle: 'two-person-tent',
      body_html: '<p>1.6 kg freestanding tent with two porches.</p>',
      product_type: 'Tents',
      variants: [tracked('KO-TENT-2P', '289.00', 4)],
    }),
    product({
      title: 'Insulated Bottle 750 ml',
      handle: 'insulated-bottle',
      body_html: '<p>Keeps drinks hot for 12 hours and cold for 24.</p>',
      product_type: 'Hydration',
      variants: [tracked('KO-BTL-SAGE', '26.00', 20, 'Sage'), tracked('KO-BTL-SLATE', '26.00', 14, 'Slate')],
    }),
    product({
      title: 'Headtorch 400',
      handle: 'headtorch-400',
      body_html: '<p>400 lumens, USB-C rechargeable, red night mode.</p>',
      product_type: 'Lighting',
      variants: [tracked('KO-HT-400', '34.99', 22)],
    }),
    product({
      title: 'Waterproof Map Case',
      handle: 'waterproof-map-case',
      body_html: '<p>Fits an OS Explorer map folded once.</p>',
      product_type: 'Navigation',
      variants: [{ ...tracked('KO-MAP-CASE', '14.50', 0), inventory_management: null }],
    }),
    product({
      title: 'Bivvy Bag',
      handle: 'bivvy-bag',
      body_html: '<p>Breathable waterproof bivvy; ships in three weeks while on back order.</p>',
      product_type: 'Shelter',
      variants: [{ ...tracked('KO-BIVVY', '79.00', 0), inventory_policy: 'continue' }],
    }),
    product({
      title: 'Compact Camp Stove',
      handle: 'compact-camp-stove',
      body_html: '<p>Screw-on gas stove with piezo ignition.</p>',
      product_type: 'Cooking',
      variants: [tracked('KO-STOVE', '49.00', 9)],
    }),
    product({
      title: 'Waterproof Daypack 20 L',
      handle: 'waterproof-daypack-20',
      body_html: '<p>Roll-top, welded seams, padded back.</p>',
      product_type: 'Packs',
      variants: [tracked('KO-DAYPACK-20', '72.00', 11)],
    }),
    product({
      title: 'Gift Card',
      handle: 'gift-card',
      body_html: '<p>Sent by e-mail.</p>',
      product_type: 'Gift cards',
      variants: [{ ...tracked('KO-GIFT-50', '50.00', 0), inventory_management: null }],
    }),
    product({
      title: 'Prototype Rain Shell',
      handle: 'prototype-rain-shell',
      body_html: '<p>Not yet released.</p>',
      product_type: 'Jackets',
      status: 'draft',
      variants: [tracked('KO-PROTO', '180.00', 5)],
    }),
    product({
      title: 'Classic Fleece (2019)',
      handle: 'classic-fleece-2019',
      body_html: '<p>Discontinued.</p>',
      product_type: 'Fleece',
      status: 'archived',
      variants: [tracked('KO-FLEECE-OLD', '45.00', 2)],
    }),
  ];
}
