/**
 * `npm run demo:agent`: plays an AI shopping agent against a running AgentCart (sandbox mode), printing
 * every request and answer.
 *
 * The documented agent API (default):
 *   1. card:      offer -> checkout with a Shared Payment Token -> confirm -> order -> the store's order
 *   2. Lightning: offer -> checkout (btc) -> pay the invoice -> poll confirm -> order -> the store's order
 *
 * The Agentic Commerce Protocol (--acp), after reading /.well-known/acp.json:
 *   1. 2026-04-17 card:      create -> update (express shipping) -> complete (card_spt handler) -> the store's order
 *   2. 2026-04-17 Lightning: create -> pay the bitcoin_lightning handler's invoice -> poll complete -> the store's order
 *   3. 2025-09-29 card:      create with the address -> complete with a Shared Payment Token
 *
 * The Universal Commerce Protocol (--ucp), after reading /.well-known/ucp, the agent simulator playing the platform:
 *   UCP 2026-04-08 card: create -> update (express shipping) -> complete (com.stripe.shared_payment_token),
 *   repeated with the same Idempotency-Key -> GET /ucp/orders/{id} -> the store's order -> the signed order
 *   webhook the platform received (and verified with the business profile's signing key)
 *
 * ACP over MCP (--mcp): the official MCP SDK's client at /mcp (Streamable HTTP, the API key as Bearer):
 *   2026-04-17 card: list the tools -> create_checkout_session -> update (express) -> complete (card_spt),
 *   repeated with the same meta.idempotency_key -> get_checkout_session -> the store's order
 *
 * Usage: npm run demo:agent -- [--acp | --ucp | --mcp] [--url http://localhost:3000] [--key ak_test_...]
 * The key is --key, else $AGENTCART_API_KEY, else apiKey in $DATA_DIR/demo.json (DATA_DIR default ./data).
 * An instance with a sandbox access secret needs it in $SANDBOX_ACCESS_SECRET (its /__sim requires it).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sandboxAccessHeaders } from '../server/lib/sandbox-access';

const USAGE = `Usage: npm run demo:agent -- [--acp | --ucp | --mcp] [--url <base URL>] [--key <API key>]

  --url   the running AgentCart instance (default http://localhost:3000; --base-url is the same)
  --key   the merchant API key (default: $AGENTCART_API_KEY, else apiKey in $DATA_DIR/demo.json)
  --acp   buy through the Agentic Commerce Protocol (ACP 2026-04-17 and 2025-09-29) instead of the
          documented agent API
  --ucp   buy by card through the Universal Commerce Protocol (UCP 2026-04-08, REST), the agent
          simulator playing the platform that receives and verifies the signed order webhooks
  --mcp   buy by card through ACP's MCP binding (tools at /mcp, the official MCP SDK client)
  --help  this text

  SANDBOX_ACCESS_SECRET  the instance's, when it has one (its /__sim and simulator controls need it)`;

const POLL_INTERVAL_MS = 3_000;
const MAX_POLLS = 20;
const SHIP_TO = { country: 'GB', postcode: 'SW1A 1AA' };
const BUYER = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA', country: 'GB' },
};

// ---------------------------------------------------------------------------------------------------
// Output

const useColour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code: string) => (text: string) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);
const c = {
  bold: paint('1'),
  dim: paint('2'),
  red: paint('31'),
  green: paint('32'),
  yellow: paint('33'),
  blue: paint('34'),
  cyan: paint('36'),
};

const indent = (text: string, by = '    ') =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
const json = (value: unknown) => JSON.stringify(value, null, 2);

function heading(text: string) {
  console.log(`\n${c.bold(c.blue(`━━ ${text} `.padEnd(100, '━')))}`);
}
function note(text: string) {
  console.log(c.dim(`  ${text}`));
}
function statusColour(status: number) {
  return status < 300 ? c.green : status < 500 ? c.yellow : c.red;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

/** A step went wrong: the message says which and what to do. */
class DemoError extends Error {}

interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Headers printed with the request (secrets masked). */
  shownHeaders?: Record<string, string>;
  /** Prints this instead of the whole response body (for long simulator listings). */
  summary?: (body: unknown) => unknown;
  /** Response headers printed when present. */
  shownResponseHeaders?: string[];
}

/** One HTTP call, printed as it goes: request line, headers worth seeing, body; status, time, body. */
async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  shownAs: string,
  opts: CallOptions = {},
): Promise<Reply<T>> {
  console.log(`\n  ${c.bold(c.cyan(`→ ${method} ${shownAs}`))}`);
  for (const [name, value] of Object.entries(opts.shownHeaders ?? {})) note(`  ${name}: ${value}`);
  if (opts.body !== undefined) console.log(indent(json(opts.body)));
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new DemoError(
      `Cannot reach ${new URL(url).origin} (${cause?.code ?? cause?.message ?? String(err)}).`,
    );
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as text.
  }
  const ms = Math.round(performance.now() - started);
  console.log(
    `  ${c.bold(statusColour(res.status)(`← ${res.status} ${res.statusText}`))} ${c.dim(`${ms} ms`)}`,
  );
  for (const name of opts.shownResponseHeaders ?? []) {
    const value = res.headers.get(name);
    if (value) note(`  ${name}: ${value}`);
  }
  const shown = opts.summary && res.ok ? opts.summary(body) : body;
  console.log(indent(typeof shown === 'string' ? shown : json(shown)));
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Both error shapes: the agent API's `{error, error_code}` and ACP's `{type, code, message}`. */
function expectStatus(reply: Reply<unknown>, expected: number[], step: string) {
  if (expected.includes(reply.status)) return;
  const body = reply.body as { error?: string; error_code?: string; code?: string; message?: string } | null;
  const reason = body?.error_code
    ? `${body.error_code}: ${body.error}`
    : body?.code
      ? `${body.code}: ${body.message}`
      : JSON.stringify(reply.body);
  throw new DemoError(`${step} failed with HTTP ${reply.status} (${reason}).`);
}

// ---------------------------------------------------------------------------------------------------
// The instance, its key and its simulators

interface Target {
  baseUrl: string;
  apiKey: string;
}

