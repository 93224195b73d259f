import { writeSync } from 'node:fs';

/**
 * Crash drills (docs/decisions/016): named points in the money path where a drill's process kills
 * itself, to prove that recovery after a real crash leaves exactly one charge and one store order.
 * Armed by AGENTCART_FAILPOINT (config.ts refuses it in live mode); unarmed, a failpoint is one
 * comparison.
 */
export const FAILPOINTS = [
  /** The card provider answered that the charge succeeded; nothing is recorded yet. */
  'card.after-charge',
  /** The Lightning provider answered that the invoice is paid; nothing is recorded yet. */
  'lightning.after-paid',
  /**
   * The settlement committed (the order row exists, under this instance's store-write lease); no store
   * write is attempted or queued yet. There is no point before its commit: it is one statement.
   */
  'settlement.after-commit',
  /** A writer holds the order's store-write lease and is about to call the store. */
  'store-write.before',
] as const;

export type FailpointName = (typeof FAILPOINTS)[number];

// Process-wide, like the process it kills: set once by the composition root (main.ts), never by the
// in-process test harness, whose process is the test runner itself.
let armed: FailpointName | null = null;

export function armFailpoint(name: FailpointName | undefined) {
  armed = name ?? null;
}

/** Kills this process with SIGKILL when `name` is the armed failpoint. */
export function failpoint(name: FailpointName) {
  if (armed !== name) return;
  writeSync(2, `failpoint ${name}: killing process ${process.pid} with SIGKILL\n`);
  // SIGKILL, not an exception or process.exit: no finally block, exit hook, pending write or graceful
  // close may run, exactly as when the machine or the OOM killer stops the process.
  process.kill(process.pid, 'SIGKILL');
  // The signal is taken before kill() returns; should it not be, nothing after the failpoint may run.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
