import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RunningSimulators } from '../sandbox-network';
import { createAgentSimulator } from '../agents/simulator';
import { PAYMENT_PROVIDER_IDS, paymentProviders } from '../payments/registry';
import { STORE_PLATFORM_IDS, storePlatforms } from '../stores/registry';
import { WEBHOOK_RECEIVER_SANDBOX_DOMAIN } from '../sandbox-network';
import { createWebhookReceiverSimulator } from '../webhook-receiver/simulator';
import { createTwilioSimulator } from '../sms/twilio/simulator';
import { sandboxAccessHeaders } from '../../lib/sandbox-access';
import { inMemoryState, persistedState } from './world/simulator-state';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator-kit';

export type { RunningSimulators, SimulatorId } from '../sandbox-network';

/**
 * Sandbox only (imported dynamically, so live processes never load it): every registered provider's
 * simulator and the real hosts that route to it. The list derives from the registries: a provider's
 * manifest names its sandbox hosts, and its folder's `simulator.ts` default-exports the simulator.
 */
interface SimulatorDefinition {
  create(opts: Pick<SimulatorOptions, 'state'>): Promise<{ app: FastifyInstance }>;
  /** Real API hosts (exact, or `*.suffix`) that sandbox mode sends to this simulator. */
  hosts: string[];
}

type SimulatorModule = { default: (opts: Pick<SimulatorOptions, 'state'>) => { app: FastifyInstance } };

const fromFolder = (family: 'payments' | 'stores', id: string, hosts: string[]): SimulatorDefinition => ({
  async create(opts) {
    const module = (await import(`../${family}/${id}/simulator`)) as SimulatorModule;
    return module.default(opts);
  },
  hosts,
});

export const SIMULATORS: Record<string, SimulatorDefinition> = {
  ...Object.fromEntries(
    PAYMENT_PROVIDER_IDS.map((id) => [
      id,
      fromFolder('payments', id, paymentProviders[id].manifest.sandboxHosts),
    ]),
  ),
  ...Object.fromEntries(
    STORE_PLATFORM_IDS.map((id) => [id, fromFolder('stores', id, storePlatforms[id].manifest.sandboxHosts)]),
  ),
  // An AI agent platform's order-events endpoint (ACP webhooks); last, so earlier ports stay put.
  agent: { create: async (opts) => createAgentSimulator(opts), hosts: ['*.agent.sandbox'] },
  // The merchant's own webhook endpoint, one host per merchant; after the agent's, for the same reason.
  webhooks: {
    create: async (opts) => createWebhookReceiverSimulator(opts),
    hosts: [`*.${WEBHOOK_RECEIVER_SANDBOX_DOMAIN}`],
  },
  // The platform's SMS provider (sign-in codes by text); last, for the same reason.
  twilio: { create: async (opts) => createTwilioSimulator(opts), hosts: ['api.twilio.com'] },
};

/**
 * Starts every simulator on loopback. With `portBase`, simulator i listens on portBase + i so URLs stay
 * the same across restarts (stored payment links keep working); a taken port falls back to a free one.
 * With `stateDir`, each simulator keeps its objects in `<stateDir>/<id>.state` across restarts;
 * without it (tests) they live in memory only. With `accessSecret`, every simulator's `/__sim` routes
 * require it (SANDBOX_ACCESS_SECRET).
 */
export async function startSimulators(
  opts: { portBase?: number; stateDir?: string; accessSecret?: string } = {},
): Promise<RunningSimulators> {
  const running: [string, RunningSimulator][] = [];
  const stateOf = (id: string) =>
    opts.stateDir ? persistedState(path.join(opts.stateDir, `${id}.state`)) : inMemoryState();
  try {
    for (const [index, [id, definition]] of Object.entries(SIMULATORS).entries()) {
      const wanted = opts.portBase ? opts.portBase + index : 0;
      // One state per simulator even when a taken port makes it start twice: two would write one journal.
      const state = stateOf(id);
      const start = async (port: number) =>
        startSimulator(id, (await definition.create({ state })).app, {
          port,
          accessSecret: opts.accessSecret,
        });
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
          (
            await r.app.inject({
              method: 'GET',
              url: '/__sim',
              headers: sandboxAccessHeaders(opts.accessSecret),
            })
          ).json() as {
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
    routes: running.flatMap(([id, r]) => SIMULATORS[id]!.hosts.map((host) => ({ host, target: r.baseUrl }))),
    credentials,
    async close() {
      await Promise.all(running.map(([, r]) => r.close()));
    },
  };
}