function readOptions(): { target: Target; acp: boolean; ucp: boolean; mcp: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        'base-url': { type: 'string' },
        key: { type: 'string' },
        acp: { type: 'boolean', default: false },
        ucp: { type: 'boolean', default: false },
        mcp: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const url = values.url ?? values['base-url'] ?? 'http://localhost:3000';
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    console.error(`--url must be an http(s) URL, not ${url}\n\n${USAGE}`);
    process.exit(2);
  }
  const baseUrl = url.replace(/\/+$/, '');
  return {
    target: { baseUrl, apiKey: values.key ?? process.env.AGENTCART_API_KEY ?? demoApiKey() },
    acp: values.acp,
    ucp: values.ucp,
    mcp: values.mcp,
  };
}

function demoApiKey(): string {
  const file = path.resolve(process.env.DATA_DIR ?? './data', 'demo.json');
  if (!existsSync(file))
    throw new DemoError(
      `No API key: pass --key, set AGENTCART_API_KEY, or point DATA_DIR at the instance's data directory (${file} was not found).`,
    );
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { apiKey?: unknown };
  if (typeof saved.apiKey === 'string') return saved.apiKey;
  throw new DemoError(`No API key in ${file}: pass --key or set AGENTCART_API_KEY.`);
}

const masked = (key: string) => `${key.slice(0, 12)}…${key.slice(-4)}`;

/** The documented agent API, authenticated with the merchant's key. */
function agentApi(target: Target) {
  const auth = { authorization: `Bearer ${target.apiKey}` };
  return <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    apiPath: string,
    body?: unknown,
    idempotencyKey?: string,
  ) => {
    const idem: Record<string, string> = idempotencyKey ? { 'idempotency-key': idempotencyKey } : {};
    return call<T>(method, `${target.baseUrl}${apiPath}`, apiPath, {
      body,
      headers: { ...auth, ...idem },
      shownHeaders: { Authorization: `Bearer ${masked(target.apiKey)}`, ...idem },
    });
  };
}
type AgentApi = ReturnType<typeof agentApi>;

interface Simulators {
  stripe: string;
  /** The AI agent platform simulator (ACP webhooks receiver, UCP platform). */
  agent: string;
  opennode: string;
  woocommerce: string;
  /** The demo store's sandbox credentials, from the WooCommerce simulator's GET /__sim. */
  woo: { storeUrl: string; consumerKey: string; consumerSecret: string };
}

/** What every call to a sandbox surface (`/__sim`) carries: the instance's access secret, if it has one. */
const sandboxAccess: Pick<CallOptions, 'headers' | 'shownHeaders'> = process.env.SANDBOX_ACCESS_SECRET
  ? {
      headers: sandboxAccessHeaders(process.env.SANDBOX_ACCESS_SECRET),
      shownHeaders: { 'X-Sandbox-Access': '(SANDBOX_ACCESS_SECRET)' },
    }
  : {};

/** The instance answers and runs in sandbox mode (it lists its simulators at GET /__sim). */
async function discoverSimulators(target: Target): Promise<Simulators> {
  heading('The instance and its simulators (sandbox only)');
  const status = await call('GET', `${target.baseUrl}/api/status`, '/api/status', {
    summary: (body) => {
      const { status: health, mode, version } = body as Record<string, unknown>;
      return { status: health, mode, version, '…': '(trimmed)' };
    },
  }).catch((err) => {
    if (err instanceof DemoError)
      throw new DemoError(`${err.message} Is AgentCart running? Start it with \`npm start\`, or pass --url.`);
    throw err;
  });
  expectStatus(status, [200], 'The health check');
  const list = await call<Record<string, { baseUrl: string } | undefined>>(
    'GET',
    `${target.baseUrl}/__sim`,
    '/__sim',
    {
      ...sandboxAccess,
      summary: (body) =>
        Object.entries(body as Record<string, { baseUrl: string }>)
          .map(([id, sim]) => `${id.padEnd(12)} ${sim.baseUrl}`)
          .join('\n'),
    },
  );
  if (list.status === 401)
    throw new DemoError(
      "This sandbox asks for its access secret: run the demo with SANDBOX_ACCESS_SECRET set to the instance's.",
    );
  const base = (id: string) => {
    const url = list.status === 200 ? list.body[id]?.baseUrl : undefined;
    if (!url)
      throw new DemoError(
        'This instance lists no simulators at /__sim: the demo needs an instance in sandbox mode.',
      );
    return url;
  };
  const woocommerce = base('woocommerce');
  const wooInfo = await call<{ credentials: Simulators['woo'] }>(
    'GET',
    `${woocommerce}/__sim`,
    `${woocommerce}/__sim`,
    {
      ...sandboxAccess,
      summary: (body) => ({ credentials: (body as { credentials: unknown }).credentials, controls: '…' }),
    },
  );
  expectStatus(wooInfo, [200], 'Reading the WooCommerce simulator controls');
  return {
    stripe: base('stripe'),
    agent: base('agent'),
    opennode: base('opennode'),
    woocommerce,
    woo: wooInfo.body.credentials,
  };
}

/** POST <simulator>/__sim/<control>: sandbox-only switches that stand in for a buyer or a provider. */
async function simControl<T = Record<string, unknown>>(
  simBase: string,
  control: string,
  body: unknown,
  opts: Pick<CallOptions, 'summary'> = {},
) {
  const reply = await call<T>('POST', `${simBase}/__sim/${control}`, `${simBase}/__sim/${control}`, {
    body,
    ...sandboxAccess,
    ...opts,
  });
  expectStatus(reply, [200, 201], `The simulator control ${control}`);
  return reply.body;
}

// ---------------------------------------------------------------------------------------------------
// The store (WooCommerce simulator)

interface WooProduct {
  sku: string;
  name: string;
  type: string;
  status: string;
  price: string;
  purchasable: boolean;
  stock_status: string;
  stock_quantity: number | null;
}

