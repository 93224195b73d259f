import { vi } from 'vitest';

/**
 * How long a test waits for something the app does in the background (a job, a webhook, a store write).
 * A ceiling for when it never happens, not a budget: on two cores at load 30 a job that takes 100 ms
 * alone can take many seconds.
 */
export const EVENTUALLY_MS = 60_000;

/** Polls `read` until `done` holds and returns that value; fails with the last value read. */
export function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = EVENTUALLY_MS,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value).slice(0, 500)}`);
      return value;
    },
    { timeout, interval: 200 },
  );
}
