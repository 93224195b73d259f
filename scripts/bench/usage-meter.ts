/**
 * Counts what requests cost downstream while a scenario runs: SQL statements sent to the database and
 * outbound HTTP calls to the providers and stores (the simulators, in sandbox), with their latency; and
 * the CPU time the app's thread spent, and the whole process's (every thread: the app, its embedded
 * database, the simulators and the bench's load generator).
 *
 * Statements are counted at the client, on every connection (server/test/sql-statements.ts), background
 * jobs included. Those sent on behalf of an HTTP request, from its arrival until its response went out,
 * are also counted apart as the request path; what the request leaves running after it (a batched
 * access-log write) and everything the job queues and the event relay do is background. The bench's own
 * queries (waiting for the queues to drain) are not counted at all.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { RunningSimulators } from '../../server/integrations/sandbox-network';
import { StatementRecord, watchStatements, type StatementWatch } from '../../server/test/sql-statements';

export interface Usage {
  /** Every statement on every connection, background work included. */
  dbQueries: number;
  /** Of those, the statements sent on behalf of HTTP requests while they were in flight. */
  requestPathQueries: number;
  /** By simulator id: calls and time to the response headers. */
  outbound: Record<string, { calls: number; p50Ms: number; p99Ms: number }>;
  /** CPU time of the main thread, or null where the platform does not say (Linux only). */
  mainThreadCpuMs: number | null;
  /** CPU time of every thread of the process. */
  processCpuMs: number;
  /**
   * How long the event loop was held up (a timer firing late): every request waits behind the longest
   * holds, so a p99 far above the per-request work points at something blocking the loop, not at the
   * requests.
   */
  eventLoopDelay: { p99Ms: number; maxMs: number };
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
  let current: { requestPathQueries: number; calls: Map<string, number[]> } | null = null;
  let statements: StatementWatch | null = null;
  const requests = new WeakMap<IncomingMessage, StatementRecord>();
  const benchOwn = new StatementRecord();
  const sentByApp = () => (statements?.total() ?? 0) - benchOwn.statements.length;
  const simulatorByOrigin = new Map(
    Object.entries(simulators.simulators).map(([id, s]) => [new URL(s.baseUrl).origin, id]),
  );

  return {
    /**
     * Times every outbound HTTP request of this thread (the app's fetch is built on node:http) from its
     * start to its response headers, through node:http's diagnostics channels: nothing is wrapped, so
     * the app runs exactly the code it runs unmeasured.
     */
    watchOutbound(): () => void {
      const started = new WeakMap<ClientRequest, { at: number; recording: NonNullable<typeof current> }>();
      const onStart = (message: unknown) => {
        const { request } = message as { request: ClientRequest };
        if (current) started.set(request, { at: performance.now(), recording: current });
      };
      const onResponse = (message: unknown) => {
        const { request } = message as { request: ClientRequest };
        const start = started.get(request);
        if (!start) return;
        const origin = `${request.protocol}//${request.getHeader('host')}`;
        const id = simulatorByOrigin.get(origin) ?? origin;
        const list = start.recording.calls.get(id) ?? [];
        list.push(performance.now() - start.at);
        start.recording.calls.set(id, list);
      };
      diagnostics.subscribe('http.client.request.start', onStart);
      diagnostics.subscribe('http.client.response.finish', onResponse);
      return () => {
        diagnostics.unsubscribe('http.client.request.start', onStart);
        diagnostics.unsubscribe('http.client.response.finish', onResponse);
      };
    },
    /** Counts every statement on every connection of the pool from now on. */
    attachPool(pool: pg.Pool) {
      statements = watchStatements(pool);
    },
    /**
     * Attributes statements to the request they are sent for. The request's context is entered where the
     * HTTP server hands it to Fastify, before any hook (a hook added here would run after the routes'
     * own, the agent key check among them), and again once its body is parsed (the body's stream events
     * come from the socket's context, not the request's); it is closed when the response has gone.
     */
    attachRequests(app: FastifyInstance) {
      const watch = statements;
      if (!watch) throw new Error('attach the pool before the requests');
      const server = app.server;
      const [handle] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
      if (!handle) throw new Error('the app has no request handler yet');
      server.removeListener('request', handle);
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const record = new StatementRecord();
        requests.set(req, record);
        watch.within(record, () => handle.call(server, req, res));
      });
      app.addHook('preValidation', (request, _reply, done) => {
        const record = requests.get(request.raw);
        if (record) watch.within(record, done);
        else done();
      });
      app.addHook('onResponse', async (request) => {
        const record = requests.get(request.raw);
        if (!record) return;
        record.open = false;
        if (current) current.requestPathQueries += record.statements.length;
      });
    },
    /** Runs the bench's own queries (not the app's: not counted). */
    unmetered<T>(run: () => Promise<T>): Promise<T> {
      if (!statements) return run();
      // Awaited inside the context: a query builder starts its query only once it is awaited.
      return statements.within(benchOwn, async () => await run());
    },
    start(): () => Usage {
      current = { requestPathQueries: 0, calls: new Map() };
      const recording = current;
      const cpuAtStart = mainThreadCpuMs();
      const processCpuAtStart = process.cpuUsage();
      const queriesAtStart = sentByApp();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      return () => {
        current = null;
        loop.disable();
        const dbQueries = sentByApp() - queriesAtStart;
        const cpuAtEnd = mainThreadCpuMs();
        const processCpu = process.cpuUsage(processCpuAtStart);
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
        return {
          dbQueries,
          requestPathQueries: recording.requestPathQueries,
          outbound,
          mainThreadCpuMs: mainThreadCpu,
          processCpuMs: (processCpu.user + processCpu.system) / 1000,
          // The histogram counts in nanoseconds.
          eventLoopDelay: { p99Ms: round(loop.percentile(99) / 1e6), maxMs: round(loop.max / 1e6) },
        };
      };
    },
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;
