import { minorToDecimal } from '#common/domain/money';
import {
  findById,
  needsPayment,
  orderTotal,
  parentOf,
  priceOf,
  refundsOf,
  slugify,
  stockStatusOf,
  type Sellable,
  type SimNote,
  type SimOrder,
  type SimProduct,
  type SimVariation,
  type SimWebhook,
  type StoreState,
} from './simulator-store';

/**
 * The simulated stores' state rendered as WooCommerce 9's REST API v3 renders it: every field a client
 * may read, money as decimal strings, dates in WordPress's zone-less format, links on the public URL.
 */

/** The public addresses a response is rendered with. */
export interface StoreUrls {
  /** The store's site URL as its visitors see it, e.g. https://demo.woocommerce.sandbox. */
  origin: string;
  /** Where the generated product images are served. */
  assets: string;
}

/** WordPress dates: local time without a zone (the simulated sites run on UTC). */
export const wpDate = (date: Date | null) => (date ? date.toISOString().slice(0, 19) : null);

const money = (minor: number | null) => (minor === null ? '' : minorToDecimal(minor));

function imageUrl(urls: StoreUrls, slug: string) {
  return `${urls.assets}/wp-content/uploads/2025/03/${slug}.svg`;
}

function imageJson(id: number, urls: StoreUrls, slug: string, alt: string, date: Date) {
  return {
    id,
    date_created: wpDate(date),
    date_created_gmt: wpDate(date),
    date_modified: wpDate(date),
    date_modified_gmt: wpDate(date),
    src: imageUrl(urls, slug),
    name: slug,
    alt,
  };
}

function priceHtml(currency: string, minor: number | null, max?: number | null): string {
  if (minor === null) return '';
  const symbol = currency === 'GBP' ? '&pound;' : currency === 'EUR' ? '&euro;' : '&#36;';
  const amount = (value: number) =>
    `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">${symbol}</span>${minorToDecimal(value)}</bdi></span>`;
  return max !== undefined && max !== null && max !== minor
    ? `${amount(minor)} &ndash; ${amount(max)}`
    : amount(minor);
}

function stockJson(item: Sellable | SimProduct) {
  return {
    manage_stock: item.manageStock,
    stock_quantity: item.manageStock ? item.stockQuantity : null,
    stock_status: stockStatusOf(item),
    backorders: 'no',
    backorders_allowed: false,
    backordered: false,
    low_stock_amount: null,
  };
}

function datesJson(item: { dateCreated: Date; dateModified: Date }) {
  return {
    date_created: wpDate(item.dateCreated),
    date_created_gmt: wpDate(item.dateCreated),
    date_modified: wpDate(item.dateModified),
    date_modified_gmt: wpDate(item.dateModified),
  };
}

