import { afterAll, beforeAll, expect } from 'vitest';
import { systemClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { ProviderError, type AdapterContext, type HttpContext } from './http';
import type { RunningSimulator } from '#sandbox/simulator-kit';

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

/** The fixture for a started simulator: its base URL, its controls, and the credentials to use on it. */
export function fixtureFrom<Credentials>(
  running: RunningSimulator,
  credentials: Credentials,
  badCredentials: Credentials,
): SimulatorFixture<Credentials> {
  return {
    baseUrl: running.baseUrl,
    credentials,
    badCredentials,
    control: (path, body) => postControl(running.baseUrl, path, body),
    close: running.close,
  };
}

/** Starts a fixture before the current block's tests and closes it after them; returns a getter for it. */
export function useFixture<F extends { close(): Promise<void> }>(start: () => Promise<F>): () => F {
  let fixture: F | undefined;
  beforeAll(async () => {
    fixture = await start();
  });
  afterAll(() => fixture?.close());
  return () => {
    if (!fixture) throw new Error('The simulator fixture has not started');
    return fixture;
  };
}

/** Awaits a promise that must reject with a ProviderError (of `kind`, when given) and returns the error. */
export async function expectProviderError(
  promise: Promise<unknown>,
  kind?: ProviderError['kind'],
): Promise<ProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a ProviderError${kind ? ` of kind ${kind}` : ''}`).toBeInstanceOf(ProviderError);
  if (kind) expect((err as ProviderError).kind).toBe(kind);
  return err as ProviderError;
}

/** What a simulator lists at `GET /__sim`. */
export interface SimulatorListing {
  name: string;
  controls: string[];
  credentials: Record<string, string>;
}

/**
 * Reads a simulator's `GET /__sim` listing, checks that it offers exactly `credentials` as its sandbox
 * credentials and lists (at least) `controls`, and returns the listing for further checks.
 */
export async function expectListing(
  baseUrl: string,
  expected: { credentials: unknown; controls: string[] },
): Promise<SimulatorListing> {
  const info = (await (await fetch(`${baseUrl}/__sim`)).json()) as SimulatorListing;
  expect(info.credentials).toEqual(expected.credentials);
  expect(info.controls).toEqual(expect.arrayContaining(expected.controls));
  return info;
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
