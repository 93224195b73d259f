import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import type {
  PostalAddress,
  StoreOrder,
  StoreOrderInput,
  StoreOrderStatus,
  StoreProduct,
} from '../store-platform';
import type { WooOrder, WooProduct, WooVariation } from './api';

/**
 * WooCommerce order statuses -> ours. `on-hold` waits for a manual payment check and `checkout-draft` is
 * a block-checkout cart, so both are still pending; a trashed order is as good as cancelled. Statuses
 * added by plugins (e.g. "shipped") are unknown here and read as pending.
 */
const ORDER_STATUS: Record<string, StoreOrderStatus> = {
  pending: 'pending',
  processing: 'paid',
  'on-hold': 'pending',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
  'checkout-draft': 'pending',
  trash: 'cancelled',
};

export const WOOCOMMERCE_ORDER_STATUSES = Object.keys(ORDER_STATUS);

export function mapWoocommerceOrderStatus(status: string): StoreOrderStatus {
  return ORDER_STATUS[status] ?? 'pending';
}

/** Ours -> the WooCommerce status an order is moved to (`PUT orders/{id}`). */
export const WOOCOMMERCE_STATUS_FOR: Record<StoreOrderStatus, string> = {
  pending: 'pending',
  paid: 'processing',
  fulfilled: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  pound: '£',
  euro: '€',
  hellip: '…',
};

/** WordPress stores titles and descriptions as HTML with entities; agents want plain text. */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/**
 * "21.99" -> 2199. "" means the product has no price; a price with more decimals than the currency has
 * (a store set to 3 price decimals) cannot be charged exactly, so it is treated as no price either.
 */
export function priceToMinor(price: string | null | undefined): number | null {
  if (!price?.trim()) return null;
  try {
    return decimalToMinor(price);
  } catch {
    return null;
  }
}

function stock(item: Pick<WooProduct, 'manage_stock' | 'stock_quantity' | 'stock_status'>) {
  return {
    stockQuantity: item.manage_stock !== false ? (item.stock_quantity ?? null) : null,
    // Backorders can still be bought and shipped later, which is what "in stock" means to a buyer.
    inStock: item.stock_status === 'instock' || item.stock_status === 'onbackorder',
  };
}

/**
 * A top-level product. A variable product is only a container: it cannot be bought without choosing a
 * variation, so it carries no price (its variations are reached by SKU, see findProductBySku).
 */
export function toStoreProduct(product: WooProduct, currency: string | null): StoreProduct {
  return {
    id: String(product.id),
    variantId: null,
    sku: product.sku || null,
    name: plainText(product.name) ?? `Product ${product.id}`,
    description: plainText(product.short_description) ?? plainText(product.description),
    priceMinor: product.type === 'variable' ? null : priceToMinor(product.price),
    currency,
    ...stock(product),
    imageUrls: product.images.map((image) => image.src),
    url: product.permalink || null,
    categories: product.categories.map((category) => plainText(category.name) ?? category.name),
    ...(product.type === 'variable' ? { variantCount: product.variations.length } : {}),
  };
}

/** One variation of a variable product, named after its parent and its options ("Tent – Green"). */
export function toStoreVariation(
  parent: WooProduct,
  variation: WooVariation,
  currency: string | null,
): StoreProduct {
  const { variantCount: _container, ...base } = toStoreProduct(parent, currency);
  const options = variation.attributes.map((attribute) => attribute.option).filter(Boolean);
  return {
    ...base,
    productName: base.name,
    options: variation.attributes
      .filter((attribute) => attribute.option)
      .map((attribute) => ({ name: attribute.name, value: attribute.option })),
    variantId: String(variation.id),
    sku: variation.sku || null,
    name: options.length ? `${base.name} – ${options.join(', ')}` : base.name,
    description: plainText(variation.description) ?? base.description,
    priceMinor: priceToMinor(variation.price),
    ...stock(variation),
    imageUrls: variation.image ? [variation.image.src] : base.imageUrls,
    url: variation.permalink || base.url,
  };
}

export function toStoreOrder(order: WooOrder): StoreOrder {
  const id = String(order.id);
  return {
    id,
    number: order.number && order.number !== id ? order.number : null,
    status: mapWoocommerceOrderStatus(order.status),
    storeStatus: order.status,
    totalMinor: priceToMinor(order.total),
    currency: order.currency || null,
    raw: order,
  };
}

/** WooCommerce keeps first and last names apart; a buyer gives one name ("Ada King Lovelace"). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

function address(name: string, address: PostalAddress) {
  return {
    ...splitName(name),
    address_1: address.line1,
    address_2: address.line2 ?? '',
    city: address.city,
    state: address.region ?? '',
    postcode: address.postalCode,
    country: address.country.toUpperCase(),
    phone: address.phone ?? '',
  };
}

/** Meta keys we write on every order, so the merchant (and reconciliation) can trace it back. */
export const CHECKOUT_META_KEY = '_agentcart_checkout_id';
export const PROVIDER_META_KEY = '_agentcart_payment_provider';

const METHOD_LABEL = { card: 'Card', lightning: 'Bitcoin Lightning' } as const;

/**
 * The `POST orders` body. Line totals are what the buyer was charged, sent explicitly so a catalogue
 * price change between offer and order cannot make the store record a different amount.
 */
export function orderBody(input: StoreOrderInput) {
  const { payment } = input;
  return {
    currency: input.currency.toUpperCase(),
    customer_id: 0,
    payment_method: payment.provider,
    payment_method_title: `${METHOD_LABEL[payment.method]} (${payment.provider}) via AI agent checkout`,
    transaction_id: payment.transactionId,
    set_paid: payment.paid,
    billing: {
      ...address(input.buyer.name, input.billingAddress),
      email: input.buyer.email,
      phone: input.buyer.phone ?? input.billingAddress.phone ?? '',
    },
    shipping: address(input.shippingAddress.name, input.shippingAddress),
    line_items: input.lines.map((line) => {
      const total = minorToDecimal(line.unitPriceMinor * line.quantity);
      return {
        product_id: Number(line.productId),
        ...(line.variantId ? { variation_id: Number(line.variantId) } : {}),
        ...(line.sku ? { sku: line.sku } : {}),
        quantity: line.quantity,
        subtotal: total,
        total,
      };
    }),
    shipping_lines: input.shipping
      ? [
          {
            method_id: input.shipping.methodId,
            method_title: input.shipping.label,
            total: minorToDecimal(input.shipping.amountMinor),
          },
        ]
      : [],
    meta_data: [
      { key: CHECKOUT_META_KEY, value: input.reference },
      { key: PROVIDER_META_KEY, value: payment.provider },
    ],
  };
}
