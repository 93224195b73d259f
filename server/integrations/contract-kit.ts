import { systemClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import type { AdapterContext, HttpContext } from './http';

/** A simulator started for one contract test file, with the pieces a test needs to drive it. */
export interface SimulatorFixture<Credentials> {
  baseUrl: string;
  credentials: Credentials;
  /** Credentials of the right shape that the provider refuses. */
  badCredentials: Credentials;
  /** POST <baseUrl>/__sim/<path> and return the JSON answer. */
  control(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

const silent = createLogger('silent');

export function contextFor<Credentials>(
  fixture: { baseUrl: string },
  credentials: Credentials,
  http: Partial<HttpContext> = {},
): AdapterContext<Credentials> {
  return {
    credentials,
    http: { baseUrl: fixture.baseUrl, fetch: globalThis.fetch, timeoutMs: 2_000, ...http },
    clock: systemClock,
    logger: silent,
  };
}

export async function postControl(baseUrl: string, path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${baseUrl}/__sim/${path.replace(/^\/+/, '')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`control ${path} failed: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}
