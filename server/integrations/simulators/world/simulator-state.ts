import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * Where a simulator keeps what its provider would remember (orders, charges, invoices, tokens, ids):
 * in memory for tests, or in a file under DATA_DIR so the sandbox's outside world survives a restart.
 */
export interface SimulatorState {
  /**
   * The value kept under `key`: the one saved before a restart, else `initial()`. Plain data only
   * (objects, arrays, Maps, Sets, Dates); it is kept by reference and mutated in place.
   */
  keep<T extends object>(key: string, initial: () => T): T;
  /** Something may have changed: a persisted state saves soon after, coalescing bursts. */
  changed(): void;
  /** Writes whatever is not saved yet (on shutdown). */
  flush(): Promise<void>;
}

export function inMemoryState(): SimulatorState {
  return { keep: (_key, initial) => initial(), changed() {}, async flush() {} };
}

const FORMAT_VERSION = 1;
/** The shortest wait before a save, so one request's several changes land in one write. */
const MIN_SAVE_DELAY_MS = 5;
/**
 * A save waits this many times what the previous one cost: however large the state grows, saving takes
 * at most a small share of the process's time (a fixed delay would not bound it under load).
 */
const SAVE_COST_FACTOR = 4;

interface Snapshot {
  version: number;
  values: Record<string, unknown>;
}

function readSnapshot(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const snapshot = v8.deserialize(readFileSync(file)) as Snapshot;
    if (snapshot.version !== FORMAT_VERSION) throw new Error(`unknown format ${String(snapshot.version)}`);
    return snapshot.values;
  } catch (err) {
    throw new Error(
      `The sandbox world's saved state ${file} cannot be read (${(err as Error).message}); delete it to start that simulator afresh.`,
      { cause: err },
    );
  }
}

/** Written whole to a temporary file, flushed to disk, then renamed over the old one: never half-written. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A simulator's state saved as one snapshot file (V8's serializer keeps Maps, Sets, Dates and shared
 * references). Saves are coalesced and run one at a time; a crash loses at most the changes of the last
 * save delay, never the file.
 */
export function persistedState(file: string, opts: { onError?: (err: Error) => void } = {}): SimulatorState {
  mkdirSync(path.dirname(file), { recursive: true });
  const saved = readSnapshot(file);
  const values: Record<string, unknown> = {};
  const onError =
    opts.onError ?? ((err) => console.error(`Saving the sandbox world's state to ${file} failed:`, err));
  let lastWritten: Buffer | null = null;
  let lastCostMs = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let pending = false;

  async function save(): Promise<void> {
    timer = null;
    pending = false;
    const started = performance.now();
    const bytes = v8.serialize({ version: FORMAT_VERSION, values } satisfies Snapshot);
    if (lastWritten?.equals(bytes)) {
      lastCostMs = performance.now() - started;
      return;
    }
    await writeAtomically(file, bytes);
    lastWritten = bytes;
    lastCostMs = performance.now() - started;
  }

  function startSave() {
    writing = save()
      .catch(onError)
      .finally(() => {
        writing = null;
        if (pending) schedule();
      });
  }

  function schedule() {
    pending = true;
    if (timer || writing) return;
    timer = setTimeout(startSave, Math.max(MIN_SAVE_DELAY_MS, lastCostMs * SAVE_COST_FACTOR));
  }

  return {
    keep<T extends object>(key: string, initial: () => T): T {
      const previous = saved[key];
      // Fields added to a simulator since the save start from their initial values.
      const value =
        previous === undefined
          ? initial()
          : isPlainObject(previous)
            ? Object.assign(initial(), previous)
            : (previous as T);
      values[key] = value;
      return value;
    },
    changed: schedule,
    async flush() {
      await writing;
      if (timer) clearTimeout(timer);
      timer = null;
      if (pending || !lastWritten) await save().catch(onError);
    },
  };
}
