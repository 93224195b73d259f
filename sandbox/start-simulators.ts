import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { RunningSimulators } from '#server/integrations/sandbox-network';
import { WEBHOOK_RECEIVER_SANDBOX_DOMAIN } from '#server/integrations/sandbox-network';
import { sandboxAccessHeaders } from '#server/lib/sandbox-access';
import { createAgentSimulator } from './agents/simulator';
import { createWebhookReceiverSimulator } from './webhook-receiver/simulator';
import { createTwilioSimulator } from './sms/twilio/simulator';
import { inMemoryState, persistedState } from './world/simulator-state';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator-kit';

export type { RunningSimulators, SimulatorId } from '#server/integrations/sandbox-network';

/**
 * The sandbox's outside world (imported dynamically, so live processes never load it): every provider's
 * simulator and the real hosts that route to it. A provider's simulator is the `simulator.ts` of its
 * folder here (`payments/<id>/`, `stores/<id>/`, the id its adapter's manifest has), which
 * default-exports the simulator and names the hosts it answers for; a new folder is picked up without
 * a list to edit.
 */
interface SimulatorDefinition {
  create(opts: Pick<SimulatorOptions, 'state'>): Promise<{ app: FastifyInstance }>;
  /** Real API hosts (exact, or `*.suffix`) that sandbox mode sends to this simulator. */
  hosts: string[];
}

type SimulatorModule = {
  default: (opts: Pick<SimulatorOptions, 'state'>) => { app: FastifyInstance };
  hosts: string[];
};

const here = path.dirname(fileURLToPath(import.meta.url));

async function providerSimulators(family: 'payments' | 'stores'): Promise<[string, SimulatorDefinition][]> {
  const ids = readdirSync(path.join(here, family), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    ids.map(async (id): Promise<[string, SimulatorDefinition]> => {
      const module = (await import(`./${family}/${id}/simulator.ts`)) as SimulatorModule;
      return [id, { create: async (opts) => module.default(opts), hosts: module.hosts }];
    }),
  );
}

/** Every simulator in start order: simulator i listens on portBase + i. */
export async function simulatorDefinitions(): Promise<Record<string, SimulatorDefinition>> {
  return {
    ...Object.fromEntries(await providerSimulators('payments')),
    ...Object.fromEntries(await providerSimulators('stores')),
    // An AI agent platform's order-events endpoint (ACP webhooks).
    agent: { create: async (opts) => createAgentSimulator(opts), hosts: ['*.agent.sandbox'] },
    // The merchant's own webhook endpoint, one host per merchant.
    webhooks: {
      create: async (opts) => createWebhookReceiverSimulator(opts),
      hosts: [`*.${WEBHOOK_RECEIVER_SANDBOX_DOMAIN}`],
    },
    // The platform's SMS provider (sign-in codes by text).
    twilio: { create: async (opts) => createTwilioSimulator(opts), hosts: ['api.twilio.com'] },
  };
}

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
  const definitions = await simulatorDefinitions();
  const running: [string, RunningSimulator][] = [];
  const stateOf = (id: string) =>
    opts.stateDir ? persistedState(path.join(opts.stateDir, `${id}.state`)) : inMemoryState();
  try {
    for (const [index, [id, definition]] of Object.entries(definitions).entries()) {
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
    routes: running.flatMap(([id, r]) => definitions[id]!.hosts.map((host) => ({ host, target: r.baseUrl }))),
    credentials,
    async close() {
      await Promise.all(running.map(([, r]) => r.close()));
    },
  };
}
