/**
 * The fixed catalogue every simulated WooCommerce store starts from: an outdoor-gear shop selling in
 * GBP. It deliberately holds the awkward cases a real store has: variable products whose variations
 * carry their own SKUs, prices and stock; a sale price; a product out of stock; one without a price; a
 * draft; and TEST-PRODUCT-001 at 19.99, the onboarding test order's default.
 */
export interface CatalogueVariation {
  sku: string;
  option: string;
  regularPrice: string;
  salePrice?: string;
  stock: number;
}

export interface CatalogueProduct {
  sku: string;
  name: string;
  category: string;
  /** "" when the product has no price (it cannot be bought). */
  regularPrice: string;
  salePrice?: string;
  /** Managed stock; omitted when the shop does not count this product (always in stock). */
  stock?: number;
  status?: 'publish' | 'draft';
  shortDescription: string;
  description: string;
  weightKg: string;
  /** Variable products: the attribute the shopper chooses, and one variation per option. */
  attribute?: string;
  variations?: CatalogueVariation[];
}

export const STORE_CURRENCY = 'GBP';

export const CATALOGUE: CatalogueProduct[] = [
  {
    sku: 'TEST-PRODUCT-001',
    name: 'AgentCart Test Product',
    category: 'Accessories',
    regularPrice: '19.99',
    stock: 500,
    shortDescription: '<p>The product the onboarding test order buys.</p>',
    description: '<p>A sturdy enamel camping mug used for end-to-end test orders.</p>',
    weightKg: '0.3',
  },
  {
    sku: 'TENT-2P',
    name: 'Ridgeline 2-Person Tent',
    category: 'Tents',
    regularPrice: '',
    shortDescription: '<p>Freestanding three-season backpacking tent, 1.9&nbsp;kg.</p>',
    description:
      '<p>Two doors, two porches and a 5000&nbsp;mm flysheet. Pitches inner and outer together.</p>',
    weightKg: '1.9',
    attribute: 'Colour',
    variations: [
      { sku: 'TENT-2P-GRN', option: 'Forest Green', regularPrice: '189.00', stock: 12 },
      { sku: 'TENT-2P-ORG', option: 'Burnt Orange', regularPrice: '189.00', stock: 7 },
      { sku: 'TENT-2P-SND', option: 'Sand', regularPrice: '189.00', salePrice: '169.00', stock: 3 },
    ],
  },
  {
    sku: 'TENT-4P-BLU',
    name: 'Summit 4-Person Dome Tent',
    category: 'Tents',
    regularPrice: '329.00',
    stock: 5,
    shortDescription: '<p>Roomy family dome with a full-height porch.</p>',
    description: '<p>Colour-coded poles, blackout inner and a sewn-in groundsheet.</p>',
    weightKg: '6.4',
  },
  {
    sku: 'SBAG-DOWN',
    name: 'Alpine Down Sleeping Bag',
    category: 'Sleeping',
    regularPrice: '',
    shortDescription: '<p>750 fill-power down, comfort rating -5&nbsp;°C.</p>',
    description: '<p>Responsibly sourced down in a box-walled mummy bag with a draft collar.</p>',
    weightKg: '1.1',
    attribute: 'Length',
    variations: [
      { sku: 'SBAG-DOWN-REG', option: 'Regular', regularPrice: '249.00', stock: 9 },
      { sku: 'SBAG-DOWN-LNG', option: 'Long', regularPrice: '269.00', stock: 4 },
    ],
  },
  {
    sku: 'MAT-SI-5CM',
    name: 'Comfort Self-Inflating Sleeping Mat',
    category: 'Sleeping',
    regularPrice: '74.99',
    stock: 18,
    shortDescription: '<p>5&nbsp;cm of open-cell foam, R-value 4.2.</p>',
    description: '<p>Twin valves for quick inflation and a stuff sack that doubles as a pump.</p>',
    weightKg: '1.2',
  },
  {
    sku: 'JKT-STORM',
    name: 'Storm Shell Waterproof Jacket',
    category: 'Clothing',
    regularPrice: '',
    shortDescription: '<p>Three-layer waterproof shell with a helmet-compatible hood.</p>',
    description: '<p>20,000&nbsp;mm hydrostatic head, pit zips and taped seams.</p>',
    weightKg: '0.45',
    attribute: 'Size',
    variations: [
      { sku: 'JKT-STORM-S', option: 'S', regularPrice: '149.00', stock: 6 },
      { sku: 'JKT-STORM-M', option: 'M', regularPrice: '149.00', stock: 0 },
      { sku: 'JKT-STORM-L', option: 'L', regularPrice: '149.00', stock: 8 },
    ],
  },
  {
    sku: 'PACK-45L-GRY',
    name: 'Trekker 45L Rucksack',
    category: 'Packs',
    regularPrice: '119.00',
    stock: 15,
    shortDescription: '<p>Adjustable back system, hip-belt pockets and a rain cover.</p>',
    description: '<p>Top and front access, hydration sleeve and ice-axe loops.</p>',
    weightKg: '1.6',
  },
  {
    sku: 'PACK-20L-BLK',
    name: 'Daypack 20L',
    category: 'Packs',
    regularPrice: '49.99',
    salePrice: '39.99',
    stock: 30,
    shortDescription: '<p>Light daypack with a ventilated mesh back.</p>',
    description: '<p>Fits a 2&nbsp;L reservoir, with side bottle pockets and a whistle buckle.</p>',
    weightKg: '0.6',
  },
  {
    sku: 'STOVE-TI-MINI',
    name: 'Titanium Mini Stove',
    category: 'Cooking',
    regularPrice: '54.95',
    stock: 22,
    shortDescription: '<p>56&nbsp;g screw-on canister stove with piezo ignition.</p>',
    description: '<p>Boils a litre in about three and a half minutes.</p>',
    weightKg: '0.06',
  },
  {
    sku: 'FUEL-230G',
    name: 'Gas Canister 230 g',
    category: 'Cooking',
    regularPrice: '6.50',
    stock: 120,
    shortDescription: '<p>Butane/propane mix for screw-on stoves.</p>',
    description: '<p>Four-season blend. Sent by road only.</p>',
    weightKg: '0.37',
  },
  {
    sku: 'BOWL-SIL-COL',
    name: 'Collapsible Silicone Bowl',
    category: 'Cooking',
    regularPrice: '9.99',
    stock: 64,
    shortDescription: '<p>Folds flat to 2&nbsp;cm.</p>',
    description: '<p>Food-safe silicone with a rigid rim; 600&nbsp;ml.</p>',
    weightKg: '0.1',
  },
  {
    sku: 'LAMP-HEAD-400',
    name: 'Headtorch 400 Lumen',
    category: 'Lighting',
    regularPrice: '34.99',
    stock: 40,
    shortDescription: '<p>USB-C rechargeable with a red night mode.</p>',
    description: '<p>IPX6 rated, 80&nbsp;m beam, lock mode for your pack.</p>',
    weightKg: '0.09',
  },
  {
    sku: 'POLE-CARBON-PR',
    name: 'Carbon Trekking Poles (pair)',
    category: 'Accessories',
    regularPrice: '89.00',
    stock: 11,
    shortDescription: '<p>Three-section carbon poles with cork grips.</p>',
    description: '<p>Flick-locks, tungsten tips and snow baskets included.</p>',
    weightKg: '0.48',
  },
  {
    sku: 'SOCK-MERINO-M',
    name: 'Merino Hiking Socks',
    category: 'Clothing',
    regularPrice: '16.00',
    stock: 80,
    shortDescription: '<p>Mid-weight merino blend, cushioned sole.</p>',
    description: '<p>Seamless toe and reinforced heel. Size M (UK 6–8.5).</p>',
    weightKg: '0.08',
  },
  {
    sku: 'BOTTLE-FILTER-750',
    name: 'Water Filter Bottle 750 ml',
    category: 'Accessories',
    regularPrice: '39.00',
    stock: 25,
    shortDescription: '<p>Hollow-fibre filter removes 99.9999&nbsp;% of bacteria.</p>',
    description: '<p>Filter good for 1,000 litres; squeeze bottle, BPA-free.</p>',
    weightKg: '0.15',
  },
  {
    sku: 'FLASK-1L-STEEL',
    name: 'Insulated Steel Flask 1 L',
    category: 'Cooking',
    regularPrice: '27.50',
    stock: 33,
    shortDescription: '<p>Keeps drinks hot for 24 hours.</p>',
    description: '<p>Double-walled stainless steel with a cup lid.</p>',
    weightKg: '0.55',
  },
  {
    sku: 'BIVVY-EMERG',
    name: 'Emergency Bivvy Bag',
    category: 'Safety',
    regularPrice: '12.99',
    stock: 50,
    shortDescription: '<p>Bright orange survival bag for two.</p>',
    description: '<p>Reflective inner, printed with emergency signals.</p>',
    weightKg: '0.3',
  },
  {
    sku: 'KIT-FIRSTAID-HK',
    name: 'Hiker First Aid Kit',
    category: 'Safety',
    regularPrice: '24.00',
    stock: 27,
    shortDescription: '<p>Blister care, dressings and a foil blanket.</p>',
    description: '<p>Forty-two items in a water-resistant pouch.</p>',
    weightKg: '0.25',
  },
  {
    sku: 'NAV-COMPASS-MIR',
    name: 'Sighting Compass with Mirror',
    category: 'Navigation',
    regularPrice: '29.99',
    stock: 0,
    shortDescription: '<p>Global needle with a sighting mirror and romers.</p>',
    description: '<p>Luminous markings and a lanyard. Back in stock soon.</p>',
    weightKg: '0.07',
  },
  {
    sku: 'NAV-MAPCASE-A4',
    name: 'Waterproof Map Case A4',
    category: 'Navigation',
    regularPrice: '14.50',
    stock: 35,
    shortDescription: '<p>Roll-top, welded seams, shoulder cord.</p>',
    description: '<p>Clear on both sides so you can read either half of the map.</p>',
    weightKg: '0.12',
  },
  {
    sku: 'CHAIR-LITE-GRN',
    name: 'Lightweight Camp Chair',
    category: 'Furniture',
    regularPrice: '59.00',
    stock: 10,
    shortDescription: '<p>Packs down to the size of a water bottle.</p>',
    description: '<p>Aluminium frame, holds up to 120&nbsp;kg.</p>',
    weightKg: '0.9',
  },
  {
    sku: 'HAMMOCK-SGL',
    name: 'Hammock with Tree Straps',
    category: 'Furniture',
    regularPrice: '44.00',
    stock: 14,
    shortDescription: '<p>Parachute nylon hammock with tree-friendly straps.</p>',
    description: '<p>Carabiners and stuff sack included.</p>',
    weightKg: '0.6',
  },
  {
    sku: 'CORD-PARA-30M',
    name: 'Paracord 30 m',
    category: 'Accessories',
    regularPrice: '8.99',
    shortDescription: '<p>550 paracord, seven inner strands.</p>',
    description: '<p>Cut to order from the reel, so it never runs out.</p>',
    weightKg: '0.2',
  },
  {
    sku: 'FLASK-HIP-ENGR',
    name: 'Engraved Hip Flask',
    category: 'Accessories',
    regularPrice: '',
    stock: 6,
    shortDescription: '<p>Personalised engraving &ndash; price on request.</p>',
    description: '<p>Contact us with your engraving and we will quote a price.</p>',
    weightKg: '0.2',
  },
  {
    sku: 'TARP-UL-PROTO',
    name: 'Ultralight Tarp (prototype)',
    category: 'Tents',
    regularPrice: '99.00',
    stock: 2,
    status: 'draft',
    shortDescription: '<p>Not released yet.</p>',
    description: '<p>Dyneema tarp under field testing.</p>',
    weightKg: '0.2',
  },
];
