import { Worker } from 'node:worker_threads';
import type { WorkerCommand, WorkerReply, WorkerRequest, WorkerSource } from './pglite-worker-protocol';
import type { WireAnswer, WireEngine } from './wire-engine';

export interface WorkerEngine extends WireEngine {
  close(): Promise<void>;
}

type Pending = {
  resolve(reply: WorkerReply & { ok: true }): void;
  reject(error: Error): void;
  settled?: Promise<unknown>;
};

/**
 * The embedded database in a worker thread of its own (pglite-worker.ts). On the event loop, PGlite's
 * WASM and its synchronous file writes held up every request while any statement ran; in a worker they
 * run beside request handling, on another core. The connections still take PGlite's one session in turn
 * (in-process-pglite.ts); only where the statements execute moves (docs/decisions/051).
 */
export async function startPgliteWorker(source: WorkerSource): Promise<WorkerEngine> {
  // The worker is TypeScript like the rest of the server: tsx compiles it, as it does the main thread.
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: source,
    ...('snapshot' in source ? { transferList: [source.snapshot] } : {}),
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply);
    else waiting?.reject(new Error(reply.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) =>
    failAll(new Error(`The embedded database's worker stopped (exit code ${code})`)),
  );

  const ask = (command: WorkerCommand, transfer: ArrayBuffer[] = []) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      const waiting: Pending = { resolve, reject };
      waiting.settled = new Promise((settle) => {
        waiting.resolve = (reply) => (resolve(reply), settle(undefined));
        waiting.reject = (error) => (reject(error), settle(undefined));
      });
      pending.set(id, waiting);
      worker.postMessage({ ...command, id } satisfies WorkerRequest, transfer);
    });

  // The worker answers id 0 once the database is open (or could not be).
  const opened = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  await opened.catch(async (error: Error) => {
    await worker.terminate();
    throw error;
  });
  return {
    async run(messages) {
      // Each message copied into an ArrayBuffer of its own, which is handed over. Never the caller's:
      // a Buffer's `slice` is a view of the same memory (the connection's unread bytes, or Node's shared
      // pool), and handing that over detached it under the next write ("detached ArrayBuffer" thrown
      // inside pg's query, which made pg-pool release the client twice).
      const own = messages.map((message) => new Uint8Array(message));
      const reply = await ask(
        { kind: 'run', messages: own },
        own.map((message) => message.buffer as ArrayBuffer),
      );
      return reply.answer as WireAnswer;
    },
    async exec(sql) {
      await ask({ kind: 'exec', sql });
    },
    async close() {
      // Runs already asked for are answered first: a connection still waiting for its query's answer
      // (pg-boss's last poll, a LISTEN) gets PostgreSQL's reply, not a dead stream.
      while (!failure && pending.size > 0)
        await Promise.allSettled([...pending.values()].map((waiting) => waiting.settled));
      if (!failure) await ask({ kind: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
