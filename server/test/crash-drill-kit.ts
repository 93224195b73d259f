import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { startEmbeddedPostgres } from '../db/client';
import type { SimulatorId } from '../integrations/sandbox-network';
import { connectToWorld, type WorldManifest } from '#sandbox/world/world-manifest';
import type { FailpointName } from '../lib/failpoint';
import { withDatabase } from './global-setup';
import { startAppProcess, startWorldProcess, type RunningProcess } from './processes';

/**
 * Crash drills (docs/decisions/016): the real app as child processes (`tsx server/main.ts`) on a fresh
 * PostgreSQL database, against one sandbox world process that outlives them, as Stripe, OpenNode and
 * WooCommerce outlive a crashed AgentCart. A drill arms a failpoint, watches the app SIGKILL itself,
 * restarts it on the same data and checks the world's own ledgers.
 */

const templateUrl = inject('templateDatabaseUrl');

/** Null when the drills can run; otherwise why they are skipped. */
export const drillsSkipReason = templateUrl
  ? null
  : 'crash drills skipped: they need PostgreSQL (set TEST_DATABASE_URL, e.g. npm run test:pg)';

/**
 * Recovery that takes seconds instead of minutes (production keeps 3 min, 60 s, 5 and 2 min). The
 * store-write lease outlives the store timeout (5 s here, 10 s in production), as the config requires.
 */
export const DRILL_TIMING = {
  CONFIRM_LEASE_SECONDS: '2',
  PROVIDER_TIMEOUT_MS: '5000',
  STORE_WRITE_LEASE_SECONDS: '6',
  RECONCILE_INTERVAL_SECONDS: '1',
  SETTLE_INTERVAL_SECONDS: '1',
};

// ---------------------------------------------------------------------------------------------------
// The world

export interface World {
  url: string;
  manifest: WorldManifest;
  stop(): Promise<void>;
}

