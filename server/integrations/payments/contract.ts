import { describe, expect, it, afterAll, beforeAll, afterEach } from 'vitest';
import type { SimulatorFixture } from '../contract-kit';
import { contextFor } from '../contract-kit';
import { ProviderError } from '../http';
import type { CardPaymentProvider, LightningPaymentProvider, WebhookRequest } from './payment-provider';

async function expectProviderError(promise: Promise<unknown>, kind: ProviderError['kind']) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a ProviderError of kind ${kind}`).toBeInstanceOf(ProviderError);
  expect((err as ProviderError).kind).toBe(kind);
  return err as ProviderError;
}

/** Failure behaviour every adapter shares: refused credentials, an outage, a hang, a garbled answer. */
function describeTransportContract<C>(
  name: string,
  getFixture: () => SimulatorFixture<C>,
  verify: (ctx: ReturnType<typeof contextFor<C>>) => Promise<unknown>,
) {
  describe(`${name}: transport contract`, () => {
    afterEach(async () => {
      await getFixture().control('up');
    });

    it('verifies good credentials', async () => {
      const fx = getFixture();
      await expect(verify(contextFor(fx, fx.credentials))).resolves.toBeDefined();
    });

    it('reports refused credentials as an auth error', async () => {
      const fx = getFixture();
      const err = await expectProviderError(verify(contextFor(fx, fx.badCredentials)), 'auth');
      expect(err.retryable).toBe(false);
      expect(JSON.stringify(err.message)).not.toContain(JSON.stringify(fx.badCredentials).slice(2, 12));
    });

    it('reports an outage as unavailable and retryable', async () => {
      const fx = getFixture();
      await fx.control('down');
      const err = await expectProviderError(verify(contextFor(fx, fx.credentials)), 'unavailable');
      expect(err.retryable).toBe(true);
    });

    it('gives up on a provider that does not answer in time', async () => {
      const fx = getFixture();
      await fx.control('latency', { ms: 1_500 });
      await expectProviderError(verify(contextFor(fx, fx.credentials, { timeoutMs: 200 })), 'unavailable');
    });

    it('reports a garbled answer as malformed', async () => {
      const fx = getFixture();
      await fx.control('malformed');
      await expectProviderError(verify(contextFor(fx, fx.credentials)), 'malformed_response');
    });

    it('refuses to talk to an address where nothing listens', async () => {
      const fx = getFixture();
      await expectProviderError(
        verify(contextFor({ baseUrl: 'http://127.0.0.1:9' }, fx.credentials)),
        'unavailable',
      );
    });
  });
}

export interface LightningContractOptions<C> {
  provider: LightningPaymentProvider<C>;
  start(): Promise<SimulatorFixture<C>>;
  /** Control paths of this provider's simulator for an invoice id (e.g. `charges/${id}/pay`). */
  controls: { pay(id: string): string; expire(id: string): string; underpay?(id: string): string };
  /** The notification the provider would send about an invoice, as the simulator signs it. */
  webhookFor(fixture: SimulatorFixture<C>, id: string): Promise<WebhookRequest>;
  /** Returns the same notification made untrustworthy (bad signature or foreign credential). */
  tamper(request: WebhookRequest): WebhookRequest;
}

/**
 * The behaviour every Lightning adapter + simulator pair must show. Run from each provider's own test
 * file, so adapter and simulator cannot drift apart silently.
 */
export function describeLightningContract<C>(opts: LightningContractOptions<C>) {
  const name = opts.provider.manifest.id;
  let fx: SimulatorFixture<C>;
  beforeAll(async () => {
    fx = await opts.start();
  });
  afterAll(() => fx.close());

  describeTransportContract(
    name,
    () => fx,
    (ctx) => opts.provider.verifyCredentials(ctx),
  );

  describe(`${name}: Lightning contract`, () => {
    const create = (ref = `chk_${Math.random().toString(36).slice(2)}`) =>
      opts.provider.createInvoice(contextFor(fx, fx.credentials), {
        amountMinor: 1999,
        currency: 'GBP',
        orderRef: ref,
        description: 'Contract test order',
        expiresInMinutes: 15,
      });

    it('creates an unpaid invoice an agent can pay', async () => {
      const invoice = await create();
      expect(invoice.status).toBe('pending');
      expect(invoice.amountMinor).toBe(1999);
      expect(invoice.currency).toBe('GBP');
      expect(invoice.lightning).not.toBeNull();
      expect(invoice.lightning!.paymentRequest ?? invoice.lightning!.paymentUrl).toBeTruthy();
      expect(invoice.lightning!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 5_000);
    });

    it('reads back a created invoice, and sees it paid once paid', async () => {
      const invoice = await create();
      const again = await opts.provider.getPayment(contextFor(fx, fx.credentials), invoice.id);
      expect(again.id).toBe(invoice.id);
      expect(again.status).toBe('pending');
      await fx.control(opts.controls.pay(invoice.id));
      const paid = await opts.provider.getPayment(contextFor(fx, fx.credentials), invoice.id);
      expect(paid.status).toBe('succeeded');
    });

    it('sees an expired invoice as expired', async () => {
      const invoice = await create();
      await fx.control(opts.controls.expire(invoice.id));
      const expired = await opts.provider.getPayment(contextFor(fx, fx.credentials), invoice.id);
      expect(expired.status).toBe('expired');
    });

    if (opts.controls.underpay) {
      it('flags an underpaid invoice for review', async () => {
        const invoice = await create();
        await fx.control(opts.controls.underpay!(invoice.id));
        const under = await opts.provider.getPayment(contextFor(fx, fx.credentials), invoice.id);
        expect(under.status).toBe('needs_review');
      });
    }

    it('answers an unknown invoice with not_found', async () => {
      await expectProviderError(
        opts.provider.getPayment(contextFor(fx, fx.credentials), 'does-not-exist-0000'),
        'not_found',
      );
    });

    it('trusts a genuine notification and refuses a tampered one', async () => {
      const invoice = await create();
      await fx.control(opts.controls.pay(invoice.id));
      const request = await opts.webhookFor(fx, invoice.id);
      const parsed = await opts.provider.parseWebhook(contextFor(fx, fx.credentials), request);
      expect(parsed.paymentId).toBe(invoice.id);
      await expectProviderError(
        opts.provider.parseWebhook(contextFor(fx, fx.credentials), opts.tamper(request)),
        'auth',
      );
    });

    it('names the same invoice when a notification is replayed (the caller re-reads, so a replay changes nothing)', async () => {
      const invoice = await create();
      const request = await opts.webhookFor(fx, invoice.id);
      const first = await opts.provider.parseWebhook(contextFor(fx, fx.credentials), request);
      const replay = await opts.provider.parseWebhook(contextFor(fx, fx.credentials), request);
      expect(replay.paymentId).toBe(first.paymentId);
      const state = await opts.provider.getPayment(contextFor(fx, fx.credentials), invoice.id);
      expect(state.status).toBe('pending');
    });
  });
}

export interface CardContractOptions<C> {
  provider: CardPaymentProvider<C>;
  start(): Promise<SimulatorFixture<C> & { signingSecret: string }>;
  /** A token that charges successfully for up to `maxAmountMinor` in `currency`. */
  mintToken(
    fixture: SimulatorFixture<C>,
    opts: { currency: string; maxAmountMinor: number; decline?: boolean },
  ): Promise<string>;
  /** A signed webhook about a payment, as the simulator would deliver it. */
  webhookFor(
    fixture: SimulatorFixture<C>,
    paymentId: string,
    opts?: { timestamp?: number },
  ): Promise<WebhookRequest>;
}

export function describeCardContract<C>(opts: CardContractOptions<C>) {
  const name = opts.provider.manifest.id;
  let fx: SimulatorFixture<C> & { signingSecret: string };
  beforeAll(async () => {
    fx = await opts.start();
  });
  afterAll(() => fx.close());

  describeTransportContract(
    name,
    () => fx,
    (ctx) => opts.provider.verifyCredentials(ctx),
  );

  describe(`${name}: card contract`, () => {
    const charge = (token: string, amountMinor = 2999, idempotencyKey = crypto.randomUUID()) =>
      opts.provider.chargeSharedPaymentToken(contextFor(fx, fx.credentials), {
        token,
        amountMinor,
        currency: 'GBP',
        idempotencyKey,
        description: 'Contract test',
      });

    it('charges a shared payment token and reads the payment back', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      expect(payment).toMatchObject({ status: 'succeeded', amountMinor: 2999, currency: 'GBP' });
      const again = await opts.provider.getPayment(contextFor(fx, fx.credentials), payment.id);
      expect(again.status).toBe('succeeded');
    });

    it('charges once when the same idempotency key is retried', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 5000 });
      const key = crypto.randomUUID();
      const first = await charge(token, 2999, key);
      const second = await charge(token, 2999, key);
      expect(second.id).toBe(first.id);
    });

    it('reports a declined card as declined', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 5000, decline: true });
      const err = await expectProviderError(charge(token), 'declined');
      expect(err.message).toBeTruthy();
    });

    it('refuses a charge above what the token allows', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 1000 });
      await expectProviderError(charge(token, 2999), 'invalid_request');
    });

    it('refunds a charge', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      const refund = await opts.provider.refundPayment(contextFor(fx, fx.credentials), {
        paymentId: payment.id,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 2999 });
    });

    it('answers an unknown payment with not_found', async () => {
      await expectProviderError(
        opts.provider.getPayment(contextFor(fx, fx.credentials), 'pi_doesnotexist'),
        'not_found',
      );
    });

    it('verifies webhook signatures: valid, tampered, replayed late', async () => {
      const token = await opts.mintToken(fx, { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      const now = new Date();
      const request = await opts.webhookFor(fx, payment.id);
      expect(opts.provider.parseWebhook({ ...request, signingSecret: fx.signingSecret, now }).paymentId).toBe(
        payment.id,
      );
      expect(() =>
        opts.provider.parseWebhook({
          ...request,
          rawBody: request.rawBody.replace('succeeded', 'canceled'),
          signingSecret: fx.signingSecret,
          now,
        }),
      ).toThrow(ProviderError);
      const old = await opts.webhookFor(fx, payment.id, {
        timestamp: Math.floor(now.getTime() / 1000) - 3600,
      });
      expect(() => opts.provider.parseWebhook({ ...old, signingSecret: fx.signingSecret, now })).toThrow(
        ProviderError,
      );
    });
  });
}
