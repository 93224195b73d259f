import { Worker } from 'node:worker_threads';
import type { RunningSimulators } from '#server/integrations/sandbox-network';
import type { WorldManifest } from './world-manifest';

export interface WorldThreadOptions {
  dataDir: string;
  portBase?: number;
  accessSecret?: string;
}

export type WorldThreadReply =
  { type: 'ready'; manifest: WorldManifest } | { type: 'closed' } | { type: 'failed'; message: string };

/**
 * The persisted simulators (world-server.ts) on a thread of their own. Real providers do not share the
 * app's event loop, so neither do their stand-ins: a busy Stripe simulator no longer delays the app's
 * requests, and the app's load no longer slows the simulators' answers (ADR 041). The app reaches them
 * over loopback HTTP exactly as before; only their CPU moves.
 *
 * If the thread dies, the simulators stop answering, which the app sees as a provider outage;
 * `onStopped` hears why.
 */
export function startWorldInThread(
  options: WorldThreadOptions,
  onStopped: (err: Error) => void = () => {},
): Promise<RunningSimulators> {
  const worker = new Worker(new URL('../../server/lib/typescript-thread-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./world-thread-entry.ts', import.meta.url).href, options },
  });
  let closing = false;
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => {
      void worker.terminate();
      reject(new Error(`The sandbox world could not start: ${err.message}`, { cause: err }));
    };
    worker.once('error', failed);
    worker.once('message', (reply: WorldThreadReply) => {
      if (reply.type !== 'ready')
        return failed(new Error(reply.type === 'failed' ? reply.message : reply.type));
      worker.off('error', failed);
      worker.on('error', (err) => onStopped(err));
      worker.once('exit', (code) => {
        if (!closing) onStopped(new Error(`the sandbox world's thread exited (code ${code})`));
      });
      resolve({
        ...reply.manifest,
        close: () => {
          closing = true;
          return new Promise<void>((done, fail) => {
            worker.once('message', (last: WorldThreadReply) => {
              void worker.terminate();
              if (last.type === 'failed')
                fail(new Error(`The sandbox world did not close cleanly: ${last.message}`));
              else done();
            });
            worker.postMessage('close');
          });
        },
      });
    });
  });
}