/** `GET /wc/v3/products/{id}` as WooCommerce 9 renders it. */
export function productJson(store: StoreState, product: SimProduct, urls: StoreUrls) {
  const prices = product.variations.map(priceOf).filter((p): p is number => p !== null);
  const price = product.type === 'variable' ? (prices.length ? Math.min(...prices) : null) : priceOf(product);
  const self = `${urls.origin}/wp-json/wc/v3/products`;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    permalink: `${urls.origin}/product/${product.slug}/`,
    ...datesJson(product),
    type: product.type,
    status: product.status,
    featured: false,
    catalog_visibility: 'visible',
    description: product.description,
    short_description: product.shortDescription,
    sku: product.sku,
    price: money(price),
    regular_price: product.type === 'variable' ? '' : money(product.regularMinor),
    sale_price: product.type === 'variable' ? '' : money(product.saleMinor),
    date_on_sale_from: null,
    date_on_sale_from_gmt: null,
    date_on_sale_to: null,
    date_on_sale_to_gmt: null,
    price_html: priceHtml(
      store.currency,
      price,
      product.type === 'variable' && prices.length ? Math.max(...prices) : undefined,
    ),
    on_sale:
      product.type === 'variable'
        ? product.variations.some((v) => v.saleMinor !== null)
        : product.saleMinor !== null,
    purchasable: price !== null && product.status === 'publish',
    total_sales: product.totalSales,
    virtual: false,
    downloadable: false,
    downloads: [],
    download_limit: -1,
    download_expiry: -1,
    external_url: '',
    button_text: '',
    tax_status: 'taxable',
    tax_class: '',
    ...stockJson(product),
    sold_individually: false,
    weight: product.weightKg,
    dimensions: { length: '', width: '', height: '' },
    shipping_required: true,
    shipping_taxable: true,
    shipping_class: '',
    shipping_class_id: 0,
    reviews_allowed: true,
    average_rating: '0.00',
    rating_count: 0,
    upsell_ids: [],
    cross_sell_ids: [],
    parent_id: 0,
    purchase_note: '',
    categories: [product.category],
    tags: [],
    images: [imageJson(product.id + 5000, urls, product.slug, product.name, product.dateCreated)],
    attributes: product.attribute
      ? [
          {
            id: 0,
            name: product.attribute,
            position: 0,
            visible: true,
            variation: true,
            options: product.variations.map((v) => v.option),
          },
        ]
      : [],
    default_attributes: [],
    variations: product.variations.map((v) => v.id),
    grouped_products: [],
    menu_order: 0,
    meta_data: [],
    _links: {
      self: [{ href: `${self}/${product.id}` }],
      collection: [{ href: self }],
    },
  };
}

/** `GET /wc/v3/products/{id}/variations/{variation_id}`. */
export function variationJson(store: StoreState, variation: SimVariation, urls: StoreUrls) {
  const parent = parentOf(store, variation);
  const optionSlug = slugify(variation.option);
  const collection = `${urls.origin}/wp-json/wc/v3/products/${parent.id}/variations`;
  return {
    id: variation.id,
    ...datesJson(variation),
    description: '',
    permalink: `${urls.origin}/product/${parent.slug}/?attribute_${slugify(parent.attribute ?? 'option')}=${encodeURIComponent(variation.option)}`,
    sku: variation.sku,
    price: money(priceOf(variation)),
    regular_price: money(variation.regularMinor),
    sale_price: money(variation.saleMinor),
    date_on_sale_from: null,
    date_on_sale_to: null,
    on_sale: variation.saleMinor !== null,
    status: variation.status,
    purchasable: priceOf(variation) !== null && variation.status === 'publish',
    virtual: false,
    downloadable: false,
    downloads: [],
    download_limit: -1,
    download_expiry: -1,
    tax_status: 'taxable',
    tax_class: '',
    ...stockJson(variation),
    weight: variation.weightKg,
    dimensions: { length: '', width: '', height: '' },
    shipping_class: '',
    shipping_class_id: 0,
    image: imageJson(
      variation.id + 5000,
      urls,
      `${parent.slug}-${optionSlug}`,
      `${parent.name} - ${variation.option}`,
      variation.dateCreated,
    ),
    attributes: [{ id: 0, name: parent.attribute ?? 'Option', option: variation.option }],
    menu_order: 0,
    meta_data: [],
    _links: {
      self: [{ href: `${collection}/${variation.id}` }],
      collection: [{ href: collection }],
      up: [{ href: `${urls.origin}/wp-json/wc/v3/products/${parent.id}` }],
    },
  };
}

