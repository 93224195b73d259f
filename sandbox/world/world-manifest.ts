import { z } from 'zod';
import { sandboxAccessHeaders } from '#server/lib/sandbox-access';
import type { RunningSimulators } from '#server/integrations/sandbox-network';

/**
 * What a sandbox world serves at `GET /__world`: where each simulator listens, which real hosts route
 * to it, and the sandbox credentials it accepts. An app pointed at the world (SANDBOX_WORLD_URL) needs
 * nothing else to talk to it.
 */
export type WorldManifest = Omit<RunningSimulators, 'close'>;

export const WORLD_MANIFEST_PATH = '/__world';

const manifestSchema = z.object({
  simulators: z.record(z.string().min(1), z.object({ baseUrl: z.url() })),
  routes: z.array(z.object({ host: z.string().min(1), target: z.url() })),
  credentials: z.record(z.string().min(1), z.record(z.string(), z.string())),
});

export function worldManifestOf(running: RunningSimulators): WorldManifest {
  return { simulators: running.simulators, routes: running.routes, credentials: running.credentials };
}

/** How long an app waits for a world that is still starting (both are often launched together). */
const WORLD_WAIT_MS = 15_000;

/**
 * The simulators of the world at `worldUrl`, for an app that uses them without owning them: closing
 * the app leaves the world running. `accessSecret` is the world's SANDBOX_ACCESS_SECRET, when it has one.
 */
export async function connectToWorld(
  worldUrl: string,
  opts: { waitMs?: number; accessSecret?: string } = {},
): Promise<RunningSimulators> {
  const url = `${worldUrl}${WORLD_MANIFEST_PATH}`;
  const deadline = Date.now() + (opts.waitMs ?? WORLD_WAIT_MS);
  for (;;) {
    try {
      const response = await fetch(url, {
        headers: sandboxAccessHeaders(opts.accessSecret),
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 401) {
        // A secret that is missing or wrong will not become right by waiting.
        throw Object.assign(
          new Error('it asks for its sandbox access secret: give this app the same SANDBOX_ACCESS_SECRET'),
          { final: true },
        );
      }
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      const parsed = manifestSchema.safeParse(await response.json());
      if (!parsed.success) {
        // A wrong URL (or an older world) will not start answering correctly by waiting.
        throw Object.assign(new Error(`its manifest is not valid: ${parsed.error.message}`), { final: true });
      }
      // The world's ids are the sandbox's own simulator folders, which the app's SimulatorId names.
      return { ...(parsed.data as Omit<RunningSimulators, 'close'>), async close() {} };
    } catch (err) {
      if ((err as { final?: boolean }).final || Date.now() >= deadline) {
        throw new Error(
          `The sandbox world at ${worldUrl} (SANDBOX_WORLD_URL) cannot be used: ${(err as Error).message}. Start it with npm run sandbox:world.`,
          { cause: err },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
