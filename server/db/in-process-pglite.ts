import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/** Messages after which PostgreSQL answers ReadyForQuery: the end of a unit of work on the session. */
const ENDS_A_UNIT = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);
/**
 * How long the engine may work on one turn of the event loop before letting other callbacks run. Every
 * request waits behind the longest turns, so this bounds the tail of those that need little or no SQL
 * (an offer): 10 ms gave the bench's offer run p99 52-58 ms on 2026-12-07, 4 ms gave 39 ms with the same
 * throughput and card flows per second (docs/decisions/065).
 */
const SLICE_MS = 4;

interface Message {
  bytes: Buffer;
  startup: boolean;
}

/**
 * PGlite's one session, taken in turn (first come, first served) by this process's connections. A turn
 * that passes to another connection starts from the default settings, so what one connection SETs (a
 * tool's search_path, say) never changes what another sees. The price: a plain SET lasts only until
 * another connection's turn; SET LOCAL inside a transaction (which keeps the turn) is what works.
 */
class SharedSession {
  private tail: Promise<void> = Promise.resolve();
  private lastUser: InProcessConnection | null = null;

  /** When the engine's current run of work on this turn of the event loop began, or null between turns. */
  private sliceStart: number | null = null;

  constructor(private readonly pglite: PGlite) {}

  /**
   * Called before a unit of work starts. A statement's answer resolves its caller's promise, whose next
   * statement runs the engine again, all in microtasks: left alone, the connections pass the session
   * among themselves for as long as any has work, and no request, response or timer is seen until the
   * whole queue drains (measured: the event loop held up to 600 ms in the offer run). So once the engine
   * has worked for a slice on one turn of the event loop, the next unit waits for the next turn; below
   * that, units run straight on, as a statement after a statement is what keeps transactions short.
   */
  async yieldIfSliceSpent(): Promise<void> {
    const now = performance.now();
    if (this.sliceStart === null) {
      this.sliceStart = now;
      setImmediate(() => (this.sliceStart = null));
    } else if (now - this.sliceStart > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.yieldIfSliceSpent();
    }
  }

  /** Waits for the session; the result gives it back. */
  async take(user: InProcessConnection): Promise<() => void> {
    let giveBack!: () => void;
    const givenBack = new Promise<void>((resolve) => (giveBack = resolve));
    const turn = this.tail;
    this.tail = this.tail.then(() => givenBack);
    await turn;
    try {
      if (this.lastUser !== user && this.lastUser?.changedSettings) {
        await this.pglite.exec('RESET ALL');
        this.lastUser.changedSettings = false;
      }
    } catch (error) {
      giveBack();
      throw error;
    }
    this.lastUser = user;
    return giveBack;
  }
}

/**
 * One node-postgres connection to an in-process PGlite: the PostgreSQL wire protocol over an in-memory
 * stream, with no socket another program could open (docs/decisions/009). PGlite has a single session,
 * so a connection holds it from its first message until PostgreSQL is ready for the next query outside
 * a transaction: a transaction, or an extended-protocol exchange (Parse, Bind, Execute, Sync), is never
 * interleaved with another connection's messages.
 */
