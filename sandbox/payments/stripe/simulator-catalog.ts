import {
  currencyParam,
  invalidRequest,
  resourceMissing,
  stripeId,
  words,
  type Caller,
  type Params,
} from './simulator-http';
import { listOf, ownedBy } from './simulator-lists';
import type { StripeSimContext } from './simulator-state';

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: { name: string }[];
  metadata: Record<string, string>;
  name: string;
  package_dimensions: null;
  shippable: boolean | null;
  statement_descriptor: string | null;
  tax_code: string | null;
  type: 'service';
  unit_label: string | null;
  updated: number;
  url: string | null;
}

export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: string | null;
  trial_period_days: null;
  usage_type: 'licensed' | 'metered';
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified' | 'inclusive' | 'exclusive';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: string | null;
}

interface Owned<T> {
  owner: string;
  object: T;
}

const PRODUCT_CREATE = words(`
  name id active description images metadata default_price_data shippable statement_descriptor
  tax_code unit_label url expand
`);
const PRODUCT_UPDATE = words(`
  name active description images metadata default_price url expand
`);
const PRICE_CREATE = words(`
  currency product product_data unit_amount recurring lookup_key nickname metadata active
  tax_behavior expand
`);
const CUSTOMER_FIELDS = words(`
  email name description metadata phone payment_method invoice_settings preferred_locales test_clock expand
`);
const INTERVALS = ['day', 'week', 'month', 'year'] as const;

/** A card a customer is given on creation (`payment_method`), saved by the payments module. */
/**
 * Stripe bills a customer in one currency: its first subscription or invoice item sets `currency`, and
 * anything billed to it later in another is refused (the message is the live API's, as public logs quote
 * it). Stripe frees the currency again once nothing of the old one is active; the simulator keeps it.
 */
export function checkCustomerCurrency(customer: Customer, currency: string): void {
  if (customer.currency && customer.currency !== currency) {
    throw invalidRequest(
      `You cannot combine currencies on a single customer. This customer has an active subscription, subscription schedule, discount, quote, or invoice item with currency ${customer.currency}.`,
    );
  }
}

/** Bills `currency` to the customer (see checkCustomerCurrency), tying it to that currency. */
export function billCustomerIn(customer: Customer, currency: string): void {
  checkCustomerCurrency(customer, currency);
  customer.currency = currency;
}

export type SaveCustomerMethod = (owner: string, paymentMethod: string, customer: string) => string;

/**
 * The catalogue and the people who buy from it: Products (with `default_price_data`), Prices (one-time,
 * licensed or metered recurring), and Customers, each kept apart per account (Stripe-Account).
 */
