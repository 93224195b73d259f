import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SandboxRoute } from './sandbox-network';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator-kit';
import { inMemoryState, persistedState } from './world/simulator-state';
import { createAgentSimulator } from './agents/simulator';
import { createBtcpaySimulator } from './payments/btcpay/simulator';
import { createCoincornerSimulator } from './payments/coincorner/simulator';
import { createOpennodeSimulator } from './payments/opennode/simulator';
import { createStrikeSimulator } from './payments/strike/simulator';
import { createStripeSimulator } from './payments/stripe/simulator';
import { createBigcommerceSimulator } from './stores/bigcommerce/simulator';
import { createCustomStoreSimulator } from './stores/custom/simulator';
import { createMagentoSimulator } from './stores/magento/simulator';
import { createShopifySimulator } from './stores/shopify/simulator';
import { createWoocommerceSimulator } from './stores/woocommerce/simulator';

/**
 * Sandbox only (imported dynamically, so live processes never load it): every provider's simulator and
 * the real hosts that route to it. One line per provider.
 */
interface SimulatorDefinition {
  create(opts: Pick<SimulatorOptions, 'state'>): { app: FastifyInstance };
  /** Real API hosts (exact, or `*.suffix`) that sandbox mode sends to this simulator. */
  hosts: string[];
}

export const SIMULATORS = {
  stripe: { create: (o) => createStripeSimulator(o), hosts: ['api.stripe.com', 'connect.stripe.com'] },
  opennode: {
    create: (o) => createOpennodeSimulator(o),
    hosts: ['api.opennode.com', 'dev-api.opennode.com'],
  },
  coincorner: { create: (o) => createCoincornerSimulator(o), hosts: ['checkout.coincorner.com'] },
  btcpay: { create: (o) => createBtcpaySimulator(o), hosts: ['*.btcpay.sandbox'] },
  strike: { create: (o) => createStrikeSimulator(o), hosts: ['api.strike.me'] },
  woocommerce: { create: (o) => createWoocommerceSimulator(o), hosts: ['*.woocommerce.sandbox'] },
  shopify: { create: (o) => createShopifySimulator(o), hosts: ['*.myshopify.com'] },
  bigcommerce: { create: (o) => createBigcommerceSimulator(o), hosts: ['api.bigcommerce.com'] },
  magento: { create: (o) => createMagentoSimulator(o), hosts: ['*.magento.sandbox'] },
  custom: { create: (o) => createCustomStoreSimulator(o), hosts: ['*.custom.sandbox'] },
  // An AI agent platform's order-events endpoint (ACP webhooks); last, so earlier ports stay put.
  agent: { create: (o) => createAgentSimulator(o), hosts: ['*.agent.sandbox'] },
} satisfies Record<string, SimulatorDefinition>;

export type SimulatorId = keyof typeof SIMULATORS;

export interface RunningSimulators {
  simulators: Record<SimulatorId, { baseUrl: string }>;
  routes: SandboxRoute[];
  /** The sandbox credentials each simulator accepts (its GET /__sim), by provider id. */
  credentials: Record<SimulatorId, Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Starts every simulator on loopback. With `portBase`, simulator i listens on portBase + i so URLs stay
 * the same across restarts (stored payment links keep working); a taken port falls back to a free one.
 * With `stateDir`, each simulator keeps its objects in `<stateDir>/<id>.state` across restarts;
 * without it (tests) they live in memory only.
 */
export async function startSimulators(
  opts: { portBase?: number; stateDir?: string } = {},
): Promise<RunningSimulators> {
  const running: [SimulatorId, RunningSimulator][] = [];
  const ids = Object.keys(SIMULATORS) as SimulatorId[];
  const stateOf = (id: SimulatorId) =>
    opts.stateDir ? persistedState(path.join(opts.stateDir, `${id}.state`)) : inMemoryState();
  try {
    for (const [index, id] of ids.entries()) {
      const wanted = opts.portBase ? opts.portBase + index : 0;
      const start = (port: number) =>
        startSimulator(id, SIMULATORS[id].create({ state: stateOf(id) }).app, port);
      running.push([
        id,
        await start(wanted).catch((err: NodeJS.ErrnoException) =>
          err.code === 'EADDRINUSE' ? start(0) : Promise.reject(err),
        ),
      ]);
    }
  } catch (err) {
    await Promise.all(running.map(([, r]) => r.close()));
    throw err;
  }
  const credentials = Object.fromEntries(
    await Promise.all(
      running.map(async ([id, r]) => [
        id,
        (
          (await r.app.inject({ method: 'GET', url: '/__sim' })).json() as {
            credentials: Record<string, string>;
          }
        ).credentials,
      ]),
    ),
  ) as RunningSimulators['credentials'];
  return {
    simulators: Object.fromEntries(
      running.map(([id, r]) => [id, { baseUrl: r.baseUrl }]),
    ) as RunningSimulators['simulators'],
    routes: running.flatMap(([id, r]) => SIMULATORS[id].hosts.map((host) => ({ host, target: r.baseUrl }))),
    credentials,
    async close() {
      await Promise.all(running.map(([, r]) => r.close()));
    },
  };
}