class InProcessConnection extends Duplex {
  /**
   * Whether this connection may have changed a session setting (a startup parameter, SET, set_config),
   * which the next connection's turn must not inherit. Only then is the turn's RESET ALL worth its cost.
   */
  changedSettings = false;
  /** The statements this connection prepared by name: the session outlives the connection, they must not. */
  private readonly preparedNames = new Set<string>();
  private pending = Buffer.alloc(0);
  private startupRead = false;
  private giveBack: (() => void) | null = null;
  /** This connection's messages, run strictly in order. */
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    private readonly session: SharedSession,
  ) {
    super();
  }

  // What node-postgres calls on a socket.
  connect() {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.receive([chunk]);
    done();
  }

  // node-postgres corks the stream while it writes a query's Bind, Describe, Execute and Sync: they
  // arrive here together.
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    this.receive(chunks.map(({ chunk }) => chunk));
    done();
  }

  /**
   * Queues the complete messages received so far. Those that arrive together go to the engine in one
   * call (it reads every message of a buffer in turn, as PostgreSQL reads a socket): a prepared query's
   * four messages cost one pass through PGlite and this class instead of four. The startup and
   * Terminate messages run on their own.
   */
  private receive(chunks: Buffer[]) {
    this.pending = Buffer.concat([this.pending, ...chunks]);
    let batch: Message[] = [];
    const queue = (messages: Message[]) => {
      if (messages.length > 0) this.work = this.work.then(() => this.run(messages));
    };
    for (let message = this.nextMessage(); message; message = this.nextMessage()) {
      if (message.startup || message.bytes[0] === TERMINATE) {
        queue(batch);
        queue([message]);
        batch = [];
      } else batch.push(message);
    }
    queue(batch);
    this.work.catch((error: Error) => this.destroy(error));
  }

  override _final(done: (error?: Error | null) => void) {
    this.work
      .then(() => this.leaveSession())
      .then(() => {
        this.push(null);
        done();
      }, done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    this.leaveSession().then(
      () => done(error),
      () => done(error),
    );
  }

  /** The next complete message: the startup message has no type byte, every later one has. */
  private nextMessage(): Message | null {
    const startup = !this.startupRead;
    const typeBytes = startup ? 0 : 1;
    if (this.pending.length < typeBytes + 4) return null;
    const length = typeBytes + this.pending.readInt32BE(typeBytes);
    if (this.pending.length < length) return null;
    const bytes = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    this.startupRead = true;
    return { bytes, startup };
  }

  /** Whether a unit of work (a simple query, or an extended-protocol exchange up to Sync) has begun. */
  private unitOpen = false;

  private async run(messages: Message[]) {
    if (this.destroyed) return;
    if (!this.unitOpen) {
      await this.session.yieldIfSliceSpent();
      this.unitOpen = true;
    }
    const first = messages[0]!;
    if (!first.startup && first.bytes[0] === TERMINATE) return this.leaveSession();
    this.giveBack ??= await this.session.take(this);
    for (const { bytes, startup } of messages) {
      if (startup || changesSettings(bytes)) this.changedSettings = true;
      const prepared = preparedName(bytes);
      if (prepared) this.preparedNames.add(prepared);
    }
    if (this.destroyed) return this.leaveSession();
    const bytes = messages.length === 1 ? first.bytes : Buffer.concat(messages.map((m) => m.bytes));
    // syncToFs copies an in-memory file system to a browser's storage. Ours is a directory on disk that
    // PostgreSQL already writes through to (or memory, for tests), so it would only cost a wait per message.
    await this.pglite.runExclusive(() =>
      this.pglite.execProtocolRawStream(bytes, {
        syncToFs: false,
        onRawData: (data) => this.push(Buffer.from(data)),
      }),
    );
    const last = messages[messages.length - 1]!;
    const endsUnit = last.startup || ENDS_A_UNIT.has(last.bytes[0]!);
    if (endsUnit) this.unitOpen = false;
    if (endsUnit && !this.pglite.isInTransaction()) this.giveSessionBack();
  }

  private giveSessionBack() {
    this.giveBack?.();
    this.giveBack = null;
  }

  /** A connection that goes away inside a transaction must not leave it open for the next one. */
  private async leaveSession() {
    if (this.giveBack && this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
    if (this.preparedNames.size > 0) await this.deallocatePrepared();
    this.giveSessionBack();
  }

  /** As a real session's end would; only those that exist (a Parse may have failed). */
  private async deallocatePrepared() {
    const names = [...this.preparedNames];
    this.preparedNames.clear();
    // A pool that ends without waiting for its connections may let the engine close first: nothing left to free.
    if (this.pglite.closed) return;
    this.giveBack ??= await this.session.take(this);
    const literals = names.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');
    await this.pglite.exec(
      `DO $$ DECLARE n text; BEGIN
         FOR n IN SELECT name FROM pg_prepared_statements WHERE name = ANY (ARRAY[${literals}]) LOOP
           EXECUTE format('DEALLOCATE %I', n);
         END LOOP; END $$`,
    );
  }
}

/** Statements that change a session setting: SET (not SET LOCAL, which ends with its transaction), RESET, set_config. */
const CHANGES_SETTINGS = /(^|;)\s*(set\s+(?!local\b)|reset\s)|set_config\s*\(/i;
const QUERY = 'Q'.charCodeAt(0);
const PARSE = 'P'.charCodeAt(0);

/** Whether a simple query or a parse message holds a statement that changes a session setting. */
function changesSettings(bytes: Buffer): boolean {
  if (bytes[0] !== QUERY && bytes[0] !== PARSE) return false;
  return CHANGES_SETTINGS.test(bytes.toString('utf8', 5));
}

/** The name a Parse message gives its statement, or null for the unnamed statement or another message. */
function preparedName(bytes: Buffer): string | null {
  if (bytes[0] !== PARSE || bytes[5] === 0) return null;
  return bytes.toString('utf8', 5, bytes.indexOf(0, 5));
}

/**
 * node-postgres's `stream` option for connections to `pglite`, all sharing its one session in turn.
 */
export function inProcessPglite(pglite: PGlite): () => Duplex {
  const session = new SharedSession(pglite);
  return () => new InProcessConnection(pglite, session);
}
