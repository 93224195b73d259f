import { randomBytes } from 'node:crypto';
import { decimalToMinor } from '#common/domain/money';
import { CATALOGUE, STORE_CURRENCY, type CatalogueProduct } from './simulator-catalogue';
import type { NonceLog, WpError } from './simulator-auth';

/**
 * One simulated WooCommerce store's state and the plugin's own rules for it: how an order line finds
 * its product, what `set_paid` does (processing + date_paid + stock reduced) and how status changes move
 * stock back and forth. simulator-json.ts renders this state as the REST API does.
 */

type StockStatus = 'instock' | 'outofstock';

export interface Sellable {
  id: number;
  sku: string;
  status: 'publish' | 'draft' | 'private';
  regularMinor: number | null;
  saleMinor: number | null;
  manageStock: boolean;
  stockQuantity: number | null;
  weightKg: string;
  dateCreated: Date;
  dateModified: Date;
}

export interface SimVariation extends Sellable {
  parentId: number;
  option: string;
}

export interface SimProduct extends Sellable {
  type: 'simple' | 'variable';
  name: string;
  slug: string;
  category: { id: number; name: string; slug: string };
  shortDescription: string;
  description: string;
  attribute: string | null;
  variations: SimVariation[];
  totalSales: number;
}

export interface SimLineItem {
  id: number;
  name: string;
  productId: number;
  variationId: number;
  quantity: number;
  subtotalMinor: number;
  totalMinor: number;
  sku: string;
  metaData: MetaEntry[];
}

export interface MetaEntry {
  id: number;
  key: string;
  value: unknown;
}

export interface SimNote {
  id: number;
  note: string;
  customerNote: boolean;
  author: string;
  dateCreated: Date;
}

export interface SimOrder {
  id: number;
  orderKey: string;
  status: string;
  currency: string;
  customerNote: string;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  paymentMethod: string;
  paymentMethodTitle: string;
  transactionId: string;
  lineItems: SimLineItem[];
  shippingLines: {
    id: number;
    methodId: string;
    methodTitle: string;
    instanceId: string;
    totalMinor: number;
  }[];
  feeLines: { id: number; name: string; totalMinor: number }[];
  metaData: MetaEntry[];
  dateCreated: Date;
  dateModified: Date;
  datePaid: Date | null;
  dateCompleted: Date | null;
  stockReduced: boolean;
  notes: SimNote[];
  /** Absent on orders saved before refunds existed; read it through `refundsOf`. */
  refunds?: SimRefund[];
}

/** One `shop_order_refund`: amounts are positive here and rendered negative, as WooCommerce stores them. */
export interface SimRefund {
  id: number;
  dateCreated: Date;
  amountMinor: number;
  reason: string;
  refundedBy: number;
  refundedPayment: boolean;
  apiRefund: boolean;
  apiRestock: boolean;
  metaData: MetaEntry[];
  lineItems: { id: number; lineItemId: number; quantity: number; totalMinor: number }[];
}

export const refundsOf = (order: SimOrder): SimRefund[] => (order.refunds ??= []);

/** `WC_Order::get_total_refunded`. */
export const totalRefunded = (order: SimOrder) =>
  refundsOf(order).reduce((sum, refund) => sum + refund.amountMinor, 0);

export interface SimWebhook {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  deliveryUrl: string;
  secret: string;
  failures: number;
  dateCreated: Date;
  dateModified: Date;
}

export interface StoreState {
  name: string;
  title: string;
  currency: string;
  products: SimProduct[];
  orders: Map<number, SimOrder>;
  webhooks: Map<number, SimWebhook>;
  nonces: NonceLog;
  nextOrderId: number;
  nextItemId: number;
  nextCommentId: number;
  nextWebhookId: number;
  nextMetaId: number;
}

/** Every core order status with the label its order notes use. */
export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
  'checkout-draft': 'Draft',
  trash: 'Trash',
};

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const ORDER_STATUSES = Object.keys(STATUS_LABELS);

