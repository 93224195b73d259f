import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { rawBodyOf, registerRawBodyRoutes } from '#server/lib/raw-body';
import { WEBHOOK_RECEIVER_SANDBOX_DOMAIN } from '#server/integrations/sandbox-network';
import { createSimulator, type SimulatorOptions } from '../simulator-kit';

/**
 * A merchant's webhook endpoint, for the sandbox and tests: every host under `webhooks.sandbox` is one
 * merchant's receiver. It verifies each POST with the Standard Webhooks library and the secret it was
 * told for that host (`POST /__sim/secret`, as a merchant configures a verifier), answers 200, 401 for a
 * bad signature, or a failure it was told to give (`POST /__sim/fail`: the next N, or always), and keeps
 * what it received at `GET /__sim/events?host=`.
 */
const MAX_EVENTS = 500;
const ANY_HOST = '*';

export interface ReceivedWebhook {
  received_at: string;
  host: string;
  path: string;
  webhook_id: string | null;
  webhook_timestamp: string | null;
  webhook_signature: string | null;
  signature_valid: boolean;
  signature_problem: string | null;
  /** What the receiver answered. */
  status: number;
  raw_body: string;
  body: unknown;
}

interface Failing {
  remaining: number;
  always: boolean;
  status: number;
}

export function createWebhookReceiverSimulator(opts: Pick<SimulatorOptions, 'state'> = {}) {
  const sim = createSimulator({
    name: 'webhooks',
    credentials: { webhookUrl: `https://merchant.${WEBHOOK_RECEIVER_SANDBOX_DOMAIN}/webhooks` },
    downBody: { error: 'The webhook endpoint is unavailable (simulated).' },
    state: opts.state,
  });
  const { app } = sim;
  const { secrets, events } = sim.keep('received', () => ({
    secrets: new Map<string, string>(),
    events: [] as ReceivedWebhook[],
  }));
  const failing = new Map<string, Failing>();
  const hostOf = (value: unknown) => (typeof value === 'string' && value ? value.toLowerCase() : ANY_HOST);

  sim.control('secret', (_params, body) => {
    const { secret, host } = (body ?? {}) as { secret?: unknown; host?: unknown };
    if (typeof secret !== 'string' || !secret.startsWith('whsec_'))
      return { error: 'secret (a whsec_ string) is required' };
    secrets.set(hostOf(host), secret);
    return { host: hostOf(host), secret_set: true };
  });
  sim.control('fail', (_params, body) => {
    const { count, status, always, host } = (body ?? {}) as Record<string, unknown>;
    const rule: Failing = {
      remaining: Math.max(0, Math.min(Number(count ?? 1) || 0, 1000)),
      always: always === true,
      status: Number.isInteger(status) && Number(status) >= 400 ? Number(status) : 500,
    };
    failing.set(hostOf(host), rule);
    return { host: hostOf(host), failing_next: rule.remaining, always: rule.always, status: rule.status };
  });
  sim.control('reset', () => {
    events.length = 0;
    failing.clear();
    return { events: 0 };
  });
  app.get<{ Querystring: { host?: string } }>('/__sim/events', async (request) => ({
    events: request.query.host ? events.filter((e) => e.host === request.query.host) : events,
  }));

  /** The failure this host should answer now, if it was told to fail. */
  const failureFor = (host: string): number | null => {
    const rule = failing.get(host) ?? failing.get(ANY_HOST);
    if (!rule) return null;
    if (rule.always) return rule.status;
    if (rule.remaining === 0) return null;
    rule.remaining -= 1;
    return rule.status;
  };

  registerRawBodyRoutes(app, 1024 * 1024, (scope) => {
    scope.post('/*', async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const host = (header('x-forwarded-host') ?? header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
      const rawBody = rawBodyOf(request);
      const secret = secrets.get(host) ?? secrets.get(ANY_HOST);
      let problem: string | null = null;
      let body: unknown;
      try {
        if (!secret)
          throw new WebhookVerificationError(`No secret has been set for ${host} (POST /__sim/secret).`);
        body = new Webhook(secret).verify(rawBody, {
          'webhook-id': header('webhook-id') ?? '',
          'webhook-timestamp': header('webhook-timestamp') ?? '',
          'webhook-signature': header('webhook-signature') ?? '',
        });
      } catch (err) {
        problem = err instanceof Error ? err.message : String(err);
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
      }
      const answer = (status: number, payload: unknown) => {
        events.push({
          received_at: new Date().toISOString(),
          host,
          path: request.url,
          webhook_id: header('webhook-id'),
          webhook_timestamp: header('webhook-timestamp'),
          webhook_signature: header('webhook-signature'),
          signature_valid: problem === null,
          signature_problem: problem,
          status,
          raw_body: rawBody,
          body,
        });
        if (events.length > MAX_EVENTS) events.shift();
        return reply.status(status).send(payload);
      };
      const failure = failureFor(host);
      if (failure) return answer(failure, { error: 'The webhook endpoint failed (simulated).' });
      if (problem) return answer(401, { error: 'invalid_signature', message: problem });
      return answer(200, { received: true, webhook_id: header('webhook-id') });
    });
  });

  return sim;
}