/** One more simple, published, in-stock product of the store's catalogue, through its REST API. */
async function pickCatalogueSku(sims: Simulators): Promise<string> {
  heading('Browse the store catalogue (WooCommerce REST API, sandbox credentials)');
  const { storeUrl, consumerKey, consumerSecret } = sims.woo;
  const apiPath = '/wp-json/wc/v3/products?status=publish&type=simple&per_page=100';
  const reply = await call<WooProduct[]>('GET', `${sims.woocommerce}${apiPath}`, `${storeUrl}${apiPath}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
      // The simulator is the store behind a TLS proxy: Basic auth is accepted over "HTTPS".
      'x-forwarded-proto': 'https',
      'x-forwarded-host': new URL(storeUrl).host,
    },
    shownHeaders: { Authorization: `Basic ${masked(consumerKey)}:…` },
    summary: (body) =>
      (body as WooProduct[]).map((p) => `${p.sku.padEnd(18)} ${p.price.padStart(7)}  ${p.name}`).join('\n'),
  });
  expectStatus(reply, [200], 'Listing the store products');
  const pick = reply.body.find(
    (p) =>
      p.sku &&
      p.sku !== 'TEST-PRODUCT-001' &&
      p.status === 'publish' &&
      p.purchasable &&
      p.price !== '' &&
      p.stock_status === 'instock' &&
      (p.stock_quantity === null || p.stock_quantity >= 1),
  );
  if (!pick) throw new DemoError('The store has no other purchasable product in stock.');
  note(`Picked ${pick.sku} (${pick.name}) to add to the basket.`);
  return pick.sku;
}

interface WooOrder {
  id: number;
  status: string;
  currency: string;
  total: string;
  shipping_total: string;
  payment_method_title: string;
  transaction_id: string;
  billing: { first_name: string; last_name: string; email: string };
  line_items: { sku: string; name: string; quantity: number; total: string }[];
  meta_data: { key: string; value: unknown }[];
}

/**
 * The order as the merchant sees it in their store, found by the checkout id AgentCart wrote on it, or
 * (ACP, which names the store's order in `order.order_number`) by its store order id.
 */
async function showStoreOrder(sims: Simulators, by: { checkoutId: string } | { storeOrderId: string }) {
  heading('The order in the merchant’s store (WooCommerce simulator)');
  const { orders } = await simControl<{ orders: WooOrder[] }>(
    sims.woocommerce,
    'orders',
    {},
    {
      summary: (body) => `${(body as { orders: unknown[] }).orders.length} orders in the store`,
    },
  );
  const order = orders.find((o) =>
    'storeOrderId' in by
      ? String(o.id) === by.storeOrderId
      : o.meta_data.some((m) => m.key === '_agentcart_checkout_id' && m.value === by.checkoutId),
  );
  if (!order) {
    throw new DemoError(
      'storeOrderId' in by
        ? `The store has no order #${by.storeOrderId}.`
        : `The store has no order for checkout ${by.checkoutId}.`,
    );
  }
  const checkoutMeta = order.meta_data.find((m) => m.key === '_agentcart_checkout_id')?.value;
  note(`Store order #${order.id} (meta _agentcart_checkout_id = ${String(checkoutMeta)}):`);
  console.log(
    indent(
      json({
        id: order.id,
        status: order.status,
        total: `${order.total} ${order.currency}`,
        shipping_total: order.shipping_total,
        payment_method_title: order.payment_method_title,
        transaction_id: order.transaction_id,
        billing: order.billing && {
          name: `${order.billing.first_name} ${order.billing.last_name}`,
          email: order.billing.email,
        },
        line_items: order.line_items.map(({ sku, name, quantity, total }) => ({
          sku,
          name,
          quantity,
          total,
        })),
        meta_data: order.meta_data.filter((m) => m.key.startsWith('_agentcart')),
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// The agent's steps

interface Offer {
  offer_id: string;
  total: number;
  currency: string;
  subtotal: number;
  shipping_options: { id: string; price: number }[];
}

async function requestOffer(agent: AgentApi, items: { sku: string; quantity: number }[]) {
  const reply = await agent<Offer>('POST', '/api/agent/offer', { items, shipping_to: SHIP_TO });
  if (reply.status === 401)
    throw new DemoError('The API key was refused (401): pass a current key with --key or AGENTCART_API_KEY.');
  expectStatus(reply, [200], 'The offer');
  return reply.body;
}

/** The agent picks the first (cheapest) shipping option and pays exactly the offer's total for it. */
function chosenShipping(offer: Offer) {
  const option = offer.shipping_options[0];
  if (!option) throw new DemoError('The offer has no shipping option.');
  return { id: option.id, amount: offer.subtotal + option.price };
}

async function getOrder(agent: AgentApi, orderId: string) {
  const reply = await agent('GET', `/api/agent/order/${orderId}`);
  expectStatus(reply, [200], 'Reading the order');
}

async function cardScenario(agent: AgentApi, sims: Simulators) {
  const extraSku = await pickCatalogueSku(sims);
  heading('Scenario 1: card payment with a Shared Payment Token');
  const offer = await requestOffer(agent, [
    { sku: 'TEST-PRODUCT-001', quantity: 2 },
    { sku: extraSku, quantity: 1 },
  ]);
  const shipping = chosenShipping(offer);

  note('SANDBOX ONLY: in real life the buyer’s AI assistant (e.g. ChatGPT) hands the agent a Shared');
  note('Payment Token; here the Stripe simulator mints one, limited to this amount and currency.');
  const token = await simControl<{ id: string }>(
    sims.stripe,
    'granted_tokens',
    { currency: offer.currency.toLowerCase(), max_amount: shipping.amount },
    {
      summary: (body) => {
        const { id, object, usage_limits } = body as Record<string, unknown>;
        return { id, object, usage_limits, '…': '(card details trimmed)' };
      },
    },
  );

  const checkout = await agent<{ checkout_id: string; status: string }>(
    'POST',
    '/api/agent/checkout',
    {
      offer_id: offer.offer_id,
      shipping_option_id: shipping.id,
      buyer: BUYER,
      payment: {
        method: 'stripe',
        shared_payment_token: token.id,
        amount: shipping.amount,
        currency: offer.currency,
      },
    },
    randomUUID(),
  );
  expectStatus(checkout, [201], 'The card checkout');

  const confirm = await agent<{ order_id: string; status: string }>(
    'POST',
    '/api/agent/confirm',
    { checkout_id: checkout.body.checkout_id, commit: true },
    randomUUID(),
  );
  expectStatus(confirm, [200], 'Confirming the card checkout');
  if (confirm.body.status !== 'ACCEPTED')
    throw new DemoError(`The card checkout ended ${confirm.body.status}, not ACCEPTED.`);
  await getOrder(agent, confirm.body.order_id);
  await showStoreOrder(sims, { checkoutId: checkout.body.checkout_id });
}

interface BtcCheckout {
  checkout_id: string;
  btc: { payment_request: string | null; payment_url: string | null; expires_at: string };
}

type Settlement = { status: 'ACCEPTED'; orderId: string } | { status: 'DECLINED'; reason: string };

/**
 * As agents are told to, poll confirm every 3 s until ACCEPTED or DECLINED (402 PAYMENT_EXPIRED /
 * PAYMENT_DECLINED).
 */
async function pollConfirm(agent: AgentApi, checkoutId: string): Promise<Settlement> {
  for (let poll = 1; poll <= MAX_POLLS; poll += 1) {
    note(`Poll ${poll}/${MAX_POLLS}`);
    const reply = await agent<{ status?: string; order_id?: string; error_code?: string }>(
      'POST',
      '/api/agent/confirm',
      { checkout_id: checkoutId },
    );
    expectStatus(reply, [200, 402], 'Polling confirm');
    if (reply.status === 402) return { status: 'DECLINED', reason: reply.body.error_code ?? 'declined' };
    if (reply.body.status === 'ACCEPTED') return { status: 'ACCEPTED', orderId: reply.body.order_id! };
    if (poll < MAX_POLLS) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new DemoError(`The invoice was still unpaid after ${MAX_POLLS} polls.`);
}

async function lightningScenario(agent: AgentApi, sims: Simulators) {
  heading('Scenario 2: Bitcoin Lightning');
  const offer = await requestOffer(agent, [{ sku: 'TEST-PRODUCT-001', quantity: 1 }]);
  const checkout = await agent<BtcCheckout>(
    'POST',
    '/api/agent/checkout',
    { offer_id: offer.offer_id, buyer: BUYER, payment: { method: 'btc' } },
    randomUUID(),
  );
  expectStatus(checkout, [201], 'The Lightning checkout');
  const { payment_request: invoice, payment_url: paymentUrl, expires_at: expiresAt } = checkout.body.btc;
  if (!invoice || !paymentUrl) throw new DemoError('The Lightning checkout returned no invoice.');
  console.log(`\n  ${c.bold('Pay this Lightning invoice (BOLT11), before')} ${expiresAt}:`);
  console.log(`    ${c.yellow(invoice)}`);
  console.log(`  ${c.bold('or open the payment page:')} ${paymentUrl}`);

  const invoiceId = new URL(paymentUrl).pathname.split('/').filter(Boolean).pop()!;
  note(`SANDBOX ONLY: the buyer's wallet pays invoice ${invoiceId} through the OpenNode simulator.`);
  await simControl(sims.opennode, `charges/${encodeURIComponent(invoiceId)}/pay`, {});

  const settlement = await pollConfirm(agent, checkout.body.checkout_id);
  if (settlement.status === 'DECLINED')
    throw new DemoError(`The Lightning payment was declined (${settlement.reason}).`);
  await getOrder(agent, settlement.orderId);
  await showStoreOrder(sims, { checkoutId: checkout.body.checkout_id });
}

// ---------------------------------------------------------------------------------------------------
// The Agentic Commerce Protocol (--acp)

type AcpVersion = '2025-09-29' | '2026-04-17';

interface AcpTotal {
  type: string;
  amount: number;
}

interface AcpSession {
  id: string;
  status: string;
  currency: string;
  totals: AcpTotal[];
  messages: { type: string; code?: string; content: string }[];
  fulfillment_options: { id: string; title: string }[];
  capabilities?: {
    payment: {
      handlers: {
        id: string;
        config: {
          invoice?: { id: string; payment_request: string | null; payment_url: string | null } | null;
        };
      }[];
    };
  };
  order?: { id: string; order_number?: string; permalink_url: string; status?: string };
}

const ACP_BUYER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const ACP_ADDRESS = {
  name: 'Ada Lovelace',
  line_one: '1 Analytical Way',
  city: 'London',
  state: 'Greater London',
  country: 'GB',
  postal_code: 'SW1A 1AA',
};
const MAX_COMPLETE_POLLS = 20;

/** What the agent learns from /.well-known/acp.json: where the API is and which versions it speaks. */
async function discoverAcp(target: Target): Promise<string> {
  heading('Discovery: /.well-known/acp.json');
  const reply = await call<{
    protocol: { name: string; version: string; supported_versions: string[] };
    api_base_url: string;
  }>('GET', `${target.baseUrl}/.well-known/acp.json`, '/.well-known/acp.json');
  expectStatus(reply, [200], 'Reading the ACP discovery document');
  const { protocol, api_base_url: apiBase } = reply.body;
  for (const version of ['2025-09-29', '2026-04-17']) {
    if (!protocol.supported_versions.includes(version))
      throw new DemoError(
        `The instance does not speak ACP ${version} (it lists ${protocol.supported_versions}).`,
      );
  }
  // The document names the instance's PUBLIC_URL; the demo talks to the instance it was pointed at.
  const base = `${target.baseUrl}${new URL(apiBase).pathname.replace(/\/+$/, '')}`;
  note(`ACP at ${base}, versions ${protocol.supported_versions.join(', ')} (latest ${protocol.version}).`);
  return base;
}

/** ACP requests: bearer key, API-Version on every call, a fresh Idempotency-Key on every POST. */
function acpApi(target: Target, base: string) {
  return <T = AcpSession>(
    version: AcpVersion,
    method: 'GET' | 'POST',
    apiPath: string,
    body?: unknown,
    opts: { idempotencyKey?: string; summary?: CallOptions['summary'] } = {},
  ) => {
    const idem: Record<string, string> =
      method === 'POST' ? { 'Idempotency-Key': opts.idempotencyKey ?? randomUUID() } : {};
    const headers = { 'API-Version': version, ...idem };
    return call<T>(method, `${base}${apiPath}`, `${new URL(base).pathname}${apiPath}`, {
      body,
      headers: { authorization: `Bearer ${target.apiKey}`, ...headers },
      shownHeaders: { Authorization: `Bearer ${masked(target.apiKey)}`, ...headers },
      shownResponseHeaders: ['Idempotent-Replayed', 'Retry-After'],
      summary: opts.summary,
    });
  };
}

/** For answers that repeat a session already printed in full. */
const sessionSummary = (body: unknown) => {
  const { id, status, order } = body as AcpSession;
  return { id, status, ...(order ? { order } : {}), '…': '(the rest as above)' };
};
type AcpApi = ReturnType<typeof acpApi>;

const totalOf = (session: AcpSession) => {
  const total = session.totals.find((t) => t.type === 'total');
  if (!total) throw new DemoError(`Session ${session.id} has no total.`);
  return total.amount;
};

function expectSessionStatus(session: AcpSession, status: string, step: string) {
  if (session.status === status) return;
  const why = session.messages.map((m) => `${m.code ?? m.type}: ${m.content}`).join('; ');
  throw new DemoError(`${step}: the session is ${session.status}, not ${status}${why ? ` (${why})` : ''}.`);
}

/** SANDBOX ONLY: the Stripe simulator mints the Shared Payment Token a buyer's assistant would grant. */
async function mintToken(sims: Simulators, session: AcpSession) {
  note('SANDBOX ONLY: in real life the buyer’s AI assistant hands the agent a Shared Payment Token;');
  note('here the Stripe simulator mints one, limited to this session’s total and currency.');
  const token = await simControl<{ id: string }>(
    sims.stripe,
    'granted_tokens',
    { currency: session.currency.toLowerCase(), max_amount: totalOf(session) },
    {
      summary: (body) => {
        const { id, object, usage_limits } = body as Record<string, unknown>;
        return { id, object, usage_limits, '…': '(card details trimmed)' };
      },
    },
  );
  return token.id;
}

function expectCompleted(reply: Reply<AcpSession>, step: string) {
  expectStatus(reply, [200], step);
  expectSessionStatus(reply.body, 'completed', step);
  if (!reply.body.order?.id) throw new DemoError(`${step}: the completed session carries no order.`);
  return reply.body.order;
}

async function acpCardScenario(acp: AcpApi, sims: Simulators): Promise<string> {
  const extraSku = await pickCatalogueSku(sims);
  heading('ACP 1: version 2026-04-17, card (Shared Payment Token through the card_spt handler)');
  const created = await acp('2026-04-17', 'POST', '/checkout_sessions', {
    currency: 'gbp',
    line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }, { id: extraSku }],
    capabilities: {},
    buyer: ACP_BUYER,
    fulfillment_details: { name: ACP_ADDRESS.name, email: ACP_BUYER.email, address: ACP_ADDRESS },
  });
  expectStatus(created, [201], 'Creating the 2026-04-17 session');
  expectSessionStatus(created.body, 'ready_for_payment', 'Creating the 2026-04-17 session');
  const session = created.body;
  if (!session.capabilities?.payment.handlers.some((h) => h.id === 'card_spt'))
    throw new DemoError(
      'The session offers no card_spt payment handler: is the merchant’s Stripe connected?',
    );
  if (!session.fulfillment_options.some((o) => o.id === 'express'))
    throw new DemoError('The session offers no express shipping option.');

  note('The buyer wants it sooner: the agent picks express shipping.');
  const updated = await acp('2026-04-17', 'POST', `/checkout_sessions/${session.id}`, {
    selected_fulfillment_options: [
      { type: 'shipping', option_id: 'express', item_ids: ['li_TEST-PRODUCT-001', `li_${extraSku}`] },
    ],
  });
  expectStatus(updated, [200], 'Selecting express shipping');
  expectSessionStatus(updated.body, 'ready_for_payment', 'Selecting express shipping');

  const token = await mintToken(sims, updated.body);
  const completeBody = {
    payment_data: {
      handler_id: 'card_spt',
      instrument: { type: 'card', credential: { type: 'spt', token } },
    },
  };
  const idempotencyKey = randomUUID();
  const completed = await acp(
    '2026-04-17',
    'POST',
    `/checkout_sessions/${session.id}/complete`,
    completeBody,
    {
      idempotencyKey,
    },
  );
  const order = expectCompleted(completed, 'Completing with the card');

  note('The agent lost the answer and sends the same request again, with the same Idempotency-Key:');
  note('it gets the same answer back and nothing is charged twice.');
  const replay = await acp('2026-04-17', 'POST', `/checkout_sessions/${session.id}/complete`, completeBody, {
    idempotencyKey,
    summary: sessionSummary,
  });
  expectStatus(replay, [200], 'Repeating the completion');
  if (replay.headers.get('idempotent-replayed') !== 'true' || replay.body.order?.id !== order.id)
    throw new DemoError('The repeated completion was not answered from the first one.');

  const read = await acp('2026-04-17', 'GET', `/checkout_sessions/${session.id}`, undefined, {
    summary: sessionSummary,
  });
  expectStatus(read, [200], 'Reading the session');
  expectSessionStatus(read.body, 'completed', 'Reading the session');
  if (!order.order_number) throw new DemoError('The order has no order_number (the store order id).');
  await showStoreOrder(sims, { storeOrderId: order.order_number });
  return `ACP 2026-04-17 card: session ${session.id} completed, order ${order.id} (store order #${order.order_number})`;
}

async function acpLightningScenario(acp: AcpApi, sims: Simulators): Promise<string> {
  heading('ACP 2: version 2026-04-17, Bitcoin Lightning (the bitcoin_lightning handler)');
  const created = await acp('2026-04-17', 'POST', '/checkout_sessions', {
    currency: 'gbp',
    line_items: [{ id: 'TEST-PRODUCT-001' }],
    capabilities: {},
    buyer: ACP_BUYER,
    fulfillment_details: { name: ACP_ADDRESS.name, address: ACP_ADDRESS },
  });
  expectStatus(created, [201], 'Creating the Lightning session');
  expectSessionStatus(created.body, 'ready_for_payment', 'Creating the Lightning session');
  const session = created.body;
  const handler = session.capabilities?.payment.handlers.find((h) => h.id === 'bitcoin_lightning');
  if (!handler) throw new DemoError('The session offers no bitcoin_lightning handler: is Bitcoin enabled?');
  const invoice = handler.config.invoice;
  if (!invoice?.payment_request) throw new DemoError('The bitcoin_lightning handler carries no invoice.');
  console.log(`\n  ${c.bold('Pay this Lightning invoice (BOLT11):')}`);
  console.log(`    ${c.yellow(invoice.payment_request)}`);
  if (invoice.payment_url) console.log(`  ${c.bold('or open the payment page:')} ${invoice.payment_url}`);

  const completeBody = {
    payment_data: {
      handler_id: 'bitcoin_lightning',
      instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoice.id } },
    },
  };
  const completePath = `/checkout_sessions/${session.id}/complete`;
  note('Completing before the invoice is paid is refused with 409 payment_pending:');
  const early = await acp<{ code?: string }>('2026-04-17', 'POST', completePath, completeBody);
  expectStatus(early, [409], 'Completing before paying');
  if (early.body.code !== 'payment_pending')
    throw new DemoError(`Completing before paying answered ${early.body.code}, not payment_pending.`);

  note(`SANDBOX ONLY: the buyer's wallet pays invoice ${invoice.id} through the OpenNode simulator.`);
  await simControl(sims.opennode, `charges/${encodeURIComponent(invoice.id)}/pay`, {});

  // Every poll is a new request (its own Idempotency-Key): a stored 409 would otherwise be replayed.
  for (let poll = 1; poll <= MAX_COMPLETE_POLLS; poll += 1) {
    note(`Complete, attempt ${poll}/${MAX_COMPLETE_POLLS}`);
    const reply = await acp('2026-04-17', 'POST', completePath, completeBody);
    if (reply.status === 409 && (reply.body as { code?: string }).code === 'payment_pending') {
      const wait = Number(reply.headers.get('retry-after') ?? 3);
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 10) * 1000));
      continue;
    }
    const order = expectCompleted(reply, 'Completing the Lightning payment');
    if (order.order_number) await showStoreOrder(sims, { storeOrderId: order.order_number });
    return `ACP 2026-04-17 Lightning: session ${session.id} completed, order ${order.id}`;
  }
  throw new DemoError(`The Lightning payment was still pending after ${MAX_COMPLETE_POLLS} attempts.`);
}

