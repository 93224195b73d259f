import type { FastifyInstance } from 'fastify';
import { describe, expect, it, afterEach } from 'vitest';
import type { SimulatorFixture } from '../contract-kit';
import { contextFor, expectProviderError, useFixture } from '../contract-kit';
import { ProviderError, type AdapterContext, type HttpContext } from '../http';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import type {
  CardPaymentProvider,
  LightningPaymentProvider,
  ProviderPayment,
  WebhookRequest,
} from './payment-provider';

/**
 * Starts the provider's simulator for the file's tests and checks the failure behaviour every adapter
 * shares against it: refused credentials, an outage, a hang, a garbled answer. Returns the fixture getter.
 */
function describeTransportContract<C, F extends SimulatorFixture<C>>(
  provider: Pick<LightningPaymentProvider<C> | CardPaymentProvider<C>, 'manifest' | 'verifyCredentials'>,
  start: () => Promise<F>,
): () => F {
  const getFixture = useFixture(start);
  const verify = (ctx: AdapterContext<C>) => provider.verifyCredentials(ctx);
  describe(`${provider.manifest.id}: transport contract`, () => {
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
  return getFixture;
}

export interface LightningContractOptions<C> {
  provider: LightningPaymentProvider<C>;
  start(): Promise<SimulatorFixture<C>>;
  /**
   * Control paths of this provider's simulator for an invoice id (e.g. `charges/${id}/expire`); paying
   * goes through the manifest's `sandboxControls.payInvoice`, the one the sandbox's pay action uses. `webhook`
   * answers with the notification the provider would send about the invoice, signed as it signs it: as
   * `{ rawBody, headers }` or as `{ rawBody, contentType }`.
   */
  controls: {
    expire(id: string): string;
    underpay?(id: string): string;
    webhook(id: string): string;
  };
  /** Returns the same notification made untrustworthy (bad signature or foreign credential). */
  tamper(request: WebhookRequest): WebhookRequest;
}

/**
 * The behaviour every Lightning adapter + simulator pair must show. Run from each provider's own test
 * file, so adapter and simulator cannot drift apart silently.
 */
export function describeLightningContract<C>(opts: LightningContractOptions<C>) {
  const fixture = describeTransportContract(opts.provider, opts.start);
  const ctx = () => contextFor(fixture(), fixture().credentials);
  const webhookFor = async (id: string): Promise<WebhookRequest> => {
    const { rawBody, headers, contentType } = (await fixture().control(opts.controls.webhook(id))) as {
      rawBody: string;
      headers?: Record<string, string>;
      contentType?: string;
    };
    return { rawBody, headers: headers ?? { 'content-type': contentType } };
  };

  describe(`${opts.provider.manifest.id}: Lightning contract`, () => {
    const create = (ref = `chk_${Math.random().toString(36).slice(2)}`) =>
      opts.provider.createInvoice(ctx(), {
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
      const again = await opts.provider.getPayment(ctx(), invoice.id);
      expect(again.id).toBe(invoice.id);
      expect(again.status).toBe('pending');
      await fixture().control(opts.provider.manifest.sandboxControls.payInvoice(invoice.id));
      const paid = await opts.provider.getPayment(ctx(), invoice.id);
      expect(paid.status).toBe('succeeded');
    });

    it('sees an expired invoice as expired', async () => {
      const invoice = await create();
      await fixture().control(opts.controls.expire(invoice.id));
      const expired = await opts.provider.getPayment(ctx(), invoice.id);
      expect(expired.status).toBe('expired');
    });

    if (opts.controls.underpay) {
      it('flags an underpaid invoice for review', async () => {
        const invoice = await create();
        await fixture().control(opts.controls.underpay!(invoice.id));
        const under = await opts.provider.getPayment(ctx(), invoice.id);
        expect(under.status).toBe('needs_review');
      });
    }

    it('answers an unknown invoice with not_found', async () => {
      await expectProviderError(opts.provider.getPayment(ctx(), 'does-not-exist-0000'), 'not_found');
    });

    it('trusts a genuine notification and refuses a tampered one', async () => {
      const invoice = await create();
      await fixture().control(opts.provider.manifest.sandboxControls.payInvoice(invoice.id));
      const request = await webhookFor(invoice.id);
      const parsed = await opts.provider.parseWebhook(ctx(), request);
      expect(parsed.paymentId).toBe(invoice.id);
      await expectProviderError(opts.provider.parseWebhook(ctx(), opts.tamper(request)), 'auth');
    });

    it('names the same invoice when a notification is replayed (the caller re-reads, so a replay changes nothing)', async () => {
      const invoice = await create();
      const request = await webhookFor(invoice.id);
      const first = await opts.provider.parseWebhook(ctx(), request);
      const replay = await opts.provider.parseWebhook(ctx(), request);
      expect(replay.paymentId).toBe(first.paymentId);
      const state = await opts.provider.getPayment(ctx(), invoice.id);
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
  const fixture = describeTransportContract(opts.provider, opts.start);
  const ctx = () => contextFor(fixture(), fixture().credentials);

  describe(`${opts.provider.manifest.id}: card contract`, () => {
    const charge = (token: string, amountMinor = 2999, idempotencyKey = crypto.randomUUID()) =>
      opts.provider.chargeSharedPaymentToken(ctx(), {
        token,
        amountMinor,
        currency: 'GBP',
        idempotencyKey,
        description: 'Contract test',
      });

    it('charges a shared payment token and reads the payment back', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      expect(payment).toMatchObject({ status: 'succeeded', amountMinor: 2999, currency: 'GBP' });
      const again = await opts.provider.getPayment(ctx(), payment.id);
      expect(again.status).toBe('succeeded');
    });

    it('charges once when the same idempotency key is retried', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000 });
      const key = crypto.randomUUID();
      const first = await charge(token, 2999, key);
      const second = await charge(token, 2999, key);
      expect(second.id).toBe(first.id);
    });

    it('reports a declined card as declined', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000, decline: true });
      const err = await expectProviderError(charge(token), 'declined');
      expect(err.message).toBeTruthy();
    });

    it("reads a token's limits before charging, and sees it used up afterwards", async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 2999 });
      expect(await opts.provider.inspectSharedPaymentToken(ctx(), token)).toMatchObject({
        currency: 'GBP',
        maxAmountMinor: 2999,
        active: true,
      });
      await charge(token);
      expect((await opts.provider.inspectSharedPaymentToken(ctx(), token)).active).toBe(false);
      await expectProviderError(
        opts.provider.inspectSharedPaymentToken(ctx(), 'spt_unknown123'),
        'not_found',
      );
    });

    it('refuses a charge above what the token allows', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 1000 });
      await expectProviderError(charge(token, 2999), 'invalid_request');
    });

    it('refunds a charge', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      const refund = await opts.provider.refundPayment(ctx(), {
        paymentId: payment.id,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 2999 });
    });

    it('answers an unknown payment with not_found', async () => {
      await expectProviderError(opts.provider.getPayment(ctx(), 'pi_doesnotexist'), 'not_found');
    });

    it('finds a charge by the metadata it carried (a quote in the value too), and nothing for another', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000 });
      const tag = `co_${crypto.randomUUID()}'s`;
      const paid = await opts.provider.chargeSharedPaymentToken(ctx(), {
        token,
        amountMinor: 2999,
        currency: 'GBP',
        idempotencyKey: crypto.randomUUID(),
        metadata: { checkout_id: tag },
      });
      expect(await opts.provider.findPaymentByMetadata(ctx(), 'checkout_id', tag)).toMatchObject({
        id: paid.id,
        status: 'succeeded',
        amountMinor: 2999,
      });
      expect(await opts.provider.findPaymentByMetadata(ctx(), 'checkout_id', 'co_never_charged')).toBeNull();
    });

    it('verifies webhook signatures: valid, tampered, replayed late', async () => {
      const token = await opts.mintToken(fixture(), { currency: 'GBP', maxAmountMinor: 5000 });
      const payment = await charge(token);
      const now = new Date();
      const request = await opts.webhookFor(fixture(), payment.id);
      expect(
        opts.provider.parseWebhook({ ...request, signingSecret: fixture().signingSecret, now }).paymentId,
      ).toBe(payment.id);
      expect(() =>
        opts.provider.parseWebhook({
          ...request,
          rawBody: request.rawBody.replace('succeeded', 'canceled'),
          signingSecret: fixture().signingSecret,
          now,
        }),
      ).toThrow(ProviderError);
      const old = await opts.webhookFor(fixture(), payment.id, {
        timestamp: Math.floor(now.getTime() / 1000) - 3600,
      });
      expect(() =>
        opts.provider.parseWebhook({ ...old, signingSecret: fixture().signingSecret, now }),
      ).toThrow(ProviderError);
    });

    it('makes a webhook endpoint with its own signing secret, and deletes it (twice is no error)', async () => {
      const input = {
        url: 'https://merchant-app.example/webhooks/payments/contract',
        events: ['charge.refunded', 'charge.dispute.closed'],
        description: 'contract',
      };
      const first = await opts.provider.createWebhookEndpoint(ctx(), input);
      const second = await opts.provider.createWebhookEndpoint(ctx(), input);
      expect(first.id).not.toBe(second.id);
      expect(first.secret).toBeTruthy();
      expect(first.secret).not.toBe(second.secret);
      await opts.provider.deleteWebhookEndpoint(ctx(), first.id);
      await opts.provider.deleteWebhookEndpoint(ctx(), first.id);
      await opts.provider.deleteWebhookEndpoint(ctx(), second.id);
      await expectProviderError(
        opts.provider.createWebhookEndpoint(contextFor(fixture(), fixture().badCredentials), input),
        'auth',
      );
    });
  });
}

