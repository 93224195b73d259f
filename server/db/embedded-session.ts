import type { PGlite } from '@electric-sql/pglite';

/** What PostgreSQL answered to a run of wire-protocol messages. */
export interface WireAnswer {
  bytes: Uint8Array;
}

/** What the connection knows about a run of its messages. */
export interface UnitFlags {
  /** The run ends with Sync, a simple Query or the startup message: PostgreSQL answers ReadyForQuery. */
  endsUnit: boolean;
  /** The run holds a startup message, SET, RESET or set_config, which the next connection must not inherit. */
  changesSettings: boolean;
}

/**
 * PGlite's one session, as the in-process connections (in-process-pglite.ts) share it: wire-protocol
 * messages in, PostgreSQL's answer out. Implemented on this thread (EmbeddedSession) and in a worker
 * thread of its own (pglite-worker-engine.ts), which runs an EmbeddedSession.
 */
export interface WireEngine {
  /** Runs a connection's messages (complete, back to back) on the session, in its turn. */
  run(connection: number, messages: Uint8Array, flags: UnitFlags): Promise<WireAnswer>;
  /** A connection ends: its open transaction is rolled back and its named statements deallocated. */
  leave(connection: number, preparedNames: string[]): Promise<void>;
  /** Whether the engine has closed: nothing is left to clean up on it. */
  readonly closed: boolean;
}

/**
 * How long the engine may work on one turn of the event loop before letting other callbacks run. On the
 * app's thread every request waits behind the longest turns, so this bounds the tail of those that need
 * little or no SQL (an offer): 10 ms gave the bench's offer run p99 52-58 ms on 2026-12-07, 4 ms gave 39 ms
 * with the same throughput (docs/decisions/065). In the worker, a turn's end lets new work be heard.
 */
const SLICE_MS = 4;

interface Job {
  connection: number;
  run(): Promise<void>;
}

/**
 * The session's turns. A connection holds the session from its first message until PostgreSQL is ready
 * for the next query outside a transaction: a transaction, or an extended-protocol exchange (Parse, Bind,
 * Execute, Sync), is never interleaved with another connection's messages. Otherwise first come, first
 * served. A turn that passes to another connection starts from the default settings, so what one
 * connection SETs (a tool's search_path, say) never changes what another sees: a plain SET lasts only
 * until another connection's turn, while SET LOCAL inside a transaction (which keeps the turn) works.
 */
export class EmbeddedSession implements WireEngine {
  private readonly queue: Job[] = [];
  private holder: number | null = null;
  private running = false;
  private lastUser: number | null = null;
  private readonly changedSettings = new Set<number>();
  /** When the engine's current run of work on this turn of the event loop began, or null between turns. */
  private sliceStart: number | null = null;

  constructor(private readonly pglite: PGlite) {}

  get closed() {
    return this.pglite.closed;
  }

  run(connection: number, messages: Uint8Array, flags: UnitFlags): Promise<WireAnswer> {
    return this.schedule(connection, async () => {
      await this.resetIfAnotherChangedSettings(connection);
      if (flags.changesSettings) this.changedSettings.add(connection);
      const chunks: Uint8Array[] = [];
      await this.pglite.runExclusive(() =>
        // syncToFs copies an in-memory file system to a browser's storage. Ours is a directory on disk that
        // PostgreSQL already writes through to (or memory, for tests), so it would only cost a wait.
        this.pglite.execProtocolRawStream(messages, {
          syncToFs: false,
          onRawData: (data) => chunks.push(data.slice()),
        }),
      );
      this.holder = flags.endsUnit && !this.pglite.isInTransaction() ? null : connection;
      return { bytes: joined(chunks) };
    });
  }

  leave(connection: number, preparedNames: string[]): Promise<void> {
    return this.schedule(connection, async () => {
      this.holder = null;
      // A pool that ends without waiting for its connections may let the engine close first.
      if (this.pglite.closed) return;
      if (this.lastUser === connection && this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
      if (preparedNames.length > 0) await this.deallocate(preparedNames);
      this.changedSettings.delete(connection);
      if (this.lastUser === connection) this.lastUser = null;
    });
  }

  private schedule<T>(connection: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ connection, run: () => work().then(resolve, reject) });
      void this.pump();
    });
  }

  /** Runs queued jobs one at a time: the holder's own, or anyone's once nobody holds the session. */
  private async pump() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.queue.findIndex((job) => this.holder === null || job.connection === this.holder);
        if (next === -1) return;
        await this.yieldIfSliceSpent();
        const [job] = this.queue.splice(next, 1);
        await job!.run();
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * A statement's answer resolves its caller's promise, whose next statement runs the engine again, all in
   * microtasks: left alone, the connections pass the session among themselves for as long as any has work,
   * and no request, response or timer is seen until the whole queue drains (measured: the event loop held
   * up to 600 ms in the offer run). So once the engine has worked for a slice on one turn of the event
   * loop, the next unit waits for the next turn; below that, units run straight on.
   */
  private async yieldIfSliceSpent(): Promise<void> {
    const now = performance.now();
    if (this.sliceStart === null) {
      this.sliceStart = now;
      setImmediate(() => (this.sliceStart = null));
    } else if (now - this.sliceStart > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.yieldIfSliceSpent();
    }
  }

  private async resetIfAnotherChangedSettings(connection: number) {
    if (this.lastUser !== null && this.lastUser !== connection && this.changedSettings.has(this.lastUser)) {
      await this.pglite.exec('RESET ALL');
      this.changedSettings.delete(this.lastUser);
    }
    this.lastUser = connection;
  }

  /** As a real session's end would; only those that exist (a Parse may have failed). */
  private async deallocate(names: string[]) {
    const literals = names.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');
    await this.pglite.exec(
      `DO $$ DECLARE n text; BEGIN
         FOR n IN SELECT name FROM pg_prepared_statements WHERE name = ANY (ARRAY[${literals}]) LOOP
           EXECUTE format('DEALLOCATE %I', n);
         END LOOP; END $$`,
    );
  }
}

/** The chunks in one buffer of its own (never Node's shared pool: the worker hands its buffer over). */
function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