async function acpLegacyCardScenario(acp: AcpApi, sims: Simulators): Promise<string> {
  heading('ACP 3: version 2025-09-29, card (payment_data.token)');
  const created = await acp('2025-09-29', 'POST', '/checkout_sessions', {
    items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
    buyer: ACP_BUYER,
    fulfillment_address: ACP_ADDRESS,
  });
  expectStatus(created, [201], 'Creating the 2025-09-29 session');
  expectSessionStatus(created.body, 'ready_for_payment', 'Creating the 2025-09-29 session');
  const token = await mintToken(sims, created.body);
  const completed = await acp('2025-09-29', 'POST', `/checkout_sessions/${created.body.id}/complete`, {
    payment_data: { token, provider: 'stripe' },
  });
  const order = expectCompleted(completed, 'Completing the 2025-09-29 session');
  return `ACP 2025-09-29 card: session ${created.body.id} completed, order ${order.id}`;
}

async function acpDemo(target: Target) {
  console.log(c.bold(`AgentCart ACP agent demo against ${target.baseUrl}`));
  note(`API key ${masked(target.apiKey)}`);
  const sims = await discoverSimulators(target);
  const acp = acpApi(target, await discoverAcp(target));
  const results = [
    await acpCardScenario(acp, sims),
    await acpLightningScenario(acp, sims),
    await acpLegacyCardScenario(acp, sims),
  ];
  console.log('');
  for (const line of results) console.log(`  ${c.green('✔')} ${line}`);
  console.log(
    `\n${c.bold(c.green('✔ All three ACP purchases went through and landed in the merchant’s store.'))}`,
  );
}