function titleFor(name: string): string {
  if (name === 'demo') return 'Trailhead Outdoor Co.';
  const words = name.split('-').filter(Boolean);
  return `${words.map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`).join(' ')} Outdoors`;
}

function sellable(
  id: number,
  entry: Pick<CatalogueProduct, 'sku' | 'regularPrice' | 'salePrice' | 'stock' | 'weightKg'>,
  status: Sellable['status'],
  created: Date,
): Sellable {
  return {
    id,
    sku: entry.sku,
    status,
    regularMinor: entry.regularPrice ? decimalToMinor(entry.regularPrice) : null,
    saleMinor: entry.salePrice ? decimalToMinor(entry.salePrice) : null,
    manageStock: entry.stock !== undefined,
    stockQuantity: entry.stock ?? null,
    weightKg: entry.weightKg,
    dateCreated: created,
    dateModified: created,
  };
}

/** A fresh store seeded from the catalogue; ids are stable so tests and people can rely on them. */
export function seedStore(name: string): StoreState {
  const categories = [...new Set(CATALOGUE.map((entry) => entry.category))];
  let nextId = 10;
  const products = CATALOGUE.map((entry, index): SimProduct => {
    const created = new Date(Date.UTC(2025, 2, 1 + index, 9, 0, 0));
    const id = nextId++;
    const variations = (entry.variations ?? []).map((variation): SimVariation => ({
      ...sellable(nextId++, { ...variation, weightKg: entry.weightKg }, entry.status ?? 'publish', created),
      parentId: id,
      option: variation.option,
    }));
    const categoryIndex = categories.indexOf(entry.category);
    return {
      ...sellable(id, entry, entry.status ?? 'publish', created),
      type: variations.length ? 'variable' : 'simple',
      name: entry.name,
      slug: slugify(entry.name),
      category: { id: 20 + categoryIndex, name: entry.category, slug: slugify(entry.category) },
      shortDescription: entry.shortDescription,
      description: entry.description,
      attribute: entry.attribute ?? null,
      variations,
      totalSales: 0,
    };
  });
  return {
    name,
    title: titleFor(name),
    currency: STORE_CURRENCY,
    products,
    orders: new Map(),
    webhooks: new Map(),
    nonces: new Map(),
    nextOrderId: 1001,
    nextItemId: 1,
    nextCommentId: 1,
    nextWebhookId: 1,
    nextMetaId: 1,
  };
}

export function stockStatusOf(item: Sellable | SimProduct): StockStatus {
  if ('variations' in item && item.type === 'variable') {
    return item.variations.some((v) => stockStatusOf(v) !== 'outofstock') ? 'instock' : 'outofstock';
  }
  // The seeded products whose stock the shop does not count are all sold as in stock.
  if (!item.manageStock) return 'instock';
  return (item.stockQuantity ?? 0) > 0 ? 'instock' : 'outofstock';
}

export const priceOf = (item: Sellable) => item.saleMinor ?? item.regularMinor;

/** What `wc_get_product_id_by_sku` finds: a product or a variation, in any status but trash. */
export function findBySku(store: StoreState, sku: string): SimProduct | SimVariation | undefined {
  const wanted = sku.toLowerCase();
  for (const product of store.products) {
    if (product.sku.toLowerCase() === wanted) return product;
    const variation = product.variations.find((v) => v.sku.toLowerCase() === wanted);
    if (variation) return variation;
  }
  return undefined;
}

/** What `wc_get_product` finds for an id: a product or a variation. */
export function findById(store: StoreState, id: number): SimProduct | SimVariation | undefined {
  for (const product of store.products) {
    if (product.id === id) return product;
    const variation = product.variations.find((v) => v.id === id);
    if (variation) return variation;
  }
  return undefined;
}

export const parentOf = (store: StoreState, item: SimProduct | SimVariation): SimProduct =>
  'parentId' in item ? store.products.find((p) => p.id === item.parentId)! : item;

function itemName(store: StoreState, item: SimProduct | SimVariation): string {
  return 'parentId' in item ? `${parentOf(store, item).name} - ${item.option}` : item.name;
}

/** The __sim stock control: also how a merchant's stock edit behaves (stock becomes managed). */
export function setStock(item: Sellable, quantity: number): void {
  item.manageStock = true;
  item.stockQuantity = quantity;
  item.dateModified = new Date();
}

export function addNote(
  store: StoreState,
  order: SimOrder,
  note: string,
  customerNote = false,
  author = 'system',
): SimNote {
  const entry = { id: store.nextCommentId++, note, customerNote, author, dateCreated: new Date() };
  order.notes.push(entry);
  return entry;
}

/** Stock moves with the order, once: `wc_maybe_reduce_stock_levels` / `wc_maybe_increase_stock_levels`. */
function moveStock(store: StoreState, order: SimOrder, direction: -1 | 1): void {
  const changes: string[] = [];
  for (const line of order.lineItems) {
    const item = findById(store, line.variationId || line.productId);
    if (!item) continue;
    parentOf(store, item).totalSales += -direction * line.quantity;
    if (!item.manageStock) continue;
    const before = item.stockQuantity ?? 0;
    item.stockQuantity = before + direction * line.quantity;
    item.dateModified = new Date();
    changes.push(`${itemName(store, item)} (${item.sku}) ${before}&rarr;${item.stockQuantity}`);
  }
  order.stockReduced = direction === -1;
  if (changes.length) {
    addNote(
      store,
      order,
      `Stock levels ${direction === -1 ? 'reduced' : 'increased'}: ${changes.join(', ')}`,
    );
  }
}

/** What the order comes to: lines, shipping and fees (the simulated stores charge no tax). */
export const orderTotal = (order: SimOrder) =>
  order.lineItems.reduce((sum, line) => sum + line.totalMinor, 0) +
  order.shippingLines.reduce((sum, line) => sum + line.totalMinor, 0) +
  order.feeLines.reduce((sum, line) => sum + line.totalMinor, 0);

/** `WC_Order::needs_payment`. */
export const needsPayment = (order: SimOrder) =>
  ['pending', 'failed'].includes(order.status) && orderTotal(order) > 0;

/** A status change and everything WooCommerce hangs off it. */
export function setOrderStatus(store: StoreState, order: SimOrder, status: string): void {
  if (order.status === status) return;
  const from = order.status;
  order.status = status;
  order.dateModified = new Date();
  if (['processing', 'completed'].includes(status)) order.datePaid ??= new Date();
  if (status === 'completed') order.dateCompleted = new Date();
  addNote(
    store,
    order,
    `Order status changed from ${STATUS_LABELS[from] ?? from} to ${STATUS_LABELS[status] ?? status}.`,
  );
  if (['processing', 'completed', 'on-hold'].includes(status) && !order.stockReduced)
    moveStock(store, order, -1);
  if (['cancelled', 'pending'].includes(status) && order.stockReduced) moveStock(store, order, 1);
}

/** `WC_Order::payment_complete`: only from a status that can still be paid. */
function paymentComplete(store: StoreState, order: SimOrder, transactionId: string | undefined): void {
  if (!['on-hold', 'pending', 'failed', 'cancelled'].includes(order.status)) return;
  if (transactionId) order.transactionId = transactionId;
  order.datePaid = new Date();
  setOrderStatus(store, order, 'processing');
}

/** WordPress's answer to a request parameter that fails its schema. */
export const invalidParam = (name: string, why: string): WpError => ({
  status: 400,
  code: 'rest_invalid_param',
  message: `Invalid parameter(s): ${name}`,
  params: { [name]: why },
});

/** A posted money amount (WooCommerce takes decimal strings, and numbers too) in minor units. */
function amount(value: unknown, name: string): number | WpError {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return invalidParam(name, `${name} is not of type string.`);
  }
  try {
    return value === '' ? 0 : decimalToMinor(value);
  } catch {
    return invalidParam(name, `${name} is not a valid amount.`);
  }
}

const isError = (value: unknown): value is WpError =>
  typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
/** A JSON object from an untyped body, or an empty one. */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'phone',
];

function address(
  value: unknown,
  current: Record<string, string>,
  withEmail: boolean,
): Record<string, string> {
  const posted = record(value);
  const fields = withEmail ? [...ADDRESS_FIELDS, 'email'] : ADDRESS_FIELDS;
  return Object.fromEntries(fields.map((f) => [f, f in posted ? text(posted[f]) : (current[f] ?? '')]));
}

export function applyMeta(store: StoreState, target: MetaEntry[], value: unknown): void {
  for (const entry of list(value).map(record)) {
    if (typeof entry.key !== 'string') continue;
    const existing = target.find((m) => (entry.id !== undefined && m.id === entry.id) || m.key === entry.key);
    if (existing) existing.value = entry.value ?? null;
    else target.push({ id: store.nextMetaId++, key: entry.key, value: entry.value ?? null });
  }
}

/** What a line item that names no existing product turns into. */
export type UnknownProductBehaviour = 'empty_line' | 'reject';

function lineItem(
  store: StoreState,
  posted: Record<string, unknown>,
  index: number,
  unknownProduct: UnknownProductBehaviour,
): SimLineItem | WpError {
  const sku = text(posted.sku);
  const productId = Number(posted.product_id ?? 0) || 0;
  const variationId = Number(posted.variation_id ?? 0) || 0;
  // get_product_id_from_line_item: a SKU wins, then the product id, then the variation id.
  let item: SimProduct | SimVariation | undefined;
  if (sku) item = findBySku(store, sku);
  else if (productId && !variationId) item = findById(store, productId);
  else if (variationId) item = findById(store, variationId);
  else
    return {
      status: 400,
      code: 'woocommerce_rest_required_product_reference',
      message: 'Product ID or SKU is required.',
    };
  if (!item && unknownProduct === 'reject') {
    return {
      status: 400,
      code: 'woocommerce_rest_invalid_product_id',
      message: 'Invalid product ID or SKU.',
    };
  }
  const quantity = posted.quantity === undefined ? 1 : Number(posted.quantity);
  if (!Number.isInteger(quantity)) {
    return invalidParam('line_items', `line_items[${index}][quantity] is not of type integer.`);
  }
  // A resolved product prices the line at catalogue price x quantity; posted amounts then override.
  const catalogue = item ? (priceOf(item) ?? 0) * quantity : 0;
  const total = posted.total === undefined ? catalogue : amount(posted.total, 'total');
  if (isError(total)) return total;
  const subtotal = posted.subtotal === undefined ? catalogue : amount(posted.subtotal, 'subtotal');
  if (isError(subtotal)) return subtotal;
  const line: SimLineItem = {
    id: store.nextItemId++,
    name: item ? itemName(store, item) : text(posted.name),
    productId: item ? parentOf(store, item).id : 0,
    variationId: item && 'parentId' in item ? item.id : 0,
    quantity,
    subtotalMinor: subtotal,
    totalMinor: total,
    sku: item?.sku ?? '',
    metaData: [],
  };
  applyMeta(store, line.metaData, posted.meta_data);
  return line;
}

function checkStatus(value: unknown): WpError | null {
  if (value === undefined || ORDER_STATUSES.includes(text(value))) return null;
  return invalidParam('status', `status is not one of ${ORDER_STATUSES.join(', ')}.`);
}

/** `POST /wc/v3/orders`: validates like the plugin, saves, then runs `set_paid`. */
export function createOrder(
  store: StoreState,
  body: Record<string, unknown>,
  unknownProduct: UnknownProductBehaviour,
): SimOrder | WpError {
  const statusError = checkStatus(body.status);
  if (statusError) return statusError;
  if (body.customer_id !== undefined && Number(body.customer_id) !== 0) {
    return { status: 400, code: 'woocommerce_rest_invalid_customer_id', message: 'Customer ID is invalid.' };
  }
  const currency = body.currency === undefined ? store.currency : text(body.currency);
  if (!/^[A-Z]{3}$/.test(currency))
    return { status: 400, code: 'order_invalid_currency', message: 'Invalid currency code' };

  const lineItems: SimLineItem[] = [];
  for (const [index, posted] of list(body.line_items).map(record).entries()) {
    const line = lineItem(store, posted, index, unknownProduct);
    if (isError(line)) return line;
    lineItems.push(line);
  }
  const shippingLines: SimOrder['shippingLines'] = [];
  for (const posted of list(body.shipping_lines).map(record)) {
    if (!text(posted.method_id)) {
      return {
        status: 400,
        code: 'woocommerce_rest_invalid_shipping_item',
        message: 'Shipping method ID is required.',
      };
    }
    const total = amount(posted.total ?? '0', 'total');
    if (isError(total)) return total;
    shippingLines.push({
      id: store.nextItemId++,
      methodId: text(posted.method_id),
      methodTitle: text(posted.method_title),
      instanceId: text(posted.instance_id),
      totalMinor: total,
    });
  }
  const feeLines: SimOrder['feeLines'] = [];
  for (const posted of list(body.fee_lines).map(record)) {
    if (!text(posted.name))
      return { status: 400, code: 'woocommerce_rest_invalid_fee_item', message: 'Fee name is required.' };
    const total = amount(posted.total ?? '0', 'total');
    if (isError(total)) return total;
    feeLines.push({ id: store.nextItemId++, name: text(posted.name), totalMinor: total });
  }

  const now = new Date();
  const order: SimOrder = {
    id: store.nextOrderId++,
    orderKey: `wc_order_${randomBytes(7).toString('base64url').slice(0, 13)}`,
    status: 'pending',
    currency,
    customerNote: text(body.customer_note),
    billing: address(body.billing, {}, true),
    shipping: address(body.shipping, {}, false),
    paymentMethod: text(body.payment_method),
    paymentMethodTitle: text(body.payment_method_title),
    transactionId: text(body.transaction_id),
    lineItems,
    shippingLines,
    feeLines,
    metaData: [],
    dateCreated: now,
    dateModified: now,
    datePaid: null,
    dateCompleted: null,
    stockReduced: false,
    notes: [],
  };
  applyMeta(store, order.metaData, body.meta_data);
  store.orders.set(order.id, order);
  if (body.status !== undefined) setOrderStatus(store, order, text(body.status));
  if (body.set_paid === true) paymentComplete(store, order, text(body.transaction_id) || undefined);
  return order;
}

/** `PUT /wc/v3/orders/{id}`: status first, then `set_paid` only if the order still needs payment. */
export function updateOrder(
  store: StoreState,
  order: SimOrder,
  body: Record<string, unknown>,
): SimOrder | WpError {
  const statusError = checkStatus(body.status);
  if (statusError) return statusError;
  if (body.billing !== undefined) order.billing = address(body.billing, order.billing, true);
  if (body.shipping !== undefined) order.shipping = address(body.shipping, order.shipping, false);
  if (body.payment_method !== undefined) order.paymentMethod = text(body.payment_method);
  if (body.payment_method_title !== undefined) order.paymentMethodTitle = text(body.payment_method_title);
  if (body.transaction_id !== undefined) order.transactionId = text(body.transaction_id);
  if (body.customer_note !== undefined) order.customerNote = text(body.customer_note);
  applyMeta(store, order.metaData, body.meta_data);
  order.dateModified = new Date();
  if (body.status !== undefined) setOrderStatus(store, order, text(body.status));
  if (body.set_paid === true && needsPayment(order)) {
    paymentComplete(store, order, text(body.transaction_id) || undefined);
  }
  return order;
}
