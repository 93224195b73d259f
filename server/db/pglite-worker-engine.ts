import { Worker } from 'node:worker_threads';
import type { WireAnswer, WireEngine } from './embedded-session';
import type { WorkerCommand, WorkerReply, WorkerRequest, WorkerSource } from './pglite-worker-protocol';

export interface WorkerEngine extends WireEngine {
  close(): Promise<void>;
}

interface Pending {
  resolve(reply: WorkerReply & { ok: true }): void;
  reject(error: Error): void;
}

/**
 * The embedded database on a worker thread of its own (pglite-worker.ts), which also keeps the session's
 * turns (embedded-session.ts). On the app's thread, PGlite's WASM and its file writes held up every
 * request while any statement ran, and the session waited for the event loop between one connection's
 * answer and the next connection's query; here the statements run beside request handling, on the
 * machine's other core, back to back (docs/decisions/068).
 *
 * A thread that stops unasked is the database gone: `onStopped` hears why (the app exits, as it would
 * have if PGlite had failed on its own thread), and every query waiting or to come fails.
 */
export async function startPgliteWorker(
  source: WorkerSource,
  onStopped: (error: Error) => void,
): Promise<WorkerEngine> {
  const worker = new Worker(new URL('../lib/typescript-thread-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./pglite-worker.ts', import.meta.url).href, source },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;
  let closing = false;
  let closed = false;
  const stop = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (!closing) onStopped(error);
  };
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply);
    else waiting?.reject(new Error(reply.error));
  });
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));

  const ask = (command: WorkerCommand, transfer: ArrayBuffer[] = []) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...command, id } satisfies WorkerRequest, transfer);
    });

  // The worker answers id 0 once the database is open (or could not be).
  try {
    await new Promise((resolve, reject) => pending.set(0, { resolve, reject }));
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw error;
  }
  return {
    get closed() {
      return closed || failure !== null;
    },
    async run(connection, messages, flags) {
      // A copy in an ArrayBuffer of its own, which is handed over. Never the caller's: a Buffer's
      // `subarray` is a view of the same memory (the connection's unread bytes, or Node's shared pool),
      // and handing that over would detach it under the connection's next write.
      const own = new Uint8Array(messages);
      const reply = await ask({ kind: 'run', connection, messages: own, flags }, [own.buffer as ArrayBuffer]);
      return reply.answer as WireAnswer;
    },
    async leave(connection, preparedNames) {
      await ask({ kind: 'leave', connection, preparedNames });
    },
    async close() {
      closing = true;
      // The worker closes PGlite after the runs it already took in, which it answers first.
      if (!failure) await ask({ kind: 'close' }).catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
}