// ---------------------------------------------------------------------------------------------------
// The Universal Commerce Protocol (--ucp)

const UCP_VERSION = '2026-04-08';

interface UcpCheckout {
  id: string;
  status: string;
  currency: string;
  totals: AcpTotal[];
  messages?: { type: string; code?: string; content: string }[];
  fulfillment?: {
    methods: { groups: { id: string; selected_option_id?: string; options: { id: string }[] }[] }[];
  };
  order?: { id: string; permalink_url: string };
}

interface UcpBusinessProfile {
  ucp: {
    version: string;
    services: Record<string, { transport: string; endpoint?: string }[]>;
    payment_handlers: Record<string, { id: string }[]>;
  };
  signing_keys: Record<string, unknown>[];
}

/** The business profile: where the REST endpoint is, the card handler, and the key its webhooks are signed with. */
async function discoverUcp(target: Target) {
  heading('Discovery: /.well-known/ucp (the business profile)');
  const reply = await call<UcpBusinessProfile>(
    'GET',
    `${target.baseUrl}/.well-known/ucp`,
    '/.well-known/ucp',
    {
      headers: { authorization: `Bearer ${target.apiKey}` },
      shownHeaders: { Authorization: `Bearer ${masked(target.apiKey)}` },
    },
  );
  expectStatus(reply, [200], 'Reading the UCP business profile');
  const profile = reply.body;
  if (profile.ucp.version !== UCP_VERSION)
    throw new DemoError(`The business speaks UCP ${profile.ucp.version}, not ${UCP_VERSION}.`);
  const rest = profile.ucp.services['dev.ucp.shopping']?.find((s) => s.transport === 'rest');
  if (!rest?.endpoint)
    throw new DemoError('The business profile lists no REST endpoint for dev.ucp.shopping.');
  const card = profile.ucp.payment_handlers['com.stripe.shared_payment_token']?.[0];
  if (!card) throw new DemoError('The business offers no card handler: is the merchant’s Stripe connected?');
  // The profile names the instance's PUBLIC_URL; the demo talks to the instance it was pointed at.
  const endpoint = new URL(rest.endpoint);
  const base = `${target.baseUrl}${endpoint.pathname.replace(/\/+$/, '')}`;
  const profileUrl = `${endpoint.origin}/.well-known/ucp`;
  note(
    `UCP ${profile.ucp.version} at ${base}; card handler ${card.id}; ${profile.signing_keys.length} signing key(s).`,
  );
  return { base, profileUrl, cardHandler: card.id, signingKeys: profile.signing_keys };
}

