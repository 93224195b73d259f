import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { applyChange, REMOVED, trackChanges } from './change-tracker';
import {
  journalAppender,
  journalFile,
  journalGenerations,
  readJournal,
  syncDirectory,
} from './state-journal';

/**
 * Where a simulator keeps what its provider would remember (orders, charges, invoices, tokens, ids):
 * in memory for tests, or in files under DATA_DIR so the sandbox's outside world survives a restart,
 * a kill -9 included (docs/decisions/015).
 */
export interface SimulatorState {
  /**
   * The value kept under `key`: the one saved before a restart, else `initial()`. Plain data only
   * (objects, arrays, Maps, Sets, Dates); the simulator mutates it in place. Records refer to each other
   * by id: an object reachable from two records would come back from the journal as two copies.
   * `upgrade` adapts a value an earlier version saved, in place, and says whether it changed anything.
   */
  keep<T extends object>(key: string, initial: () => T, upgrade?: (saved: T) => boolean): T;
  /** Makes every change so far durable; a simulator answers only after it resolves. */
  commit(): Promise<void>;
  /** Writes everything and closes the files (on shutdown). */
  flush(): Promise<void>;
}

export function inMemoryState(): SimulatorState {
  return { keep: (_key, initial) => initial(), commit: () => Promise.resolve(), async flush() {} };
}

/** Version 2 names the journal generation that follows the snapshot; version 1 had no journal. */
const FORMAT_VERSION = 2;
/** A snapshot comes at least this long after a change, folding the journal into the state file. */
const MIN_SNAPSHOT_DELAY_MS = 1000;
/**
 * ...and waits this many times what the previous one cost: however large the state grows, snapshots
 * take at most a tenth of the process's time. The journal holds the changes in between.
 */
const SNAPSHOT_COST_FACTOR = 10;

interface Snapshot {
  version: number;
  /** The journal generation whose records follow this snapshot. */
  journal?: number;
  values: Record<string, unknown>;
}

function readSnapshot(file: string): { values: Record<string, unknown>; journal: number } {
  if (!existsSync(file)) return { values: {}, journal: 0 };
  try {
    const snapshot = v8.deserialize(readFileSync(file)) as Snapshot;
    if (snapshot.version !== 1 && snapshot.version !== FORMAT_VERSION)
      throw new Error(`unknown format ${String(snapshot.version)}`);
    return { values: snapshot.values, journal: snapshot.journal ?? 0 };
  } catch (err) {
    throw new Error(
      `The sandbox world's saved state ${file} cannot be read (${(err as Error).message}); delete it to start that simulator afresh.`,
      { cause: err },
    );
  }
}

/**
 * The state as the last snapshot and the journal after it leave it, and the generation new records go
 * to (a fresh one: never appended after a tail a crash cut short).
 */
export function loadState(file: string): { values: Record<string, unknown>; nextGeneration: number } {
  const { values, journal } = readSnapshot(file);
  const generations = journalGenerations(file).filter((generation) => generation >= journal);
  for (const generation of generations) {
    for (const record of readJournal(journalFile(file, generation)).records) {
      // A record under an object the snapshot lacks was made moot by a later change it saw.
      applyChange(values, record.path, record.value ? v8.deserialize(record.value) : REMOVED);
    }
  }
  return { values, nextGeneration: Math.max(journal, (generations.at(-1) ?? -1) + 1) };
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
  await syncDirectory(path.dirname(file));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A simulator's state in `<name>.state` (a V8 snapshot: Maps, Sets, Dates and shared references kept)
 * plus a journal of the units changed since. `commit` appends what the simulator touched and flushes it
 * before the answer; snapshots fold the journal in, one at a time, a bounded share of the process.
 */
export function persistedState(file: string, opts: { onError?: (err: Error) => void } = {}): SimulatorState {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const loaded = loadState(file);
  const values: Record<string, unknown> = {};
  const tracker = trackChanges(values);
  const onError =
    opts.onError ?? ((err) => console.error(`Saving the sandbox world's state to ${file} failed:`, err));
  const journal = journalAppender(file, loaded.nextGeneration, {
    onWriteFailed(err) {
      onError(err as Error);
      // What was not written is collected again the next time it is touched, and the snapshot has it.
      tracker.forgetCollected();
      scheduleSnapshot();
    },
  });
  let lastWritten: Buffer | null = null;
  let lastCostMs = 0;
  let timer: NodeJS.Timeout | null = null;
  let snapshotting: Promise<void> | null = null;
  let pending = false;

  async function snapshot(): Promise<void> {
    timer = null;
    pending = false;
    const started = performance.now();
    // Records collected from here on follow this snapshot; a journal with none keeps its generation.
    const earlier = journal.hasRecords ? journal.nextGeneration() : null;
    tracker.forgetCollected();
    const bytes = v8.serialize({
      version: FORMAT_VERSION,
      journal: journal.generation,
      values,
    } satisfies Snapshot);
    if (!earlier && lastWritten?.equals(bytes)) {
      lastCostMs = performance.now() - started;
      return;
    }
    await writeAtomically(file, bytes);
    lastWritten = bytes;
    lastCostMs = performance.now() - started;
    await earlier?.catch(() => undefined);
    await journal.dropBefore(journal.generation);
  }

  function startSnapshot() {
    snapshotting = snapshot()
      .catch(onError)
      .finally(() => {
        snapshotting = null;
        if (pending) scheduleSnapshot();
      });
  }

  function scheduleSnapshot() {
    pending = true;
    if (timer || snapshotting) return;
    timer = setTimeout(startSnapshot, Math.max(MIN_SNAPSHOT_DELAY_MS, lastCostMs * SNAPSHOT_COST_FACTOR));
  }

  return {
    keep<T extends object>(key: string, initial: () => T, upgrade?: (saved: T) => boolean): T {
      const previous = loaded.values[key];
      if (previous === undefined) {
        values[key] = initial();
        tracker.touchKept(key);
      } else if (isPlainObject(previous)) {
        // Fields added to a simulator since the save start from their initial values.
        const fresh = initial();
        const added = Object.keys(fresh).some((field) => !Object.hasOwn(previous, field));
        values[key] = Object.assign(fresh, previous);
        if (added) tracker.touchKept(key);
      } else {
        values[key] = previous;
      }
      if (previous !== undefined && upgrade?.(values[key] as T)) tracker.touchKept(key);
      return tracker.view<T>(key);
    },
    commit() {
      const written = journal.append(tracker.collectChanges());
      // Also a safety net: a change made through an object kept from an earlier request is in the snapshot.
      scheduleSnapshot();
      return written;
    },
    async flush() {
      await snapshotting;
      if (timer) clearTimeout(timer);
      timer = null;
      tracker.collectChanges();
      await snapshot().catch(onError);
      await journal.close();
    },
  };
}