/** `GET /wc/v3/orders/{id}`. */
export function orderJson(store: StoreState, order: SimOrder, urls: StoreUrls) {
  const shippingTotal = order.shippingLines.reduce((sum, line) => sum + line.totalMinor, 0);
  const self = `${urls.origin}/wp-json/wc/v3/orders`;
  return {
    id: order.id,
    parent_id: 0,
    status: order.status,
    currency: order.currency,
    version: '9.4.2',
    prices_include_tax: false,
    date_created: wpDate(order.dateCreated),
    date_modified: wpDate(order.dateModified),
    discount_total: '0.00',
    discount_tax: '0.00',
    shipping_total: money(shippingTotal),
    shipping_tax: '0.00',
    cart_tax: '0.00',
    total: money(orderTotal(order)),
    total_tax: '0.00',
    customer_id: 0,
    order_key: order.orderKey,
    billing: order.billing,
    shipping: order.shipping,
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    transaction_id: order.transactionId,
    customer_ip_address: '',
    customer_user_agent: '',
    created_via: 'rest-api',
    customer_note: order.customerNote,
    date_completed: wpDate(order.dateCompleted),
    date_paid: wpDate(order.datePaid),
    cart_hash: '',
    number: String(order.id),
    meta_data: order.metaData,
    line_items: order.lineItems.map((line) => {
      const item =
        line.variationId || line.productId ? findById(store, line.variationId || line.productId) : undefined;
      const parent = item ? parentOf(store, item) : undefined;
      return {
        id: line.id,
        name: line.name,
        product_id: line.productId,
        variation_id: line.variationId,
        quantity: line.quantity,
        tax_class: '',
        subtotal: money(line.subtotalMinor),
        subtotal_tax: '0.00',
        total: money(line.totalMinor),
        total_tax: '0.00',
        taxes: [],
        meta_data: line.metaData,
        sku: line.sku,
        // A float, exactly as WooCommerce sends it (line total / quantity).
        price: line.quantity ? line.totalMinor / line.quantity / 100 : 0,
        image: parent ? { id: parent.id + 5000, src: imageUrl(urls, parent.slug) } : { id: '', src: '' },
        parent_name: item && 'parentId' in item ? parent!.name : null,
      };
    }),
    tax_lines: [],
    shipping_lines: order.shippingLines.map((line) => ({
      id: line.id,
      method_title: line.methodTitle,
      method_id: line.methodId,
      instance_id: line.instanceId,
      total: money(line.totalMinor),
      total_tax: '0.00',
      taxes: [],
      meta_data: [],
    })),
    fee_lines: order.feeLines.map((line) => ({
      id: line.id,
      name: line.name,
      tax_class: '',
      tax_status: 'taxable',
      total: money(line.totalMinor),
      total_tax: '0.00',
      taxes: [],
      meta_data: [],
    })),
    coupon_lines: [],
    // Newest first, as `WC_Order::get_refunds` lists them; totals negative.
    refunds: [...refundsOf(order)].reverse().map((refund) => ({
      id: refund.id,
      reason: refund.reason,
      total: money(-refund.amountMinor),
    })),
    payment_url: `${urls.origin}/checkout/order-pay/${order.id}/?pay_for_order=true&key=${order.orderKey}`,
    is_editable: ['pending', 'on-hold', 'checkout-draft'].includes(order.status),
    needs_payment: needsPayment(order),
    needs_processing: true,
    date_created_gmt: wpDate(order.dateCreated),
    date_modified_gmt: wpDate(order.dateModified),
    date_completed_gmt: wpDate(order.dateCompleted),
    date_paid_gmt: wpDate(order.datePaid),
    currency_symbol: order.currency === 'GBP' ? '£' : order.currency === 'EUR' ? '€' : '$',
    _links: { self: [{ href: `${self}/${order.id}` }], collection: [{ href: self }] },
  };
}

export function noteJson(note: SimNote) {
  return {
    id: note.id,
    author: note.author,
    date_created: wpDate(note.dateCreated),
    date_created_gmt: wpDate(note.dateCreated),
    note: note.note,
    customer_note: note.customerNote,
  };
}

export function webhookJson(webhook: SimWebhook, urls: StoreUrls) {
  const [resource, event] = webhook.topic.split('.');
  const self = `${urls.origin}/wp-json/wc/v3/webhooks`;
  return {
    id: webhook.id,
    name: webhook.name,
    status: webhook.status,
    topic: webhook.topic,
    resource,
    event,
    hooks: [`woocommerce_${event === 'created' ? 'new' : event}_${resource}`],
    delivery_url: webhook.deliveryUrl,
    ...datesJson(webhook),
    _links: { self: [{ href: `${self}/${webhook.id}` }], collection: [{ href: self }] },
  };
}