/** UCP requests as a platform sends them: its profile in UCP-Agent, the key as bearer, Idempotency-Key on writes. */
function ucpApi(target: Target, base: string, platformProfile: string) {
  return <T = UcpCheckout>(
    method: 'GET' | 'POST' | 'PUT',
    apiPath: string,
    body?: unknown,
    opts: { idempotencyKey?: string; summary?: CallOptions['summary'] } = {},
  ) => {
    const idem: Record<string, string> =
      method === 'GET' ? {} : { 'Idempotency-Key': opts.idempotencyKey ?? randomUUID() };
    const headers = { 'UCP-Agent': `profile="${platformProfile}", version="${UCP_VERSION}"`, ...idem };
    return call<T>(method, `${base}${apiPath}`, `${new URL(base).pathname}${apiPath}`, {
      body,
      headers: { authorization: `Bearer ${target.apiKey}`, ...headers },
      shownHeaders: { Authorization: `Bearer ${masked(target.apiKey)}`, ...headers },
      shownResponseHeaders: ['Idempotent-Replayed', 'Retry-After'],
      summary: opts.summary,
    });
  };
}

function expectUcpStatus(checkout: UcpCheckout, status: string, step: string) {
  if (checkout.status === status) return;
  const why = (checkout.messages ?? []).map((m) => `${m.code ?? m.type}: ${m.content}`).join('; ');
  throw new DemoError(`${step}: the checkout is ${checkout.status}, not ${status}${why ? ` (${why})` : ''}.`);
}

