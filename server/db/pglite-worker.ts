/**
 * The worker thread that runs the embedded database (pglite-worker-engine.ts starts it): PGlite's WASM
 * and its synchronous file writes happen here, beside the event loop that answers HTTP, instead of on it.
 * The session's turns are kept here too, so that one connection's work starts the moment another's ends,
 * without waiting for the app's thread to hear of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedSession } from './embedded-session';
import type { WorkerReply, WorkerRequest, WorkerSource } from './pglite-worker-protocol';

const port = parentPort!;
const { source } = workerData as { source: WorkerSource };

const opened = (
  'dataDir' in source
    ? PGlite.create({ dataDir: source.dataDir })
    : PGlite.create({ loadDataDir: new Blob([source.snapshot]) })
).then((pglite) => ({ pglite, session: new EmbeddedSession(pglite) }));
opened.then(
  () => port.postMessage({ id: 0, ok: true } satisfies WorkerReply),
  (error: Error) => port.postMessage({ id: 0, ok: false, error: error.message } satisfies WorkerReply),
);

port.on('message', async (request: WorkerRequest) => {
  try {
    const { pglite, session } = await opened;
    if (request.kind === 'run') {
      const answer = await session.run(request.connection, request.messages, request.flags);
      port.postMessage({ id: request.id, ok: true, answer } satisfies WorkerReply, [
        answer.bytes.buffer as ArrayBuffer,
      ]);
    } else if (request.kind === 'leave') {
      await session.leave(request.connection, request.preparedNames);
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
