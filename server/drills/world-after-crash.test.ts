import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SimulatorId } from '../integrations/sandbox-network';
import { connectToWorld, type WorldManifest } from '#sandbox/world/world-manifest';
import {
  agentApi,
  grantToken,
  storeOrderIdsByCheckout,
  stripeIntentsFor,
  type World,
} from '../test/crash-drill-kit';
import { eventually } from '../test/eventually';
import { startAppProcess, startWorldProcess, withStarts, type RunningProcess } from '../test/processes';

/**
 * The sandbox world killed with SIGKILL moments after a simulator answered: what Stripe and the
 * WooCommerce store acknowledged is still there after a restart, and no id is given twice (docs/decisions
 * 015). Both ways the world runs: inside `npm start` (the app dies with it) and as `npm run sandbox:world`.
 * No PostgreSQL needed: the app runs on its embedded database, as `npm start` does.
 */

/** The app; `npm start` puts its own world on PORT + 1000 and the ports after it. */
const APP_PORT = 3130;
/** `npm run sandbox:world`'s manifest; its simulators listen on the ports after it. */
const WORLD_PORT = 4560;

const dirs: string[] = [];
const running: RunningProcess[] = [];
afterAll(async () => {
  for (const child of running) await child.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentcart-world-crash-'));
  dirs.push(dir);
  return dir;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** The world `npm start` runs in its own process, as the drill kit's helpers address a world. */
async function inProcessWorld(appUrl: string): Promise<World> {
  const listed = (await json(await fetch(`${appUrl}/__sim`))) as Record<string, { baseUrl: string }>;
  const credentials = Object.fromEntries(
    await Promise.all(
      Object.entries(listed).map(async ([id, { baseUrl }]) => [
        id,
        (await json(await fetch(`${baseUrl}/__sim`))).credentials,
      ]),
    ),
  ) as WorldManifest['credentials'];
  const simulators = Object.fromEntries(
    Object.entries(listed).map(([id, { baseUrl }]) => [id, { baseUrl }]),
  ) as Record<SimulatorId, { baseUrl: string }>;
  return { url: appUrl, manifest: { simulators, credentials, routes: [] }, stop: async () => {} };
}

async function startApp(dataDir: string) {
  const app = await startAppProcess({
    dataDir,
    port: APP_PORT,
    env: { NODE_ENV: 'test', PUBLIC_URL: `http://127.0.0.1:${APP_PORT}` },
  });
  running.push(app);
  const { apiKey } = JSON.parse(readFileSync(path.join(dataDir, 'demo.json'), 'utf8')) as { apiKey: string };
  return { ...app, url: `http://127.0.0.1:${APP_PORT}`, apiKey };
}

describe('the world inside npm start, killed with the app right after a card confirm', () => {
  it(
    'still has the Stripe payment and the store order after a restart, and gives the next order a new id',
    async () => {
      const dataDir = freshDataDir();
      let app = await startApp(dataDir);
      let world = await inProcessWorld(app.url);
      const firstCheckout = await agentApi(app).cardCheckout(world);
      const accepted = await agentApi(app).confirm(firstCheckout);
      await app.stop('SIGKILL'); // within milliseconds of the ACCEPTED answer
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.status).toBe('ACCEPTED');
      expect(await app.exit).toEqual({ code: null, signal: 'SIGKILL' });

      app = await startApp(dataDir);
      world = await inProcessWorld(app.url);
      expect(await stripeIntentsFor(world, firstCheckout)).toEqual([
        expect.objectContaining({ status: 'succeeded' }),
      ]);
      // The order the store acknowledged (or, when the confirm answered before the store write, the one
      // the app's queue writes after the restart): one, under the id the app was told.
      const storeOrderIds = async () => storeOrderIdsByCheckout(world);
      const [firstOrderId] = (await eventually(storeOrderIds, (ids) => ids.has(firstCheckout))).get(
        firstCheckout,
      )!;
      if (accepted.body.adapter_ref !== null) expect(firstOrderId).toBe(String(accepted.body.adapter_ref));

      const secondCheckout = await agentApi(app).cardCheckout(world);
      expect((await agentApi(app).confirm(secondCheckout)).body.status).toBe('ACCEPTED');
      const orders = await eventually(storeOrderIds, (ids) => ids.has(secondCheckout));
      expect(orders.get(firstCheckout)).toEqual([firstOrderId]);
      expect(Number(orders.get(secondCheckout)![0])).toBeGreaterThan(Number(firstOrderId));
      await app.stop();
    },
    withStarts(2, 120_000),
  );
});

describe('npm run sandbox:world, killed right after its simulators answered', () => {
  it(
    'still has the PaymentIntent, the spent token and the store order after a restart, and the next order id is new',
    async () => {
      const dataDir = freshDataDir();
      let world = await startWorldProcess({ dataDir, port: WORLD_PORT });
      running.push(world);
      const manifest = await connectToWorld(world.url);
      const stripe = manifest.simulators.stripe.baseUrl;
      const woo = manifest.simulators.woocommerce.baseUrl;
      const stripeKey = { authorization: `Bearer ${manifest.credentials.stripe!.secretKey}` };
      const { consumerKey, consumerSecret } = manifest.credentials.woocommerce!;
      const wooAuth = {
        authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
        'x-forwarded-proto': 'https', // Basic auth is WordPress's over TLS
        'content-type': 'application/json',
      };
      const placeStoreOrder = async () =>
        (
          await json(
            await fetch(`${woo}/wp-json/wc/v3/orders`, {
              method: 'POST',
              headers: wooAuth,
              body: JSON.stringify({
                set_paid: true,
                line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
              }),
            }),
          )
        ).id as number;

      const token = await grantToken({ url: world.url, manifest, stop: async () => {} }, 1500);
      const [intent, orderId] = await Promise.all([
        fetch(`${stripe}/v1/payment_intents`, {
          method: 'POST',
          headers: { ...stripeKey, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            amount: '1500',
            currency: 'gbp',
            confirm: 'true',
            'payment_method_types[0]': 'card',
            shared_payment_granted_token: token,
          }),
        }).then(json),
        placeStoreOrder(),
      ]);
      await world.stop('SIGKILL'); // within milliseconds of both answers
      expect(intent.status).toBe('succeeded');

      world = await startWorldProcess({ dataDir, port: WORLD_PORT });
      running.push(world);
      expect(world.url).toBe(`http://127.0.0.1:${WORLD_PORT}`);
      const read = async (url: string, headers: Record<string, string>) =>
        json(await fetch(url, { headers }));
      expect(await read(`${stripe}/v1/payment_intents/${String(intent.id)}`, stripeKey)).toMatchObject({
        status: 'succeeded',
        amount_received: 1500,
      });
      expect(await read(`${stripe}/v1/shared_payment/granted_tokens/${token}`, stripeKey)).toMatchObject({
        deactivated_reason: 'consumed',
      });
      expect(await read(`${woo}/wp-json/wc/v3/orders/${orderId}`, wooAuth)).toMatchObject({
        id: orderId,
        status: 'processing',
      });
      expect(await placeStoreOrder()).toBe(orderId + 1);
      await world.stop();
    },
    withStarts(2, 60_000),
  );
});