export function registerCatalog(
  ctx: StripeSimContext,
  opts: { attachMethod: SaveCustomerMethod; clockTime: (clock: string, account: string) => number | null },
) {
  const { router, state, events, sim, expander } = ctx;
  const { products, prices, customers } = sim.keep('catalog', () => ({
    products: new Map<string, Owned<Product>>(),
    prices: new Map<string, Owned<Price>>(),
    customers: new Map<string, Owned<Customer>>(),
  }));

  const find = <T>(map: Map<string, Owned<T>>, id: string, account: string) => {
    const record = map.get(id);
    return record?.owner === account ? record.object : undefined;
  };
  expander.register('prod', (id, account) => find(products, id, account));
  expander.register('price', (id, account) => find(prices, id, account));
  expander.register('cus', (id, account) => find(customers, id, account));

  const productOf = (id: string, account: string, param = 'id', status = 404) => {
    const product = find(products, id, account);
    if (!product) throw resourceMissing('product', id, param, status);
    return product;
  };
  const priceOf = (id: string, account: string, param = 'price', status = 404) => {
    const price = find(prices, id, account);
    if (!price) throw resourceMissing('price', id, param, status);
    return price;
  };
  const customerOf = (id: string, account: string, param = 'customer', status = 404) => {
    const customer = find(customers, id, account);
    if (!customer) throw resourceMissing('customer', id, param, status);
    return customer;
  };

  /** A price from `recurring[...]`, `unit_amount` and `currency` params (a create, or price_data inline). */
  function newPrice(account: string, product: string, params: Params, extra: Partial<Price> = {}): Price {
    const currency = currencyParam(params);
    const amount = params.requiredInt('unit_amount');
    if (amount < 0) {
      throw invalidRequest('Invalid non-negative integer', {
        code: 'parameter_invalid_integer',
        param: 'unit_amount',
      });
    }
    const recurringParams = params.object('recurring');
    let recurring: Recurring | null = null;
    if (recurringParams) {
      const usageType = recurringParams.oneOf('usage_type', ['licensed', 'metered'] as const) ?? 'licensed';
      const meter = recurringParams.string('meter') ?? null;
      if (usageType === 'metered' && !meter) throw recurringParams.missing('meter');
      recurring = {
        interval: recurringParams.oneOf('interval', INTERVALS, true)!,
        interval_count: recurringParams.int('interval_count') ?? 1,
        meter,
        trial_period_days: null,
        usage_type: usageType,
      };
    }
    const price: Price = {
      id: stripeId('price'),
      object: 'price',
      active: params.bool('active') ?? true,
      billing_scheme: 'per_unit',
      created: state.nowSeconds(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: params.string('lookup_key') ?? null,
      metadata: params.metadata(),
      nickname: params.string('nickname') ?? null,
      product,
      recurring,
      tax_behavior:
        params.oneOf('tax_behavior', ['unspecified', 'inclusive', 'exclusive'] as const) ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
      ...extra,
    };
    prices.set(price.id, { owner: account, object: price });
    events.emit(account, 'price.created', price);
    return price;
  }

  function newProduct(account: string, params: Params, extra: Partial<Product> = {}): Product {
    const now = state.nowSeconds();
    const id = params.string('id') ?? stripeId('prod', 14);
    if (products.has(id)) {
      throw invalidRequest(`Product already exists.`, { code: 'resource_already_exists', param: 'id' });
    }
    const product: Product = {
      id,
      object: 'product',
      active: params.bool('active') ?? true,
      created: now,
      default_price: null,
      description: params.string('description') ?? null,
      images: params.strings('images') ?? [],
      livemode: false,
      marketing_features: [],
      metadata: params.metadata(),
      name: params.requiredString('name'),
      package_dimensions: null,
      shippable: params.bool('shippable') ?? null,
      statement_descriptor: params.string('statement_descriptor') ?? null,
      tax_code: params.string('tax_code') ?? null,
      type: 'service',
      unit_label: params.string('unit_label') ?? null,
      updated: now,
      url: params.string('url') ?? null,
      ...extra,
    };
    products.set(product.id, { owner: account, object: product });
    events.emit(account, 'product.created', product);
    const priceData = params.object('default_price_data');
    if (priceData) product.default_price = newPrice(account, product.id, priceData).id;
    return product;
  }

  // ---- Products ------------------------------------------------------------------------------------

  router.post('/v1/products', ({ caller, params }) => {
    params.only(PRODUCT_CREATE);
    return expander.expand(caller.account, newProduct(caller.account, params), params.strings('expand'));
  });
  router.get('/v1/products', ({ caller, params }) => {
    params.only(words('active ids shippable url created limit starting_after ending_before expand'));
    const active = params.bool('active');
    const ids = params.strings('ids');
    const page = listOf(
      '/v1/products',
      ownedBy(products, caller.account).filter(
        (p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });
  router.get('/v1/products/:id', ({ caller, params, path }) =>
    expander.expand(caller.account, productOf(path.id!, caller.account), params.strings('expand')),
  );
  router.post('/v1/products/:id', ({ caller, params, path }) => {
    params.only(PRODUCT_UPDATE);
    const product = productOf(path.id!, caller.account);
    const defaultPrice = params.string('default_price');
    if (defaultPrice) priceOf(defaultPrice, caller.account, 'default_price', 400);
    Object.assign(product, {
      name: params.string('name') ?? product.name,
      active: params.bool('active') ?? product.active,
      description: params.has('description') ? (params.string('description') ?? null) : product.description,
      images: params.has('images') ? (params.strings('images') ?? []) : product.images,
      metadata: params.metadata(product.metadata),
      default_price: defaultPrice ?? product.default_price,
      url: params.has('url') ? (params.string('url') ?? null) : product.url,
      updated: state.nowSeconds(),
    });
    events.emit(caller.account, 'product.updated', product, { caller });
    return expander.expand(caller.account, product, params.strings('expand'));
  });

  // ---- Prices --------------------------------------------------------------------------------------

  router.post('/v1/prices', ({ caller, params }) => {
    params.only(PRICE_CREATE);
    const productId = params.string('product');
    const productData = params.object('product_data');
    if (!productId && !productData) throw params.missing('product');
    const product = productId
      ? productOf(productId, caller.account, 'product', 400)
      : newProduct(caller.account, productData!);
    const price = newPrice(caller.account, product.id, params);
    return expander.expand(caller.account, price, params.strings('expand'));
  });
  router.get('/v1/prices', ({ caller, params }) => {
    params.only(
      words(
        'active currency product type lookup_keys recurring created limit starting_after ending_before expand',
      ),
    );
    const active = params.bool('active');
    const product = params.string('product');
    const currency = params.string('currency')?.toLowerCase();
    const type = params.oneOf('type', ['one_time', 'recurring'] as const);
    const lookupKeys = params.strings('lookup_keys');
    const page = listOf(
      '/v1/prices',
      ownedBy(prices, caller.account).filter(
        (p) =>
          (active === undefined || p.active === active) &&
          (!product || p.product === product) &&
          (!currency || p.currency === currency) &&
          (!type || p.type === type) &&
          (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });
  router.get('/v1/prices/:id', ({ caller, params, path }) =>
    expander.expand(caller.account, priceOf(path.id!, caller.account, 'price'), params.strings('expand')),
  );
  router.post('/v1/prices/:id', ({ caller, params, path }) => {
    params.only(words('active lookup_key metadata nickname expand'));
    const price = priceOf(path.id!, caller.account, 'price');
    // As Stripe: a product's default price stays active until the product names another.
    if (params.bool('active') === false && products.get(price.product)?.object.default_price === price.id) {
      throw invalidRequest('This price cannot be archived because it is the default price of its product.', {
        param: 'active',
      });
    }
    Object.assign(price, {
      active: params.bool('active') ?? price.active,
      lookup_key: params.has('lookup_key') ? (params.string('lookup_key') ?? null) : price.lookup_key,
      metadata: params.metadata(price.metadata),
      nickname: params.has('nickname') ? (params.string('nickname') ?? null) : price.nickname,
    });
    events.emit(caller.account, 'price.updated', price, { caller });
    return price;
  });

  // ---- Customers -----------------------------------------------------------------------------------

  function applyCustomer(customer: Customer, params: Params, account: string) {
    const pm = params.string('payment_method');
    const defaultPm = params.object('invoice_settings')?.string('default_payment_method');
    Object.assign(customer, {
      email: params.has('email') ? (params.string('email') ?? null) : customer.email,
      name: params.has('name') ? (params.string('name') ?? null) : customer.name,
      description: params.has('description') ? (params.string('description') ?? null) : customer.description,
      phone: params.has('phone') ? (params.string('phone') ?? null) : customer.phone,
      metadata: params.metadata(customer.metadata),
      preferred_locales: params.strings('preferred_locales') ?? customer.preferred_locales,
    });
    const attached = pm ? opts.attachMethod(account, pm, customer.id) : null;
    const chosen = defaultPm ? opts.attachMethod(account, defaultPm, customer.id) : null;
    if (chosen ?? attached) customer.invoice_settings.default_payment_method = chosen ?? attached;
  }

  /** A new customer on `account` (a create call, or a buyer Checkout creates one for). */
  function createCustomer(
    account: string,
    fields: { email: string | null; clock?: string | null },
    caller?: Caller,
    params?: Params,
  ): Customer {
    const clock = fields.clock ?? null;
    const id = stripeId('cus', 14);
    const customer: Customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: clock ? opts.clockTime(clock, account)! : state.nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: fields.email,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      name: null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: clock,
    };
    if (params) applyCustomer(customer, params, account);
    customers.set(id, { owner: account, object: customer });
    events.emit(account, 'customer.created', customer, { caller });
    return customer;
  }

  router.post('/v1/customers', ({ caller, params }) => {
    params.only(CUSTOMER_FIELDS);
    const clock = params.string('test_clock') ?? null;
    if (clock && opts.clockTime(clock, caller.account) === null) {
      throw resourceMissing('test_clock', clock, 'test_clock', 400);
    }
    const customer = createCustomer(caller.account, { email: null, clock }, caller, params);
    return expander.expand(caller.account, customer, params.strings('expand'));
  });
  router.get('/v1/customers', ({ caller, params }) => {
    params.only(words('email created test_clock limit starting_after ending_before expand'));
    const email = params.string('email');
    const clock = params.string('test_clock');
    const page = listOf(
      '/v1/customers',
      ownedBy(customers, caller.account).filter(
        (c) => (!email || c.email === email) && (!clock || c.test_clock === clock),
      ),
      params,
    );
    return expander.expand(caller.account, page, params.strings('expand'));
  });
  router.get('/v1/customers/:id', ({ caller, params, path }) =>
    expander.expand(caller.account, customerOf(path.id!, caller.account, 'id'), params.strings('expand')),
  );
  router.post('/v1/customers/:id', ({ caller, params, path }) => {
    params.only(CUSTOMER_FIELDS.filter((f) => f !== 'test_clock' && f !== 'payment_method'));
    const customer = customerOf(path.id!, caller.account, 'id');
    const before = structuredClone(customer) as unknown as Record<string, unknown>;
    applyCustomer(customer, params, caller.account);
    // previous_attributes holds only what changed, with its old value.
    const previous = Object.fromEntries(
      Object.entries(before).filter(
        ([key, value]) =>
          JSON.stringify(value) !== JSON.stringify((customer as unknown as Record<string, unknown>)[key]),
      ),
    );
    events.emit(caller.account, 'customer.updated', customer, { previous, caller });
    return expander.expand(caller.account, customer, params.strings('expand'));
  });

  return {
    createCustomer,
    productOf,
    priceOf,
    customerOf,
    findProduct: (id: string, account: string) => find(products, id, account),
    /** The customer if `account` has one with this id. */
    findCustomer: (id: string, account: string) => find(customers, id, account),
    /** A product created directly (the sandbox's own catalogue); `id` fixed so links stay valid. */
    seedProduct(
      account: string,
      product: Pick<Product, 'id' | 'name' | 'description' | 'images'> & {
        metadata?: Record<string, string>;
      },
    ): Product {
      const now = state.nowSeconds();
      const created: Product = {
        object: 'product',
        active: true,
        created: now,
        default_price: null,
        livemode: false,
        marketing_features: [],
        metadata: {},
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: null,
        updated: now,
        url: null,
        ...product,
      };
      products.set(created.id, { owner: account, object: created });
      return created;
    },
    /** A price created directly for the sandbox's own catalogue, with a fixed id. */
    seedPrice(
      account: string,
      price: Pick<Price, 'id' | 'product' | 'currency' | 'unit_amount'> & Partial<Price>,
    ) {
      const created: Price = {
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: state.nowSeconds(),
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        recurring: null,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: price.recurring ? 'recurring' : 'one_time',
        unit_amount_decimal: String(price.unit_amount),
        ...price,
      };
      prices.set(created.id, { owner: account, object: created });
      return created;
    },
    /** The account's active recurring prices whose product is active too (what a portal offers). */
    activeRecurringPrices: (account: string) =>
      [...prices.values()]
        .filter(
          ({ owner, object }) =>
            owner === account &&
            object.active &&
            object.type === 'recurring' &&
            find(products, object.product, account)?.active === true,
        )
        .map(({ object }) => object),
  };
}

export type Catalog = ReturnType<typeof registerCatalog>;
