/**
 * Counts what requests cost downstream while a scenario runs: SQL statements sent to the database and
 * outbound HTTP calls to the providers and stores (the simulators, in sandbox), with their latency; and
 * the CPU time the main thread (the app, its embedded database and the simulators) spent.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { RunningSimulators } from '../../server/integrations/sandbox-network';

export interface Usage {
  dbQueries: number;
  /** By simulator id: calls and time to the response headers. */
  outbound: Record<string, { calls: number; p50Ms: number; p99Ms: number }>;
  /** CPU time of the main thread, or null where the platform does not say (Linux only). */
  mainThreadCpuMs: number | null;
}

/**
 * The main thread's CPU time so far (user + system), from /proc: unlike latency it does not change when
 * other programs share the machine, so runs on a busy machine stay comparable. Its id is the process
 * id; the times are in clock ticks, 100 per second on Linux.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number) => Math.round(n * 10) / 10;

export function createUsageMeter(simulators: RunningSimulators) {
  let current: { dbQueries: number; calls: Map<string, number[]> } | null = null;
  const simulatorByOrigin = new Map(
    Object.entries(simulators.simulators).map(([id, s]) => [new URL(s.baseUrl).origin, id]),
  );

  return {
    /** Wraps the fetch the app's sandbox network will use (install before composing the services). */
    wrapFetch(inner: typeof fetch): typeof fetch {
      return async (input, init) => {
        if (!current) return inner(input, init);
        const recording = current;
        const started = performance.now();
        try {
          return await inner(input, init);
        } finally {
          const url = new URL(input instanceof Request ? input.url : String(input));
          const id = simulatorByOrigin.get(url.origin) ?? url.host;
          const list = recording.calls.get(id) ?? [];
          list.push(performance.now() - started);
          recording.calls.set(id, list);
        }
      };
    },
    /** Counts every statement on every connection the pool opens from now on. */
    attachPool(pool: pg.Pool) {
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
          if (current) current.dbQueries += 1;
          return query(...args);
        };
      });
    },
    start(): () => Usage {
      current = { dbQueries: 0, calls: new Map() };
      const recording = current;
      const cpuAtStart = mainThreadCpuMs();
      return () => {
        current = null;
        const cpuAtEnd = mainThreadCpuMs();
        const outbound = Object.fromEntries(
          [...recording.calls].map(([id, ms]) => {
            const sorted = ms.sort((a, b) => a - b);
            return [
              id,
              {
                calls: sorted.length,
                p50Ms: round(percentile(sorted, 50)),
                p99Ms: round(percentile(sorted, 99)),
              },
            ];
          }),
        );
        const mainThreadCpu = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
        return { dbQueries: recording.dbQueries, outbound, mainThreadCpuMs: mainThreadCpu };
      };
    },
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
