import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './create-test-app';
import { ucpCheck, ucpSpecAvailable, type UcpShape } from './ucp-official-schemas';

export const PLATFORM_PROFILE = 'https://platform.example/.well-known/ucp';

let ip = 0;

/**
 * A UCP request as a platform sends it: its profile in UCP-Agent, the merchant's key as a bearer token,
 * and a fresh Idempotency-Key on writes unless the test names one.
 */
export async function ucpRequest(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string | undefined> = {},
) {
  ip += 1;
  const all: Record<string, string | undefined> = {
    'ucp-agent': `profile="${PLATFORM_PROFILE}"`,
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  };
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.78.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`,
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
}

/** Asserts a body against the official UCP schema of its shape (when ../shared/ucp-spec is present). */
export function expectUcpShape(shape: UcpShape, body: unknown) {
  if (!ucpSpecAvailable) return;
  const check = ucpCheck(shape, body);
  expect(check.errors, JSON.stringify(body, null, 2)).toEqual([]);
}

/** A protocol error: the status and `{code, content}` (overview.md, "Error Handling"). */
export function expectProtocolError(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ code, content: expect.any(String) });
  expect(Object.keys(body).every((k) => ['code', 'content', 'continue_url'].includes(k))).toBe(true);
}

export const ucpDestination = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '1 Analytical Way',
  address_locality: 'London',
  address_region: 'Greater London',
  address_country: 'GB',
  postal_code: 'N1 9GU',
};

export const ucpBuyer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

export const cardInstrument = (token: string) => ({
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'stripe_spt',
        type: 'card',
        selected: true,
        credential: { type: 'spt', token },
      },
    ],
  },
});

export const totalOf = (checkout: { totals: { type: string; amount: number }[] }) =>
  checkout.totals.find((x) => x.type === 'total')!.amount;
