import { ftruncateSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import type { Step, UnitChange } from './change-tracker';

/**
 * A simulator's journal: the units it changed since its last snapshot, appended and flushed to disk
 * (fdatasync) before the simulator answers, so a kill -9 never loses what a simulator acknowledged.
 * Records collected while a flush runs wait for it and share the next one (group commit).
 *
 * Files: `<name>.<generation>.journal` next to `<name>.state`. A snapshot names the generation that
 * follows it; older generations are deleted once it is on disk. A record is framed as
 * [length u32][crc32 u32][path length u32][path][value]; an empty value is a removal. Reading stops at
 * the first frame that is cut short or fails its checksum: the tail of a write a crash interrupted,
 * which no simulator had acknowledged.
 */

const HEADER_BYTES = 8;

export function encodeChange(change: UnitChange): Buffer {
  const path = v8.serialize(change.path);
  const value = change.value ?? Buffer.alloc(0);
  const body = Buffer.allocUnsafe(4 + path.length + value.length);
  body.writeUInt32LE(path.length, 0);
  path.copy(body, 4);
  value.copy(body, 4 + path.length);
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

export interface JournalRecord {
  path: Step[];
  /** The unit's value; undefined when it was removed. */
  value: Buffer | undefined;
}

/** The whole records of one journal file, in order, and how many bytes they take. */
export function readJournal(file: string): { records: JournalRecord[]; bytes: number } {
  const data = readFileSync(file);
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + HEADER_BYTES + length;
    if (end > data.length) break;
    const body = data.subarray(offset + HEADER_BYTES, end);
    if (crc32(body) !== data.readUInt32LE(offset + 4) || length < 4) break;
    const pathLength = body.readUInt32LE(0);
    if (4 + pathLength > body.length) break;
    const value = body.subarray(4 + pathLength);
    records.push({
      path: v8.deserialize(body.subarray(4, 4 + pathLength)) as Step[],
      value: value.length > 0 ? value : undefined,
    });
    offset = end;
  }
  return { records, bytes: offset };
}

const journalPattern = (stateFile: string) =>
  new RegExp(
    `^${path.basename(stateFile, '.state').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.journal$`,
  );

export const journalFile = (stateFile: string, generation: number) =>
  path.join(path.dirname(stateFile), `${path.basename(stateFile, '.state')}.${generation}.journal`);

/** The generations of journal files present for a state file, oldest first. */
export function journalGenerations(stateFile: string): number[] {
  const pattern = journalPattern(stateFile);
  return readdirSync(path.dirname(stateFile))
    .map((name) => pattern.exec(name)?.[1])
    .filter((generation): generation is string => generation !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Makes a new or renamed entry of `dir` durable (a file's own fdatasync does not cover its name). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

interface Batch {
  frames: { generation: number; frame: Buffer }[];
  written: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const written = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Whoever appended awaits it; a failure nobody waits for must not become an unhandled rejection.
  written.catch(() => undefined);
  return { frames: [], written, resolve, reject };
}

export interface JournalAppender {
  /** The generation new records go to. */
  readonly generation: number;
  /** Whether the current generation has records (then a snapshot starts a new one). */
  readonly hasRecords: boolean;
  /** Appends `changes`; resolves once they, and everything appended before, are on disk. */
  append(changes: UnitChange[]): Promise<void>;
  /** Records from now on go to the next generation; resolves once the earlier ones are on disk. */
  nextGeneration(): Promise<void>;
  /** Closes and deletes the generations before `generation` (a snapshot on disk holds them). */
  dropBefore(generation: number): Promise<void>;
  close(): Promise<void>;
}

interface OpenJournal {
  handle: FileHandle;
  /** Bytes of whole records: what a failed write is cut back to. */
  length: number;
  /** A failed write could not be cut back: nothing more goes into this file. */
  unusable: boolean;
}

export function journalAppender(
  stateFile: string,
  startGeneration: number,
  opts: { onWriteFailed(err: unknown): void },
): JournalAppender {
  let generation = startGeneration;
  let hasRecords = false;
  let pending = newBatch();
  let writing: Batch | null = null;
  const files = new Map<number, Promise<OpenJournal>>();

  const fileFor = (gen: number) => {
    let file = files.get(gen);
    if (!file) {
      file = open(journalFile(stateFile, gen), 'a', 0o600).then(async (handle) => {
        await syncDirectory(path.dirname(stateFile));
        return { handle, length: (await handle.stat()).size, unusable: false };
      });
      // A file that could not be opened is tried again by the next write.
      file.catch(() => files.delete(gen));
      files.set(gen, file);
    }
    return file;
  };

  async function appendTo(file: OpenJournal, bytes: Buffer) {
    if (file.unusable) throw new Error('the journal cannot be appended to until the next snapshot');
    try {
      // Into the page cache at once (microseconds); only the flush to disk waits on the thread pool.
      for (let offset = 0; offset < bytes.length;) offset += writeSync(file.handle.fd, bytes, offset);
      await file.handle.datasync();
      file.length += bytes.length;
    } catch (err) {
      // Reading stops at a torn record: later records must not land behind one.
      try {
        ftruncateSync(file.handle.fd, file.length);
      } catch {
        file.unusable = true;
      }
      throw err;
    }
  }

  async function write(batch: Batch) {
    let start = 0;
    while (start < batch.frames.length) {
      const gen = batch.frames[start]!.generation;
      let end = start;
      while (end < batch.frames.length && batch.frames[end]!.generation === gen) end += 1;
      await appendTo(await fileFor(gen), Buffer.concat(batch.frames.slice(start, end).map((f) => f.frame)));
      start = end;
    }
  }

  async function drain() {
    if (writing) return;
    while (pending.frames.length > 0) {
      const batch = pending;
      pending = newBatch();
      writing = batch;
      try {
        await write(batch);
        batch.resolve();
      } catch (err) {
        batch.reject(err);
        opts.onWriteFailed(err);
      }
    }
    writing = null;
  }

  const lastWritten = () =>
    pending.frames.length > 0 ? pending.written : (writing?.written ?? Promise.resolve());

  return {
    get generation() {
      return generation;
    },
    get hasRecords() {
      return hasRecords;
    },
    append(changes) {
      if (changes.length > 0) {
        for (const change of changes) pending.frames.push({ generation, frame: encodeChange(change) });
        hasRecords = true;
        void drain();
      }
      return lastWritten();
    },
    nextGeneration() {
      const earlier = lastWritten();
      generation += 1;
      hasRecords = false;
      return earlier;
    },
    async dropBefore(oldest) {
      for (const [gen, file] of files) {
        if (gen >= oldest) continue;
        files.delete(gen);
        await (await file.catch(() => null))?.handle.close();
      }
      for (const gen of journalGenerations(stateFile)) {
        if (gen < oldest) rmSync(journalFile(stateFile, gen), { force: true });
      }
    },
    async close() {
      await lastWritten().catch(() => undefined);
      for (const file of files.values()) await (await file.catch(() => null))?.handle.close();
      files.clear();
    },
  };
}