interface PlatformEvent {
  protocol?: string;
  received_at: string;
  request_id: string | null;
  timestamp: string | null;
  signature_valid: boolean;
  signature_problem: string | null;
  status: number;
  body: { id?: string; line_items?: { status?: string }[] } | null;
}

async function ucpDemo(target: Target) {
  console.log(c.bold(`AgentCart UCP agent demo against ${target.baseUrl}`));
  note(`API key ${masked(target.apiKey)}`);
  const sims = await discoverSimulators(target);
  const business = await discoverUcp(target);

  heading('The platform (agent simulator): its profile, and the business’s keys it trusts');
  // A host of its own on the simulator, so this run's webhooks are told apart from earlier ones.
  const host = `demo-${randomUUID().slice(0, 8)}.agent.sandbox`;
  const platformProfile = `https://${host}/ucp/profile`;
  note(`SANDBOX ONLY: the platform's profile ${platformProfile} is served by the agent simulator;`);
  note('AgentCart reads its order webhook_url from there. The platform verifies webhooks with the keys');
  note('it read from the business profile above (POST /__sim/ucp-business tells the simulator).');
  await call('GET', `${sims.agent}/ucp/profile`, `${platformProfile} (served at ${sims.agent}/ucp/profile)`, {
    headers: { 'x-forwarded-host': host, 'x-forwarded-proto': 'https' },
  });
  await simControl(sims.agent, 'ucp-business', {
    profile: business.profileUrl,
    signing_keys: business.signingKeys,
  });

  const extraSku = await pickCatalogueSku(sims);
  heading(`UCP ${UCP_VERSION}: card (Shared Payment Token through ${business.cardHandler})`);
  const ucp = ucpApi(target, business.base, platformProfile);
  const lineItems = [
    { item: { id: 'TEST-PRODUCT-001' }, quantity: 2 },
    { item: { id: extraSku }, quantity: 1 },
  ];
  const created = await ucp('POST', '/checkout-sessions', {
    line_items: lineItems,
    buyer: ACP_BUYER,
    fulfillment: {
      methods: [
        {
          type: 'shipping',
          destinations: [
            {
              first_name: 'Ada',
              last_name: 'Lovelace',
              street_address: ACP_ADDRESS.line_one,
              address_locality: ACP_ADDRESS.city,
              address_region: ACP_ADDRESS.state,
              address_country: ACP_ADDRESS.country,
              postal_code: ACP_ADDRESS.postal_code,
            },
          ],
        },
      ],
    },
  });
  expectStatus(created, [201], 'Creating the UCP checkout');
  expectUcpStatus(created.body, 'ready_for_complete', 'Creating the UCP checkout');
  const checkout = created.body;
  const group = checkout.fulfillment?.methods[0]?.groups[0];
  if (!group?.options.some((o) => o.id === 'express'))
    throw new DemoError('The checkout offers no express shipping option.');

  note('The buyer wants it sooner: the agent picks express shipping (PUT replaces what it sends).');
  const updated = await ucp('PUT', `/checkout-sessions/${checkout.id}`, {
    line_items: lineItems,
    fulfillment: { methods: [{ groups: [{ id: group.id, selected_option_id: 'express' }] }] },
  });
  expectStatus(updated, [200], 'Selecting express shipping');
  expectUcpStatus(updated.body, 'ready_for_complete', 'Selecting express shipping');

  const token = await mintToken(sims, updated.body as unknown as AcpSession);
  const completeBody = {
    payment: {
      instruments: [
        {
          id: 'instr_1',
          handler_id: business.cardHandler,
          type: 'card',
          selected: true,
          credential: { type: 'spt', token },
        },
      ],
    },
  };
  const idempotencyKey = randomUUID();
  const completed = await ucp('POST', `/checkout-sessions/${checkout.id}/complete`, completeBody, {
    idempotencyKey,
  });
  expectStatus(completed, [200], 'Completing with the card');
  expectUcpStatus(completed.body, 'completed', 'Completing with the card');
  const orderId = completed.body.order?.id;
  if (!orderId) throw new DemoError('The completed checkout carries no order.');

  note('The platform lost the answer and sends the same request again, with the same Idempotency-Key:');
  note('it gets the same answer back and nothing is charged twice.');
  const replay = await ucp('POST', `/checkout-sessions/${checkout.id}/complete`, completeBody, {
    idempotencyKey,
    summary: (body) => ({
      id: (body as UcpCheckout).id,
      status: (body as UcpCheckout).status,
      '…': '(as above)',
    }),
  });
  expectStatus(replay, [200], 'Repeating the completion');
  if (replay.body.order?.id !== orderId)
    throw new DemoError('The repeated completion was not answered from the first one.');

  const order = await ucp<{ id: string; label?: string; totals: AcpTotal[] }>('GET', `/orders/${orderId}`);
  expectStatus(order, [200], 'Reading the order');
  if (!order.body.label) throw new DemoError('The order has no label (the store order number).');
  await showStoreOrder(sims, { storeOrderId: order.body.label });

  heading('The order webhook the platform received (agent simulator)');
  note('AgentCart POSTs the full order to the webhook_url of the platform profile, signed (RFC 9421, ES256)');
  note('with the key in the business profile; the simulator verifies it with its own code.');
  let event: PlatformEvent | undefined;
  for (let poll = 0; poll < MAX_POLLS && !event; poll++) {
    if (poll > 0) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS / 2));
    const res = await fetch(`${sims.agent}/__sim/events?host=${host}`, { headers: sandboxAccess.headers });
    const { events } = (await res.json()) as { events: PlatformEvent[] };
    event = events.find((e) => e.protocol === 'ucp' && e.body?.id === orderId);
  }
  if (!event) throw new DemoError('The platform received no order webhook within a minute.');
  console.log(
    indent(
      json({
        received_at: event.received_at,
        'Webhook-Id': event.request_id,
        'Webhook-Timestamp': event.timestamp,
        signature_valid: event.signature_valid,
        signature_problem: event.signature_problem,
        answered: event.status,
        order: { id: event.body?.id, line_items: event.body?.line_items?.map((l) => l.status) },
      }),
    ),
  );
  if (!event.signature_valid)
    throw new DemoError(`The platform refused the webhook: ${event.signature_problem}`);
  console.log(
    `\n  ${c.green('✔')} UCP ${UCP_VERSION} card: checkout ${checkout.id} completed, order ${orderId} (store order #${order.body.label}), its signed webhook verified by the platform`,
  );
  console.log(`\n${c.bold(c.green('✔ The UCP purchase went through and landed in the merchant’s store.'))}`);
}

