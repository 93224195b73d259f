import { parentPort, workerData } from 'node:worker_threads';
import type { WorldThreadOptions, WorldThreadReply } from './world-thread';
import { worldManifestOf } from './world-manifest';
import { startPersistedSimulators } from './world-server';

/** The sandbox world's thread: starts the persisted simulators, answers with their manifest, closes them when told. */
const port = parentPort!;
const reply = (message: WorldThreadReply) => port.postMessage(message);

try {
  const simulators = await startPersistedSimulators((workerData as { options: WorldThreadOptions }).options);
  port.once('message', () => {
    simulators.close().then(
      () => reply({ type: 'closed' }),
      (err: unknown) => reply({ type: 'failed', message: String((err as Error)?.message ?? err) }),
    );
  });
  reply({ type: 'ready', manifest: worldManifestOf(simulators) });
} catch (err) {
  reply({ type: 'failed', message: String((err as Error)?.message ?? err) });
}
