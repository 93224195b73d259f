import path from 'node:path';
import Fastify from 'fastify';
import { requireSandboxAccess } from '#server/lib/sandbox-access';
import { startSimulators, type RunningSimulators } from '../start-simulators';
import { lockStateDir } from './state-lock';
import { WORLD_MANIFEST_PATH, worldManifestOf } from './world-manifest';

/** Where a data directory keeps the sandbox world's simulator state. */
export const worldStateDir = (dataDir: string) => path.join(dataDir, 'sandbox-world');

/**
 * Every simulator with its state persisted under `dataDir`, on loopback ports that stay the same
 * across restarts (simulator i on port + 1 + i when `port` is fixed). Locks the state directory.
 * With `accessSecret`, their controls require it.
 */
export async function startPersistedSimulators(opts: {
  dataDir: string;
  portBase?: number;
  accessSecret?: string;
}): Promise<RunningSimulators> {
  const stateDir = worldStateDir(opts.dataDir);
  const lock = lockStateDir(stateDir);
  try {
    const simulators = await startSimulators({
      portBase: opts.portBase,
      stateDir,
      accessSecret: opts.accessSecret,
    });
    return {
      ...simulators,
      async close() {
        await simulators.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

export interface RunningWorld {
  url: string;
  simulators: RunningSimulators;
  close(): Promise<void>;
}

/**
 * The sandbox's outside world as its own process's job: the simulators (state under `dataDir`) plus a
 * manifest at `GET /__world` that apps read through SANDBOX_WORLD_URL. Port 0 picks free ports. Like
 * the simulators, it listens on loopback only, whatever HOST says; with `accessSecret` (the same
 * SANDBOX_ACCESS_SECRET its apps have) the manifest and every simulator control require it.
 */
export async function startWorld(opts: {
  dataDir: string;
  port: number;
  accessSecret?: string;
}): Promise<RunningWorld> {
  const simulators = await startPersistedSimulators({
    dataDir: opts.dataDir,
    portBase: opts.port ? opts.port + 1 : undefined,
    accessSecret: opts.accessSecret,
  });
  const app = Fastify({ logger: false });
  if (opts.accessSecret) {
    requireSandboxAccess(app, {
      secret: opts.accessSecret,
      prefix: WORLD_MANIFEST_PATH,
      secureCookie: false,
    });
  }
  const manifest = worldManifestOf(simulators);
  app.get(WORLD_MANIFEST_PATH, async () => manifest);
  try {
    await app.listen({ port: opts.port, host: '127.0.0.1' });
  } catch (err) {
    await simulators.close();
    throw err;
  }
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    simulators,
    async close() {
      await app.close();
      await simulators.close();
    },
  };
}