// ---------------------------------------------------------------------------------------------------
// ACP over MCP (--mcp)

/** One tool call with the official SDK, printed like the HTTP calls; an ACP error is the McpError's data. */
function mcpTools(client: Client) {
  return async (name: string, args: Record<string, unknown>, summary?: (body: unknown) => unknown) => {
    console.log(`\n  ${c.bold(c.cyan(`→ tools/call ${name}`))}`);
    console.log(indent(json(args)));
    const started = performance.now();
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    } catch (err) {
      const data = (err as { data?: { code?: string; message?: string } }).data;
      console.log(`  ${c.bold(c.yellow('← JSON-RPC error'))}`);
      console.log(indent(json(data ?? String(err))));
      throw new DemoError(`${name} failed (${data ? `${data.code}: ${data.message}` : String(err)}).`);
    }
    const ms = Math.round(performance.now() - started);
    console.log(`  ${c.bold(c.green('← result'))} ${c.dim(`${ms} ms`)}`);
    const session = result.structuredContent as unknown as AcpSession;
    console.log(indent(json(summary ? summary(session) : session)));
    return session;
  };
}

async function mcpDemo(target: Target) {
  console.log(c.bold(`AgentCart ACP-over-MCP agent demo against ${target.baseUrl}`));
  note(`API key ${masked(target.apiKey)}`);
  const sims = await discoverSimulators(target);
  heading('Discovery: /.well-known/acp.json');
  const discovery = await call<{ transports: string[] }>(
    'GET',
    `${target.baseUrl}/.well-known/acp.json`,
    '/.well-known/acp.json',
  );
  expectStatus(discovery, [200], 'Reading the ACP discovery document');
  if (!discovery.body.transports.includes('mcp'))
    throw new DemoError('The instance does not list the mcp transport in /.well-known/acp.json.');
  const endpoint = new URL('/mcp', target.baseUrl);
  note(`The MCP endpoint (given out of band, as the binding says: /docs names it): ${endpoint}`);

  heading('ACP over MCP: version 2026-04-17, card (Shared Payment Token through the card_spt handler)');
  const client = new Client({ name: 'agentcart-demo-agent', version: '1.0.0' });
  const headers = { authorization: `Bearer ${target.apiKey}` };
  try {
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } }));
  } catch (err) {
    throw new DemoError(`Cannot open an MCP connection to ${endpoint} (${(err as Error).message}).`);
  }
  note(
    `Connected with the API key as Authorization: Bearer ${masked(target.apiKey)} (never in tool arguments).`,
  );
  const { tools } = await client.listTools();
  note(`Tools: ${tools.map((tool) => tool.name).join(', ')}`);
  const tool = mcpTools(client);
  const meta = (idempotencyKey = randomUUID()) => ({
    api_version: '2026-04-17',
    idempotency_key: idempotencyKey,
    user_agent: 'AgentCartDemoAgent/1.0',
  });

  const created = await tool('create_checkout_session', {
    meta: meta(),
    payload: {
      currency: 'gbp',
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      capabilities: {},
      buyer: ACP_BUYER,
      fulfillment_details: { name: ACP_ADDRESS.name, email: ACP_BUYER.email, address: ACP_ADDRESS },
    },
  });
  expectSessionStatus(created, 'ready_for_payment', 'Creating the session over MCP');
  note('The buyer wants it sooner: the agent picks express shipping.');
  const updated = await tool('update_checkout_session', {
    meta: meta(),
    id: created.id,
    payload: {
      selected_fulfillment_options: [
        { type: 'shipping', option_id: 'express', item_ids: ['li_TEST-PRODUCT-001'] },
      ],
    },
  });
  expectSessionStatus(updated, 'ready_for_payment', 'Selecting express shipping over MCP');

  const token = await mintToken(sims, updated);
  const idempotencyKey = randomUUID();
  const complete = {
    meta: meta(idempotencyKey),
    id: created.id,
    payload: {
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    },
  };
  const completed = await tool('complete_checkout_session', complete);
  expectSessionStatus(completed, 'completed', 'Completing with the card over MCP');
  const order = completed.order;
  if (!order?.order_number) throw new DemoError('The completed session carries no store order.');

  note('The agent lost the answer and calls again with the same meta.idempotency_key:');
  note('it gets the same answer back and nothing is charged twice.');
  const replay = await tool('complete_checkout_session', complete, sessionSummary);
  if (replay.order?.id !== order.id) throw new DemoError('The repeated completion made another order.');
  const read = await tool(
    'get_checkout_session',
    { meta: { api_version: '2026-04-17' }, id: created.id },
    sessionSummary,
  );
  expectSessionStatus(read, 'completed', 'Reading the session over MCP');
  await client.close();
  await showStoreOrder(sims, { storeOrderId: order.order_number });
  console.log(
    `\n${c.bold(c.green(`✔ Bought over MCP: session ${created.id} completed, order ${order.id} (store order #${order.order_number}).`))}`,
  );
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const { target, acp, ucp, mcp } = readOptions();
  if ([acp, ucp, mcp].filter(Boolean).length > 1) {
    console.error(`Choose one of --acp, --ucp and --mcp.\n\n${USAGE}`);
    process.exit(2);
  }
  if (acp) return acpDemo(target);
  if (ucp) return ucpDemo(target);
  if (mcp) return mcpDemo(target);
  console.log(c.bold(`AgentCart agent demo against ${target.baseUrl}`));
  note(`API key ${masked(target.apiKey)}`);
  const agent = agentApi(target);
  const sims = await discoverSimulators(target);
  await cardScenario(agent, sims);
  await lightningScenario(agent, sims);
  console.log(`\n${c.bold(c.green('✔ Both purchases went through and landed in the merchant’s store.'))}`);
}

main().catch((err: unknown) => {
  if (err instanceof DemoError) {
    console.error(`\n${c.red(c.bold('✘ ' + err.message))}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
