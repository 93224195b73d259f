import { afterEach, describe, expect, it } from 'vitest';
import { contextFor, expectProviderError, useFixture, type SimulatorFixture } from '../contract-kit';
import type { SmsProvider } from './sms-provider';

export interface SmsContractOptions<C> {
  provider: SmsProvider<C>;
  /** Starts the provider's simulator (port 0) with sandbox and refused credentials. */
  start(): Promise<SimulatorFixture<C>>;
  /** The texts the simulator's phone received at `to`, newest first, as the provider's log shows them. */
  received(fixture: SimulatorFixture<C>, to: string): Promise<{ id: string; body: string }[]>;
  /** A number of valid form that the provider refuses, and the provider's code for it. */
  refusedNumber: { to: string; providerCode: string };
}

/**
 * What every SMS provider's adapter must do against its simulator: deliver a text (seen in the
 * simulator's log), refuse credentials and numbers with the right error kinds, and report an outage, a
 * hang, a garbled answer and an address where nothing listens, none of it leaking the number or the text.
 */
export function describeSmsContract<C>(opts: SmsContractOptions<C>) {
  const getFixture = useFixture(opts.start);
  const send = (credentials: C, to = '+447700900123', body = 'Your AgentCart code is 123456') => {
    const fx = getFixture();
    return opts.provider.sendText(contextFor(fx, credentials), { to, body });
  };

  describe(`${opts.provider.id}: SMS contract`, () => {
    afterEach(async () => {
      await getFixture().control('up');
    });

    it('sends a text that the phone receives', async () => {
      const fx = getFixture();
      const sent = await send(fx.credentials, '+447700900001', 'Your AgentCart code is 654321');
      expect(sent.id).toBeTruthy();
      const [latest] = await opts.received(fx, '+447700900001');
      expect(latest).toEqual({ id: sent.id, body: 'Your AgentCart code is 654321' });
    });

    it('reports refused credentials as an auth error, naming no secret', async () => {
      const fx = getFixture();
      const err = await expectProviderError(send(fx.badCredentials), 'auth');
      expect(err.retryable).toBe(false);
      expect(err.message).not.toContain('+447700900123');
    });

    it('reports a number the provider refuses as an invalid request with its code', async () => {
      const fx = getFixture();
      const err = await expectProviderError(send(fx.credentials, opts.refusedNumber.to), 'invalid_request');
      expect(err.providerCode).toBe(opts.refusedNumber.providerCode);
      expect(err.message).not.toContain(opts.refusedNumber.to);
    });

    it('reports an outage as unavailable and retryable', async () => {
      const fx = getFixture();
      await fx.control('down');
      const err = await expectProviderError(send(fx.credentials), 'unavailable');
      expect(err.retryable).toBe(true);
    });

    it('gives up on a provider that does not answer in time', async () => {
      const fx = getFixture();
      await fx.control('latency', { ms: 1_000 });
      const ctx = contextFor(fx, fx.credentials, { timeoutMs: 200 });
      await expectProviderError(
        opts.provider.sendText(ctx, { to: '+447700900123', body: 'x' }),
        'unavailable',
      );
    });

    it('reports a garbled answer as malformed', async () => {
      const fx = getFixture();
      await fx.control('malformed');
      await expectProviderError(send(fx.credentials), 'malformed_response');
    });

    it('refuses to talk to an address where nothing listens', async () => {
      const fx = getFixture();
      const ctx = contextFor({ baseUrl: 'http://127.0.0.1:1' }, fx.credentials);
      await expectProviderError(
        opts.provider.sendText(ctx, { to: '+447700900123', body: 'x' }),
        'unavailable',
      );
    });

    it('never puts the number or the text in an error message', async () => {
      const fx = getFixture();
      await fx.control('down');
      const err = await expectProviderError(send(fx.credentials, '+447700900555', 'secret 999999'));
      expect(err.message).not.toMatch(/447700900555|999999/);
    });
  });
}