/** `npm run sandbox:world` on its own data directory and `port`; its state lives as long as it does. */
export async function startWorld(port: number): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-drill-world-'));
  const world = await startWorldProcess({ dataDir, port });
  return {
    url: world.url,
    manifest: await connectToWorld(world.url),
    async stop() {
      await world.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The app's data: a fresh database and DATA_DIR per drill, kept across the app's restarts

export interface DrillData {
  /** The drill's PostgreSQL database, or null: the app's embedded database in DATA_DIR (the default). */
  databaseUrl: string | null;
  dataDir: string;
  /**
   * A SQL query on the drill's database (the app's own rows, to compare with the world's). The embedded
   * database lives inside the app's process, so it is read only while no app runs on it.
   */
  query<Row>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database cloned from the migrated template, or (`embedded`) an empty DATA_DIR. */
export async function freshDrillData(opts: { embedded?: boolean } = {}): Promise<DrillData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-drill-'));
  if (opts.embedded) {
    return {
      databaseUrl: null,
      dataDir,
      async query<Row>(text: string, values?: unknown[]) {
        const database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pglite') });
        try {
          return (await database.pool.query(text, values)).rows as Row[];
        } finally {
          await database.close();
        }
      },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `agentcart_drill_${randomBytes(6).toString('hex')}`;
  const template = new URL(templateUrl!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl!, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const databaseUrl = withDatabase(templateUrl!, name);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {}); // an idle connection closed by the DROP below
  return {
    databaseUrl,
    dataDir,
    query: async <Row>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as Row[],
    async drop() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The app

export interface AppProcess {
  url: string;
  /** The demo merchant's agent API key (the sandbox seeds it into DATA_DIR/demo.json). */
  apiKey: string;
  output(): string;
  /** Resolves when the process ends, with how. */
  exit: RunningProcess['exit'];
  stop(): Promise<void>;
}

/**
 * `server/main.ts` on the drill's database and DATA_DIR, using the world, with drill timing (or, with
 * `productionTiming`, production's leases and schedules, for a drill that measures recovery time).
 */
export async function startApp(opts: {
  data: DrillData;
  world: World;
  port: number;
  failpoint?: FailpointName;
  productionTiming?: boolean;
  env?: Record<string, string>;
}): Promise<AppProcess> {
  const app = await startAppProcess({
    dataDir: opts.data.dataDir,
    port: opts.port,
    env: {
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      ...(opts.data.databaseUrl ? { DATABASE_URL: opts.data.databaseUrl } : {}),
      SANDBOX_WORLD_URL: opts.world.url,
      ...(opts.productionTiming ? {} : DRILL_TIMING),
      ...(opts.failpoint ? { AGENTCART_FAILPOINT: opts.failpoint } : {}),
      ...opts.env,
    },
  });
  const demo = JSON.parse(readFileSync(path.join(opts.data.dataDir, 'demo.json'), 'utf8')) as {
    apiKey: string;
  };
  return {
    url: `http://127.0.0.1:${opts.port}`,
    apiKey: demo.apiKey,
    output: app.output,
    exit: app.exit,
    stop: () => app.stop(),
  };
}

/** The process died of its failpoint: SIGKILL, nothing graceful. */
export async function expectKilledByFailpoint(app: AppProcess, failpoint: FailpointName) {
  expect(await app.exit, app.output()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(app.output()).toContain(`failpoint ${failpoint}: killing process`);
}

// ---------------------------------------------------------------------------------------------------
// An agent (documented agent API and ACP), and the buyer's side through the world's controls

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A request whose process may die under it: the agent sees its connection drop (null). */
export async function mayDie(request: Promise<Reply>): Promise<Reply | null> {
  return request.catch(() => null);
}

export async function simControl(world: World, simulator: SimulatorId, control: string, body: unknown = {}) {
  const res = await fetch(`${world.manifest.simulators[simulator].baseUrl}/__sim/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${simulator} /__sim/${control}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The buyer's assistant grants a Shared Payment Token (minted by the Stripe simulator). */
export async function grantToken(world: World, maxAmountMinor: number): Promise<string> {
  return (
    await simControl(world, 'stripe', 'granted_tokens', { currency: 'gbp', max_amount: maxAmountMinor })
  ).id as string;
}

/** The buyer's wallet pays a Lightning invoice (the OpenNode simulator). */
export async function payInvoice(world: World, invoiceId: string) {
  await simControl(world, 'opennode', `charges/${encodeURIComponent(invoiceId)}/pay`);
}

const BUYER = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Analytical Way', city: 'London', postcode: 'N1 9GU', country: 'GB' },
};

/** The documented agent API (/api/agent/...), as an agent holding the merchant's key. */
export function agentApi(app: Pick<AppProcess, 'url' | 'apiKey'>) {
  const post = (route: string, body: unknown, idempotencyKey: string | null = randomUUID()) =>
    send(
      `${app.url}/api/agent/${route}`,
      'POST',
      {
        authorization: `Bearer ${app.apiKey}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body,
    );
  const offer = async () => {
    const reply = await post('offer', {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { offer_id: string; shipping_options: { id: string; amount: number }[] };
  };
  return {
    /** Offer and checkout paid by card; returns the checkout id. */
    async cardCheckout(world: World): Promise<string> {
      const { offer_id, shipping_options } = await offer();
      const option = shipping_options[0]!;
      const reply = await post('checkout', {
        offer_id,
        shipping_option_id: option.id,
        buyer: BUYER,
        payment: {
          method: 'stripe',
          shared_payment_token: await grantToken(world, option.amount),
          amount: option.amount,
          currency: 'GBP',
        },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.checkout_id as string;
    },
    /** Offer and Lightning checkout; returns the checkout and invoice ids. */
    async lightningCheckout(): Promise<{ checkoutId: string; invoiceId: string }> {
      const { offer_id } = await offer();
      const reply = await post('checkout', { offer_id, buyer: BUYER, payment: { method: 'btc' } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const paymentUrl = (reply.body.btc as { payment_url: string }).payment_url;
      return {
        checkoutId: reply.body.checkout_id as string,
        invoiceId: new URL(paymentUrl).pathname.split('/').filter(Boolean).pop()!,
      };
    },
    confirm: (checkoutId: string, idempotencyKey: string | null = randomUUID()) =>
      post('confirm', { checkout_id: checkoutId, commit: true }, idempotencyKey),
  };
}

const ACP_VERSION = '2026-04-17';
const ACP_ADDRESS = {
  name: 'Ada Lovelace',
  line_one: '1 Analytical Way',
  city: 'London',
  state: 'Greater London',
  country: 'GB',
  postal_code: 'N1 9GU',
};

export interface AcpSession {
  id: string;
  status: string;
  totals: { type: string; amount: number }[];
  capabilities?: { payment: { handlers: { id: string; config: { invoice?: { id: string } | null } }[] } };
  order?: { id: string };
}

/** ACP (/acp/checkout_sessions), version 2026-04-17, a fresh Idempotency-Key on every POST. */
export function acpApi(app: Pick<AppProcess, 'url' | 'apiKey'>) {
  const post = (route: string, body: unknown) =>
    send(
      `${app.url}/acp/checkout_sessions${route}`,
      'POST',
      { authorization: `Bearer ${app.apiKey}`, 'api-version': ACP_VERSION, 'idempotency-key': randomUUID() },
      body,
    );
  return {
    async createSession(): Promise<AcpSession> {
      const reply = await post('', {
        currency: 'gbp',
        line_items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
        capabilities: {},
        buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
        fulfillment_details: { name: ACP_ADDRESS.name, email: 'ada@example.com', address: ACP_ADDRESS },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.status).toBe('ready_for_payment');
      return reply.body as unknown as AcpSession;
    },
    async completeWithCard(world: World, session: AcpSession) {
      const total = session.totals.find((t) => t.type === 'total')!.amount;
      const token = await grantToken(world, total);
      return post(`/${session.id}/complete`, {
        payment_data: {
          handler_id: 'card_spt',
          instrument: { type: 'card', credential: { type: 'spt', token } },
        },
      });
    },
    completeWithLightning(session: AcpSession) {
      return post(`/${session.id}/complete`, {
        payment_data: {
          handler_id: 'bitcoin_lightning',
          instrument: {
            type: 'lightning_invoice',
            credential: { type: 'invoice_id', token: lightningInvoiceOf(session) },
          },
        },
      });
    },
  };
}

export function lightningInvoiceOf(session: AcpSession): string {
  const handler = session.capabilities?.payment.handlers.find((h) => h.id === 'bitcoin_lightning');
  return handler!.config.invoice!.id;
}

// ---------------------------------------------------------------------------------------------------
// The world's ledgers

/** The PaymentIntents the merchant's Stripe account holds for a checkout (its metadata names it). */
export async function stripeIntentsFor(world: World, checkoutId: string) {
  const url = new URL(`${world.manifest.simulators.stripe.baseUrl}/v1/payment_intents/search`);
  url.searchParams.set('query', `metadata['checkout_id']:'${checkoutId}'`);
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${world.manifest.credentials.stripe!.secretKey}` },
  });
  const page = (await res.json()) as { data: { id: string; status: string; amount: number }[] };
  return page.data;
}

/** A Lightning invoice as the OpenNode simulator has it. */
export async function lightningInvoice(world: World, invoiceId: string) {
  const res = await fetch(`${world.manifest.simulators.opennode.baseUrl}/v1/charge/${invoiceId}`, {
    headers: { authorization: world.manifest.credentials.opennode!.apiKey! },
  });
  return ((await res.json()) as { data: { id: string; status: string } }).data;
}

/** The demo WooCommerce store's order ids, by the AgentCart checkout each was written for. */
export async function storeOrderIdsByCheckout(world: World): Promise<Map<string, string[]>> {
  const { orders } = (await simControl(world, 'woocommerce', 'orders')) as {
    orders: { id: number; meta_data: { key: string; value: string }[] }[];
  };
  const ids = new Map<string, string[]>();
  for (const order of orders) {
    const checkoutId = order.meta_data.find((m) => m.key === '_agentcart_checkout_id')?.value;
    if (checkoutId) ids.set(checkoutId, [...(ids.get(checkoutId) ?? []), String(order.id)]);
  }
  return ids;
}

/** How many orders the demo WooCommerce store holds for each AgentCart checkout. */
export async function storeOrdersByCheckout(world: World): Promise<Map<string, number>> {
  const ids = await storeOrderIdsByCheckout(world);
  return new Map([...ids].map(([checkoutId, orderIds]) => [checkoutId, orderIds.length]));
}
