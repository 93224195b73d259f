import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { contextFor, postControl } from '../../contract-kit';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import type { WebhookDelivery } from '#sandbox/payments/stripe/simulator-events';
import {
  createStripeSimulator,
  STRIPE_SANDBOX_SECRET_KEY,
  type StripeSimulatorOptions,
} from '#sandbox/payments/stripe/simulator';

/** A simulator per describe block, and the official SDK pointed at it (stock Node HTTP client). */
export function simulatorFixture(opts: StripeSimulatorOptions = {}) {
  const deliveries: WebhookDelivery[] = [];
  let clockOffsetMs = 0;
  let running: RunningSimulator;
  beforeAll(async () => {
    running = await startSimulator(
      'stripe',
      createStripeSimulator({
        deliver: (d) => deliveries.push(d),
        now: () => Date.now() + clockOffsetMs,
        ...opts,
      }).app,
    );
  });
  afterAll(() => running.close());
  return {
    deliveries,
    advanceClock: (ms: number) => {
      clockOffsetMs += ms;
    },
    get baseUrl() {
      return running.baseUrl;
    },
    sdk(key = STRIPE_SANDBOX_SECRET_KEY, config: Stripe.StripeConfig = {}) {
      const url = new URL(running.baseUrl);
      return new Stripe(key, {
        host: url.hostname,
        port: url.port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
        ...config,
      });
    },
    control: (path: string, body?: unknown) => postControl(running.baseUrl, path, body),
    async token(body: Record<string, unknown>) {
      return ((await postControl(running.baseUrl, 'granted_tokens', body)) as { id: string }).id;
    },
    ctx<C>(credentials: C) {
      return contextFor({ baseUrl: running.baseUrl }, credentials);
    },
  };
}

export async function sdkError(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Stripe.errors.StripeError);
  return err as InstanceType<typeof Stripe.errors.StripeError>;
}
