import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { requireSandboxAccess } from '#server/lib/sandbox-access';
import { withinRequest } from './world/change-tracker';
import { inMemoryState, type SimulatorState } from './world/simulator-state';

/**
 * What every provider simulator shares: a Fastify app on loopback, fault injection (down, latency), and
 * `GET /__sim` listing its control endpoints and the sandbox credentials it accepts. Each simulator adds
 * the provider's real routes at the root of its base URL, so an official client pointed at it just works.
 */
export interface SimulatorOptions {
  /** Provider id, e.g. "opennode". */
  name: string;
  /** Credentials a person can paste into the settings forms (field names as the forms use them). */
  credentials: Record<string, string>;
  /** Sent as the failure body while the simulator is "down" (the provider's own shape). */
  downBody?: unknown;
  /** Where the provider's objects are kept; in memory unless the sandbox world persists them. */
  state?: SimulatorState;
}

export interface Simulator {
  app: FastifyInstance;
  /** Adds a control endpoint (`POST /__sim/...`) and lists it at `GET /__sim`. */
  control(
    path: string,
    handler: (params: Record<string, string>, body: unknown) => unknown | Promise<unknown>,
  ): void;
  /** State that outlives a restart when the world is persisted (see SimulatorState.keep). */
  keep: SimulatorState['keep'];
}

export interface RunningSimulator {
  name: string;
  baseUrl: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export function createSimulator(opts: SimulatorOptions): Simulator {
  // Closing drops every client connection: an answer held back by a fault must not hold up shutdown.
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true });
  const controls: string[] = [
    'POST /__sim/down',
    'POST /__sim/up',
    'POST /__sim/latency',
    'POST /__sim/malformed',
    'POST /__sim/slow-answers',
  ];
  const faults = { down: false, latencyMs: 0, malformedResponses: 0 };
  /**
   * Requests that are carried out at once but answered late: the provider did the work, and a client
   * that gave up waiting does not know it (unlike `latency`, which delays before anything happens).
   */
  const slowAnswers = {
    remaining: 0,
    ms: 0,
    method: null as string | null,
    pathPrefix: null as string | null,
  };
  const state = opts.state ?? inMemoryState();
  // A request's commit covers everything it touched, even what another request's commit collected first.
  app.addHook('onRequest', (_request, _reply, done) => withinRequest(done));
  // What a provider acknowledges it never forgets: any request may have changed its objects (even a GET
  // can expire an invoice), and the answer goes out once that is on disk. First of the onSend hooks, so a
  // slow answer is slow after the work is done.
  app.addHook('onSend', async (_request, _reply, payload) => {
    await state.commit();
    return payload;
  });
  app.addHook('onClose', async () => state.flush());

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__sim')) return;
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    if (faults.down) {
      return reply.status(503).send(opts.downBody ?? { error: 'Service Unavailable' });
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url.startsWith('/__sim') || slowAnswers.remaining === 0) return payload;
    if (slowAnswers.method !== null && request.method !== slowAnswers.method) return payload;
    if (slowAnswers.pathPrefix !== null && !request.url.startsWith(slowAnswers.pathPrefix)) return payload;
    slowAnswers.remaining -= 1;
    await new Promise((r) => setTimeout(r, slowAnswers.ms));
    return payload;
  });

  // A provider behind a broken proxy: 200 with a body that is not what the API promises.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/__sim') || faults.malformedResponses === 0) return payload;
    faults.malformedResponses -= 1;
    reply.status(200).header('content-type', 'text/html');
    return '<html><body>502 Bad Gateway</body></html>';
  });

  app.get('/__sim', async () => ({ name: opts.name, controls, credentials: opts.credentials }));
  // Browsers ask every origin for an icon; the hosted pages (checkout, consent, onboarding) have none.
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());
  app.post('/__sim/down', async () => {
    faults.down = true;
    return { down: true };
  });
  app.post('/__sim/up', async () => {
    faults.down = false;
    faults.latencyMs = 0;
    faults.malformedResponses = 0;
    slowAnswers.remaining = 0;
    return { down: false };
  });
  app.post<{ Body: { ms?: number } }>('/__sim/latency', async (request) => {
    const ms = Number(request.body?.ms ?? 0);
    faults.latencyMs = Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 60_000) : 0;
    return { latencyMs: faults.latencyMs };
  });

  app.post<{ Body: { count?: number } }>('/__sim/malformed', async (request) => {
    faults.malformedResponses = Math.max(1, Math.min(Number(request.body?.count ?? 1) || 1, 100));
    return { malformedResponses: faults.malformedResponses };
  });

  app.post<{ Body: { ms?: number; count?: number; method?: string; path?: string } }>(
    '/__sim/slow-answers',
    async (request) => {
      const { ms, count, method, path } = request.body ?? {};
      slowAnswers.ms = Math.max(0, Math.min(Number(ms ?? 0) || 0, 60_000));
      slowAnswers.remaining = Math.max(1, Math.min(Number(count ?? 1) || 1, 100));
      slowAnswers.method = typeof method === 'string' ? method.toUpperCase() : null;
      slowAnswers.pathPrefix = typeof path === 'string' ? path : null;
      return { ...slowAnswers };
    },
  );

  return {
    app,
    keep: state.keep,
    control(path, handler) {
      const url = `/__sim/${path.replace(/^\/+/, '')}`;
      controls.push(`POST ${url}`);
      app.post(url, async (request) => handler(request.params as Record<string, string>, request.body));
    },
  };
}

/**
 * Listens on loopback (port 0 picks a free port) and reports the base URL. With `accessSecret`, its
 * `/__sim` routes (listing, controls, pages) require it (docs/decisions/034).
 */
export async function startSimulator(
  name: string,
  app: FastifyInstance,
  opts: { port?: number; accessSecret?: string } = {},
): Promise<RunningSimulator> {
  if (opts.accessSecret)
    requireSandboxAccess(app, { secret: opts.accessSecret, prefix: '/__sim', secureCookie: false });
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return { name, baseUrl: `http://127.0.0.1:${address.port}`, app, close: () => app.close() };
}
