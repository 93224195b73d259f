import type { FastifyInstance } from 'fastify';
import type { SandboxRoute } from './sandbox-network';
import { startSimulator, type RunningSimulator } from './simulator-kit';
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
  create(): { app: FastifyInstance };
  /** Real API hosts (exact, or `*.suffix`) that sandbox mode sends to this simulator. */
  hosts: string[];
}

export const SIMULATORS = {
  stripe: { create: () => createStripeSimulator(), hosts: ['api.stripe.com', 'connect.stripe.com'] },
  opennode: { create: () => createOpennodeSimulator(), hosts: ['api.opennode.com', 'dev-api.opennode.com'] },
  coincorner: { create: () => createCoincornerSimulator(), hosts: ['checkout.coincorner.com'] },
  btcpay: { create: () => createBtcpaySimulator(), hosts: ['*.btcpay.sandbox'] },
  strike: { create: () => createStrikeSimulator(), hosts: ['api.strike.me'] },
  woocommerce: { create: () => createWoocommerceSimulator(), hosts: ['*.woocommerce.sandbox'] },
  shopify: { create: () => createShopifySimulator(), hosts: ['*.myshopify.com'] },
  bigcommerce: { create: () => createBigcommerceSimulator(), hosts: ['api.bigcommerce.com'] },
  magento: { create: () => createMagentoSimulator(), hosts: ['*.magento.sandbox'] },
  custom: { create: () => createCustomStoreSimulator(), hosts: ['*.custom.sandbox'] },
  // An AI agent platform's order-events endpoint (ACP webhooks); last, so earlier ports stay put.
  agent: { create: () => createAgentSimulator(), hosts: ['*.agent.sandbox'] },
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
 */
export async function startSimulators(opts: { portBase?: number } = {}): Promise<RunningSimulators> {
  const running: [SimulatorId, RunningSimulator][] = [];
  const ids = Object.keys(SIMULATORS) as SimulatorId[];
  try {
    for (const [index, id] of ids.entries()) {
      const wanted = opts.portBase ? opts.portBase + index : 0;
      const start = (port: number) => startSimulator(id, SIMULATORS[id].create().app, port);
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
