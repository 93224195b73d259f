import type { PGlite } from '@electric-sql/pglite';

/** What PostgreSQL answered to a run of wire-protocol messages. */
export interface WireAnswer {
  bytes: Uint8Array;
  /** Whether the session is inside a transaction once the messages have run. */
  inTransaction: boolean;
}

/**
 * PGlite's one session as the in-process connections use it (in-process-pglite.ts): wire-protocol
 * messages in, PostgreSQL's answer out. Where PGlite runs (this thread, or a worker of its own) is the
 * engine's business.
 */
export interface WireEngine {
  /** Runs the messages in order, as one uninterrupted turn on the session. */
  run(messages: Uint8Array[]): Promise<WireAnswer>;
  /** Runs SQL outside the wire protocol (RESET ALL between turns, ROLLBACK of an abandoned transaction). */
  exec(sql: string): Promise<void>;
}

/** Runs messages on a PGlite of this thread (tests and offline tools; the app uses pglite-worker-engine.ts). */
export function runOnPglite(pglite: PGlite, messages: Uint8Array[]): Promise<WireAnswer> {
  return pglite.runExclusive(async () => {
    const chunks: Uint8Array[] = [];
    for (const message of messages) {
      // syncToFs copies an in-memory file system to a browser's storage. Ours is a directory on disk that
      // PostgreSQL already writes through to (or memory, for tests), so it would only cost a wait per message.
      await pglite.execProtocolRawStream(message, {
        syncToFs: false,
        onRawData: (data) => chunks.push(data.slice()),
      });
    }
    return { bytes: joined(chunks), inTransaction: pglite.isInTransaction() };
  });
}

/** The chunks in one buffer of its own (never Node's shared pool: the worker hands its buffer over). */
function joined(chunks: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** An engine on a PGlite of this thread. */
export function pgliteEngine(pglite: PGlite): WireEngine {
  return {
    run: (messages) => runOnPglite(pglite, messages),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };
}
