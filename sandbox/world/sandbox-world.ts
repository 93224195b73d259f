import type { AppConfig } from '#server/config';
import type { RunningSimulators } from '#server/integrations/sandbox-network';
import { connectToWorld } from './world-manifest';
import { startWorldInThread } from './world-thread';

/**
 * The simulators a sandbox app talks to: the shared world at SANDBOX_WORLD_URL when set (the app starts
 * none), else its own, on a thread of its own, persisted under DATA_DIR on ports next to the app's so
 * stored links keep working. `onStopped` hears if that thread dies.
 */
export function openSandboxWorld(
  config: Pick<AppConfig, 'sandboxWorldUrl' | 'dataDir' | 'port' | 'sandboxAccessSecret'>,
  onStopped?: (err: Error) => void,
): Promise<RunningSimulators> {
  const accessSecret = config.sandboxAccessSecret;
  return config.sandboxWorldUrl
    ? connectToWorld(config.sandboxWorldUrl, { accessSecret })
    : startWorldInThread({ dataDir: config.dataDir, portBase: config.port + 1000, accessSecret }, onStopped);
}
