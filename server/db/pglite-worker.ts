/**
 * The worker thread that runs the embedded database (pglite-worker-engine.ts starts it): PGlite's WASM
 * and its synchronous file writes happen here, beside the event loop that answers HTTP, instead of on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { runOnPglite } from './wire-engine';
import type { WorkerReply, WorkerRequest, WorkerSource } from './pglite-worker-protocol';

const port = parentPort!;
const source = workerData as WorkerSource;

async function open(): Promise<PGlite> {
  return 'dataDir' in source
    ? PGlite.create({ dataDir: source.dataDir })
    : PGlite.create({ loadDataDir: new Blob([source.snapshot]) });
}

const opened = open();
opened.then(
  () => port.postMessage({ id: 0, ok: true } satisfies WorkerReply),
  (error: Error) => port.postMessage({ id: 0, ok: false, error: error.message } satisfies WorkerReply),
);

port.on('message', async (request: WorkerRequest) => {
  try {
    const pglite = await opened;
    if (request.kind === 'run') {
      const answer = await runOnPglite(pglite, request.messages);
      const reply: WorkerReply = { id: request.id, ok: true, answer };
      port.postMessage(reply, [answer.bytes.buffer as ArrayBuffer]);
    } else if (request.kind === 'exec') {
      await pglite.exec(request.sql);
      port.postMessage({ id: request.id, ok: true } satisfies WorkerReply);
    } else {
      // After every run already taken in (they hold PGlite's exclusive turn in the order they came).
      await pglite.runExclusive(async () => undefined);
      await pglite.close();
      port.postMessage({ id: request.id, ok: true } satisfies WorkerReply);
    }
  } catch (error) {
    port.postMessage({ id: request.id, ok: false, error: (error as Error).message } satisfies WorkerReply);
  }
});
