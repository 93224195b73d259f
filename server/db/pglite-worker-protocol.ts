import type { UnitFlags, WireAnswer } from './embedded-session';

/** Where the worker's PGlite comes from: a data directory, or a copy of one (tests). */
export type WorkerSource = { dataDir: string } | { snapshot: ArrayBuffer };

export type WorkerCommand =
  | { kind: 'run'; connection: number; messages: Uint8Array; flags: UnitFlags }
  | { kind: 'leave'; connection: number; preparedNames: string[] }
  | { kind: 'close' };

export type WorkerRequest = WorkerCommand & { id: number };

/** Id 0 answers the opening of the database. */
export type WorkerReply =
  { id: number; ok: true; answer?: WireAnswer } | { id: number; ok: false; error: string };
