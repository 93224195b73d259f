import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { acpError } from '#common/acp/error';
import { ACP_VERSIONS, acpVersion, type AcpVersion } from '../features/acp/versions/registry';
import type { ReceivedOrderEvent } from '#sandbox/agents/simulator';
import { acpSpecAvailable, officialCheckoutValidator } from './acp-official-schemas';
import type { TestApp } from './create-test-app';
import { eventually } from './eventually';
import { expectAnswerDocumented } from './openapi-contract';
import { dashboardRequest, newMerchant, simControl } from './merchant-kit';

let ip = 0;

/**
 * An ACP request as an agent sends it: bearer key, API-Version, and a fresh Idempotency-Key on POSTs. The
 * answer is checked against the OpenAPI document (openapi-contract.ts).
 */
export async function acpRequest(
  t: TestApp,
  key: string | null,
  version: AcpVersion | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string | undefined> = {},
) {
  ip += 1;
  const all: Record<string, string | undefined> = {
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(version ? { 'api-version': version } : {}),
    ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  };
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: `10.77.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`,
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  return expectAnswerDocumented(t, method, url, res);
}

const validators = acpSpecAvailable
  ? new Map(ACP_VERSIONS.map((version) => [version, officialCheckoutValidator(version)]))
  : null;

/**
 * Asserts a response body against our own zod schema and, when ../shared/acp-spec is present, the
 * official JSON Schema of that version (`Error` for error bodies).
 */
export function expectAcpShape(
  version: AcpVersion,
  def: 'CheckoutSession' | 'CheckoutSessionWithOrder' | 'Error',
  body: unknown,
) {
  const { schemas } = acpVersion(version);
  const own =
    def === 'Error' ? acpError : def === 'CheckoutSession' ? schemas.session : schemas.sessionWithOrder;
  const parsed = own.safeParse(body);
  expect(parsed.success, `own ${def} schema: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  if (!validators) return;
  const result = validators.get(version)!(def, body);
  expect(result.errors, `official ${version} ${def}`).toEqual([]);
}

/** An address both versions accept. */
export const acpAddress = {
  name: 'Ada Lovelace',
  line_one: '1 Analytical Way',
  city: 'London',
  state: 'Greater London',
  country: 'GB',
  postal_code: 'N1 9GU',
};

export const acpBuyer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

let hosts = 0;
/**
 * A connected merchant with an API key whose agent endpoint (on the agent simulator) knows the
 * merchant's webhook secret, so its order events are delivered and verified.
 */
export async function merchantWithAgent(t: TestApp) {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  const host = `acp${(hosts += 1)}-${Date.now()}.agent.sandbox`;
  const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/acp/agent-settings', {
    webhook_url: `https://${host}/agentic_checkout/webhooks/order_events`,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const secret = (await dashboardRequest(t, merchant.cookie, 'POST', '/api/acp/webhook-secret')).json();
  await simControl(t, 'agent', 'secret', { secret: secret.webhook_secret, host });
  return { ...merchant, host };
}

/** The order events the agent simulator received for `host`, once there are at least `count`. */
export function eventsAt(t: TestApp, host: string, count: number): Promise<ReceivedOrderEvent[]> {
  return eventsUntil(t, host, (events) => events.length >= count);
}

/** The order events the agent simulator received for `host`, once `done` holds of them. */
export function eventsUntil(
  t: TestApp,
  host: string,
  done: (events: ReceivedOrderEvent[]) => boolean,
): Promise<ReceivedOrderEvent[]> {
  return eventually(async () => {
    const res = await fetch(`${t.simulators!.simulators.agent.baseUrl}/__sim/events?host=${host}`);
    return ((await res.json()) as { events: ReceivedOrderEvent[] }).events;
  }, done);
}

/**
 * How many order events it took to tell the agent its paid order is confirmed: one order_create when the
 * store had accepted the order before the event was built, or order_create (created) then order_update
 * (confirmed) when the relay got there first. A test counting later events starts from this.
 */
export async function eventsUntilConfirmed(t: TestApp, host: string): Promise<number> {
  const status = (event?: ReceivedOrderEvent) =>
    (event?.body as { data?: { status?: string } })?.data?.status;
  return (await eventsUntil(t, host, (events) => status(events.at(-1)) === 'confirmed')).length;
}