type InvoiceInput = Parameters<LightningPaymentProvider['createInvoice']>[1];

/** The £25 tent the Lightning providers' own tests invoice for. */
const TENT_INVOICE: InvoiceInput = {
  amountMinor: 2500,
  currency: 'GBP',
  orderRef: 'chk_tent',
  description: 'Tent',
  expiresInMinutes: 15,
};

/**
 * What a Lightning provider's own tests share beyond the contract: `start(options)` runs a fresh
 * simulator for the test (closed after it), `ctx` talks to it, and `createInvoice` invoices the tent on
 * it through the adapter. Call it inside the `describe` whose tests use it.
 */
export function lightningTestKit<C, Sim extends { app: FastifyInstance }, Options>(opts: {
  provider: LightningPaymentProvider<C>;
  credentials: C;
  simulator: (options?: Options) => Sim;
  /** Changes to the tent invoice for every test of this provider. */
  invoice?: Partial<InvoiceInput>;
}) {
  let running: RunningSimulator | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  const invoiceInput: InvoiceInput = { ...TENT_INVOICE, ...opts.invoice };
  const ctx = (sim: { baseUrl: string }, credentials: C = opts.credentials, http?: Partial<HttpContext>) =>
    contextFor(sim, credentials, http);
  return {
    ctx,
    async start(options?: Options) {
      const sim = opts.simulator(options);
      running = await startSimulator(opts.provider.manifest.id, sim.app);
      return { ...sim, baseUrl: running.baseUrl };
    },
    /** Creates the tent invoice (with `changes`) and returns it with the context it was created in. */
    async createInvoice(
      sim: { baseUrl: string },
      changes: Partial<InvoiceInput> = {},
      credentials: C = opts.credentials,
    ) {
      const context = ctx(sim, credentials);
      const invoice = await opts.provider.createInvoice(context, { ...invoiceInput, ...changes });
      return { ctx: context, invoice };
    },
  };
}

/** Pays an invoice as a person would on the simulator's hosted checkout page. */
export async function payOnCheckoutPage(invoice: ProviderPayment) {
  const page = await fetch(invoice.lightning!.paymentUrl!);
  expect(await page.text()).toContain('Pay (simulated)');
  const pay = await fetch(`${invoice.lightning!.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
}
