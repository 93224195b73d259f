import { Duplex } from 'node:stream';
import type { WireEngine } from './embedded-session';

/** Messages after which PostgreSQL answers ReadyForQuery: the end of a unit of work on the session. */
const ENDS_A_UNIT = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);
interface Message {
  bytes: Buffer;
  startup: boolean;
}

let connections = 0;

/**
 * One node-postgres connection to an in-process PGlite: the PostgreSQL wire protocol over an in-memory
 * stream, with no socket another program could open (docs/decisions/009). PGlite has a single session,
 * so a connection holds it from its first message until PostgreSQL is ready for the next query outside
 * a transaction: a transaction, or an extended-protocol exchange (Parse, Bind, Execute, Sync), is never
 * interleaved with another connection's messages.
 */
class InProcessConnection extends Duplex {
  private readonly id = ++connections;
  /** The statements this connection prepared by name: the session outlives the connection, they must not. */
  private readonly preparedNames = new Set<string>();
  private pending = Buffer.alloc(0);
  private startupRead = false;
  /** This connection's messages, run strictly in order. */
  private work: Promise<void> = Promise.resolve();
  /** Whether any message of this connection reached the session, which it must then leave. */
  private joined = false;

  constructor(private readonly engine: WireEngine) {
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

  private async run(messages: Message[]) {
    if (this.destroyed) return;
    const first = messages[0]!;
    if (!first.startup && first.bytes[0] === TERMINATE) return this.leaveSession();
    let changesSettings = false;
    for (const { bytes, startup } of messages) {
      if (startup || changesSettingsIn(bytes)) changesSettings = true;
      const prepared = preparedName(bytes);
      if (prepared) this.preparedNames.add(prepared);
    }
    const last = messages[messages.length - 1]!;
    const bytes = messages.length === 1 ? first.bytes : Buffer.concat(messages.map((m) => m.bytes));
    this.joined = true;
    const answer = await this.engine.run(this.id, bytes, {
      endsUnit: last.startup || ENDS_A_UNIT.has(last.bytes[0]!),
      changesSettings,
    });
    if (this.destroyed) return this.leaveSession();
    this.push(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  }

  /** A connection that goes away inside a transaction must not leave it open for the next one. */
  private async leaveSession() {
    if (!this.joined) return;
    this.joined = false;
    const names = [...this.preparedNames];
    this.preparedNames.clear();
    await this.engine.leave(this.id, names);
  }
}

/** Statements that change a session setting: SET (not SET LOCAL, which ends with its transaction), RESET, set_config. */
const CHANGES_SETTINGS = /(^|;)\s*(set\s+(?!local\b)|reset\s)|set_config\s*\(/i;
const QUERY = 'Q'.charCodeAt(0);
const PARSE = 'P'.charCodeAt(0);

/** Whether a simple query or a parse message holds a statement that changes a session setting. */
function changesSettingsIn(bytes: Buffer): boolean {
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
export function inProcessPglite(engine: WireEngine): () => Duplex {
  return () => new InProcessConnection(engine);
}
