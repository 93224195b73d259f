import { randomUUID } from 'node:crypto';
import { rawBodyOf, registerRawBodyRoutes } from '#server/lib/raw-body';
import { createSimulator, type SimulatorOptions } from '../simulator-kit';
import { registerFeedApi, type FeedRequestRecord, type HostedFeed } from './feeds';
import { merchantSignatureProblem } from './signing';
import { registerUcpPlatform } from './ucp-platform';

/**
 * An AI agent platform's order-events receiver (ACP `POST /agentic_checkout/webhooks/order_events`), for
 * the sandbox and tests. It verifies `Merchant-Signature` with the webhook secret it is told through
 * `POST /__sim/secret` (per endpoint host, so every merchant can have its own `<name>.agent.sandbox`),
 * answers 200 {received, request_id} or the documented 401/400 errors, keeps what it received at
 * `GET /__sim/events`, and can fail the next N deliveries (`POST /__sim/fail`) or be down. It also
 * hosts the Product Feed API merchants push their catalogue to (feeds.ts), showing each feed and every
 * feed request it answered at `GET /__sim/feeds`. And it plays a UCP platform (ucp-platform.ts): a
 * platform profile at `/ucp/profile` naming its order webhook URL, where it verifies the business's
 * RFC 9421 signatures itself and keeps what it received alongside the ACP events.
 */
export const AGENT_SANDBOX_WEBHOOK_URL =
  'https://chatgpt.agent.sandbox/agentic_checkout/webhooks/order_events';
const ANY_HOST = '*';
const MAX_EVENTS = 500;

export interface ReceivedOrderEvent {
  /** Which protocol's order webhook this was: ACP's order events or UCP's order entity. */
  protocol?: 'acp' | 'ucp';
  received_at: string;
  /** The endpoint host the merchant sent to (its sandbox hostname). */
  host: string;
  request_id: string | null;
  merchant_signature: string | null;
  timestamp: string | null;
  content_type: string | null;
  signature_valid: boolean;
  signature_problem: string | null;
  /** What the simulator answered. */
  status: number;
  raw_body: string;
  body: unknown;
}

const acpError = (type: string, code: string, message: string) => ({ type, code, message });

export function createAgentSimulator(opts: { now?: () => Date } & Pick<SimulatorOptions, 'state'> = {}) {
  const now = opts.now ?? (() => new Date());
  const sim = createSimulator({
    name: 'agent',
    credentials: { webhookUrl: AGENT_SANDBOX_WEBHOOK_URL },
    downBody: acpError('service_unavailable', 'service_unavailable', 'The agent platform is unavailable'),
    state: opts.state,
  });
  const { app } = sim;
  const failures = { remaining: 0, status: 500 };
  const { secrets, events } = sim.keep('received', () => ({
    secrets: new Map<string, string>(),
    events: [] as ReceivedOrderEvent[],
  }));
  const feedState = sim.keep('feeds', () => ({
    feeds: new Map<string, HostedFeed>(),
    requests: [] as FeedRequestRecord[],
  }));
  registerFeedApi(app, feedState, now);
  app.get('/__sim/feeds', async () => ({
    feeds: [...feedState.feeds.values()].map((feed) => ({
      id: feed.id,
      target_country: feed.target_country ?? null,
      updated_at: feed.updated_at,
      products: feed.products.size,
    })),
    requests: feedState.requests,
  }));

  sim.control('secret', (_params, body) => {
    const { secret, host } = (body ?? {}) as { secret?: unknown; host?: unknown };
    if (typeof secret !== 'string' || !secret) return { error: 'secret (string) is required' };
    const key = typeof host === 'string' && host ? host.toLowerCase() : ANY_HOST;
    secrets.set(key, secret);
    return { host: key, secret_set: true };
  });
  sim.control('fail', (_params, body) => {
    const { count, status } = (body ?? {}) as { count?: unknown; status?: unknown };
    failures.remaining = Math.max(0, Math.min(Number(count ?? 1) || 0, 1000));
    failures.status = Number.isInteger(status) && Number(status) >= 400 ? Number(status) : 500;
    return { failing_next: failures.remaining, status: failures.status };
  });
  sim.control('reset', () => {
    events.length = 0;
    feedState.feeds.clear();
    feedState.requests.length = 0;
    failures.remaining = 0;
    return { events: 0 };
  });
  app.get<{ Querystring: { host?: string } }>('/__sim/events', async (request) => ({
    events: request.query.host ? events.filter((e) => e.host === request.query.host) : events,
  }));

  registerUcpPlatform(sim, {
    takeFailure: () => {
      if (failures.remaining <= 0) return null;
      failures.remaining -= 1;
      return failures.status;
    },
    record: (event) => {
      events.push(event);
      if (events.length > MAX_EVENTS) events.shift();
    },
    now,
  });

  registerRawBodyRoutes(app, 1024 * 1024, (scope) => {
    scope.post('/agentic_checkout/webhooks/order_events', async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const host = (header('x-forwarded-host') ?? header('host') ?? '').toLowerCase();
      const rawBody = rawBodyOf(request);
      const requestId = header('request-id');
      const secret = secrets.get(host) ?? secrets.get(ANY_HOST);
      const problem = secret
        ? merchantSignatureProblem(secret, rawBody, header('merchant-signature') ?? undefined, now())
        : 'No webhook secret has been given to this agent endpoint (POST /__sim/secret).';
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const answer = (status: number, payload: unknown) => {
        events.push({
          protocol: 'acp',
          received_at: now().toISOString(),
          host,
          request_id: requestId,
          merchant_signature: header('merchant-signature'),
          timestamp: header('timestamp'),
          content_type: header('content-type'),
          signature_valid: problem === null,
          signature_problem: problem,
          status,
          raw_body: rawBody,
          body,
        });
        if (events.length > MAX_EVENTS) events.shift();
        return reply.status(status).send(payload);
      };
      if (failures.remaining > 0) {
        failures.remaining -= 1;
        return answer(
          failures.status,
          acpError('processing_error', 'simulated_failure', 'The agent endpoint failed (simulated).'),
        );
      }
      if (problem) return answer(401, acpError('invalid_request', 'invalid_signature', problem));
      const event = body as { type?: unknown; data?: { type?: unknown } } | undefined;
      if (!event || typeof event.type !== 'string' || event.data?.type !== 'order') {
        return answer(
          400,
          acpError('invalid_request', 'invalid_payload', 'Expected {type, data: {type: "order", …}}.'),
        );
      }
      return answer(200, { received: true, request_id: requestId ?? randomUUID() });
    });
  });

  return sim;
}
