/**
 * The sandbox Custom API store: Kiln & Crema, a specialty coffee roaster selling in GBP. Includes the
 * onboarding test product (default SKU TEST-PRODUCT-001 at 19.99), two products sold in
 * variants, one sold out and two that do not track stock.
 */
export interface RoasterVariant {
  id: string;
  sku: string;
  name: string;
  price: string;
  stock: number | null;
}

/** A seeded product; variants, when present, are what is sold. */
export interface RoasterProduct {
  id: string;
  sku: string;
  slug: string;
  name: string;
  description: string;
  price: string;
  stock: number | null;
  variants?: RoasterVariant[];
}

/** The roaster sells in pounds only. */
export const ROASTER_CURRENCY = 'GBP';

/** A fresh copy of the catalogue (simulators change stock and prices). */
export function roasterCatalogue(): RoasterProduct[] {
  return [
    {
      id: 'prod_1001',
      sku: 'TEST-PRODUCT-001',
      slug: 'tasting-flight',
      name: 'Tasting Flight (test product)',
      description: 'Three 80 g bags of this month’s single origins. Used by onboarding test orders.',
      price: '19.99',
      stock: 100,
    },
    {
      id: 'prod_1002',
      sku: 'KC-ESP-HOUSE',
      slug: 'house-espresso',
      name: 'House Espresso Blend',
      description: 'Brazil and Guatemala; milk chocolate, hazelnut and a long caramel finish.',
      price: '9.50',
      stock: null,
      variants: [
        { id: 'var_1002_250', sku: 'KC-ESP-HOUSE-250', name: '250 g', price: '9.50', stock: 80 },
        { id: 'var_1002_1k', sku: 'KC-ESP-HOUSE-1KG', name: '1 kg', price: '29.00', stock: 15 },
      ],
    },
    {
      id: 'prod_1003',
      sku: 'KC-ETH-YIRG',
      slug: 'ethiopia-yirgacheffe',
      name: 'Ethiopia Yirgacheffe Kochere',
      description: 'Washed heirloom varieties; jasmine, bergamot and lemon curd. 250 g.',
      price: '11.50',
      stock: 40,
    },
    {
      id: 'prod_1004',
      sku: 'KC-COL-DECAF',
      slug: 'colombia-decaf',
      name: 'Colombia Huila Decaf',
      description: 'Sugarcane-processed decaf; red apple and panela. 250 g.',
      price: '10.75',
      stock: 25,
    },
    {
      id: 'prod_1005',
      sku: 'KC-KEN-AA',
      slug: 'kenya-nyeri-aa',
      name: 'Kenya Nyeri AA',
      description: 'SL28 and SL34; blackcurrant, tomato vine and cane sugar. 250 g.',
      price: '12.95',
      stock: 18,
    },
    {
      id: 'prod_1006',
      sku: 'KC-GUA-ANT',
      slug: 'guatemala-antigua',
      name: 'Guatemala Antigua',
      description: 'Bourbon and Caturra grown on volcanic soil; cocoa, orange and almond. 250 g.',
      price: '10.50',
      stock: 30,
    },
    {
      id: 'prod_1007',
      sku: 'KC-BRA-CER',
      slug: 'brazil-cerrado',
      name: 'Brazil Cerrado Natural',
      description: 'Natural process, low acidity; peanut brittle and dark chocolate. 250 g.',
      price: '9.25',
      stock: 60,
    },
    {
      id: 'prod_1008',
      sku: 'KC-RWA-NYA',
      slug: 'rwanda-nyamasheke',
      name: 'Rwanda Nyamasheke',
      description:
        'Red Bourbon from Lake Kivu; cranberry, black tea and honey. 250 g. Sold out until the next harvest.',
      price: '12.25',
      stock: 0,
    },
    {
      id: 'prod_1009',
      sku: 'KC-SUB',
      slug: 'roasters-choice-subscription',
      name: 'Roaster’s Choice Subscription',
      description: 'A new single origin every month, roasted to order.',
      price: '24.00',
      stock: null,
      variants: [
        { id: 'var_1009_1', sku: 'KC-SUB-1', name: 'One bag a month', price: '12.00', stock: null },
        { id: 'var_1009_2', sku: 'KC-SUB-2', name: 'Two bags a month', price: '22.00', stock: null },
      ],
    },
    {
      id: 'prod_1010',
      sku: 'KC-V60-02',
      slug: 'hario-v60-02',
      name: 'Hario V60 Dripper 02',
      description: 'Ceramic pour-over cone for one to four cups.',
      price: '22.00',
      stock: 12,
    },
    {
      id: 'prod_1011',
      sku: 'KC-FILT-100',
      slug: 'v60-filters',
      name: 'V60 Paper Filters (100)',
      description: 'Tabbed, oxygen-bleached filters for the size 02 dripper.',
      price: '5.50',
      stock: 200,
    },
    {
      id: 'prod_1012',
      sku: 'KC-GRIND-C40',
      slug: 'comandante-c40',
      name: 'Comandante C40 Hand Grinder',
      description: 'Nitro-blade burrs, from Turkish to cold brew.',
      price: '259.00',
      stock: 3,
    },
    {
      id: 'prod_1013',
      sku: 'KC-MUG-KILN',
      slug: 'kiln-mug',
      name: 'Kiln Stoneware Mug',
      description: 'Hand-thrown in Stoke-on-Trent; 300 ml, speckled glaze.',
      price: '16.00',
      stock: 24,
    },
    {
      id: 'prod_1014',
      sku: 'KC-GIFT-25',
      slug: 'gift-card-25',
      name: 'Gift Card £25',
      description: 'Delivered by e-mail; never expires.',
      price: '25.00',
      stock: null,
    },
  ];
}
