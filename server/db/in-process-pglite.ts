import { Duplex } from 'node:stream';
import type { WireEngine } from './wire-engine';

/** Messages after which PostgreSQL answers ReadyForQuery: the end of a unit of work on the session. */
const ENDS_A_UNIT = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);

interface Message {
  bytes: Buffer;
  startup: boolean;
}

const typeOf = (message: Message) => (message.startup ? null : message.bytes[0]!);

/**
 * PGlite's one session, taken in turn (first come, first served) by this process's connections. A turn
 * that passes to another connection starts from the default settings, so what one connection SETs (a
 * tool's search_path, say) never changes what another sees. The price: a plain SET lasts only until
 * another connection's turn; SET LOCAL inside a transaction (which keeps the turn) is what works.
 */
class SharedSession {
  private tail: Promise<void> = Promise.resolve();
  private lastUser: object | null = null;

  constructor(private readonly engine: WireEngine) {}

  /** Waits for the session; the result gives it back. */
  async take(user: object): Promise<() => void> {
    let giveBack!: () => void;
    const givenBack = new Promise<void>((resolve) => (giveBack = resolve));
    const turn = this.tail;
    this.tail = this.tail.then(() => givenBack);
    await turn;
    try {
      if (this.lastUser && this.lastUser !== user) await this.engine.exec('RESET ALL');
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
  private pending = Buffer.alloc(0);
  private startupRead = false;
  private giveBack: (() => void) | null = null;
  /** This connection's messages, run strictly in order. */
  private work: Promise<void> = Promise.resolve();

  /** Whether the session was inside a transaction after this connection's last messages. */
  private inTransaction = false;

  constructor(
    private readonly engine: WireEngine,
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
    this.pending = Buffer.concat([this.pending, chunk]);
    // What node-postgres writes at once (Parse, Bind, Describe, Execute, Sync) runs as one turn.
    const batch: Message[] = [];
    for (let message = this.nextMessage(); message; message = this.nextMessage()) batch.push(message);
    if (batch.length > 0) this.work = this.work.then(() => this.run(batch));
    this.work.catch((error: Error) => this.destroy(error));
    done();
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

  private async run(batch: Message[]) {
    if (this.destroyed) return;
    const terminates = batch.findIndex((message) => typeOf(message) === TERMINATE);
    const messages = terminates === -1 ? batch : batch.slice(0, terminates);
    if (messages.length > 0) {
      this.giveBack ??= await this.session.take(this);
      if (this.destroyed) return this.leaveSession();
      const answer = await this.engine.run(messages.map((message) => message.bytes));
      this.inTransaction = answer.inTransaction;
      this.push(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      const last = messages.at(-1)!;
      const endsUnit = last.startup || ENDS_A_UNIT.has(typeOf(last)!);
      if (endsUnit && !this.inTransaction) this.giveSessionBack();
    }
    if (terminates !== -1) await this.leaveSession();
  }

  private giveSessionBack() {
    this.giveBack?.();
    this.giveBack = null;
  }

  /** A connection that goes away inside a transaction must not leave it open for the next one. */
  private async leaveSession() {
    if (this.giveBack && this.inTransaction) {
      await this.engine.exec('ROLLBACK');
      this.inTransaction = false;
    }
    this.giveSessionBack();
  }
}

/**
 * node-postgres's `stream` option for connections to the engine's PGlite, all sharing its one session in
 * turn.
 */
export function inProcessPglite(engine: WireEngine): () => Duplex {
  const session = new SharedSession(engine);
  return () => new InProcessConnection(engine, session);
}
